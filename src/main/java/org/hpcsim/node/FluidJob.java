package org.hpcsim.node;

/**
 * A running job's progress under the {@code links} network model (a fluid model). Its work is its
 * trace run time t; at stretch sigma it advances at rate 1 / ((1 - c) + c tau sigma), so alone
 * (sigma = 1) it needs (1 - c) t + c tau t, Meng et al.'s time. Sigma is the largest, over the
 * job's links, of (total flow weight on the link / the job's own weight on it); whenever it changes
 * the progress so far is banked and the end re-predicted. Plain Java, driven by the lead node.
 *
 * <p>A large job crosses thousands of links and hears of each one's changes, so it keeps the largest
 * ratio and how many links have it: an update costs one write, and only when the last link at the
 * largest ratio falls are the links scanned again. (A max-tree over the links touched a cache line a
 * level on every update, and measured a few per cent slower on a large torus.)
 */
public final class FluidJob {
    private final double work;
    private final double computeShare;
    private final double communicationScale;
    private final long start;
    private final long limit;
    /** Each link's ratio, by position. */
    private double[] ratios;
    /** The largest ratio, and how many links have it. */
    private double top;
    private int atTop;
    private double done;
    private double sigma = 1;
    private double sigmaMax = 1;
    private double sigmaTime;
    private long since;

    /**
     * @param work   the trace run time t, microseconds
     * @param c      communication fraction
     * @param tau    delay factor
     * @param start  start time
     * @param limit  the time the job is killed at (start + estimate)
     * @param links  number of links the job uses
     */
    public FluidJob(long work, double c, double tau, long start, long limit, int links) {
        this.work = work;
        this.computeShare = 1 - c;
        this.communicationScale = c * tau;
        this.start = start;
        this.limit = limit;
        resetRatios(links);
        this.since = start;
    }

    /** Link {@code position} now carries {@code total} of which {@code own} is this job's; returns whether sigma changed. */
    public boolean update(long now, int position, long total, long own) {
        bank(now);
        double ratio = (double) total / own;
        double before = ratios[position];
        ratios[position] = ratio;
        // Ratios are positive, never NaN, so comparisons are exact and the max is any scan's.
        if (ratio > top) {
            top = ratio;
            atTop = 1;
        } else if (ratio == top) {
            if (before != top) {
                atTop++;
            }
        } else if (before == top && --atTop == 0) {
            rescan();
        }
        double s = Math.max(1, top);
        if (s == sigma) {
            return false;
        }
        sigma = s;
        sigmaMax = Math.max(sigmaMax, s);
        return true;
    }

    private void rescan() {
        double max = ratios[0];
        int count = 1;
        for (int i = 1; i < ratios.length; i++) {
            double r = ratios[i];
            if (r > max) {
                max = r;
                count = 1;
            } else if (r == max) {
                count++;
            }
        }
        top = max;
        atTop = count;
    }

    private void bank(long now) {
        long dt = now - since;
        if (dt > 0) {
            done += dt / (computeShare + communicationScale * sigma);
            sigmaTime += dt * sigma;
            since = now;
        }
    }

    /** Work done by {@code now}, microseconds of the trace run time (at most the whole work). */
    public double done(long now) {
        bank(now);
        return Math.min(done, work);
    }

    /**
     * The job's flows moved to {@code links} other links (a link failed or came back): progress so
     * far is kept, and sigma starts again from 1 until the new links report their shares.
     */
    public void reroute(long now, int links) {
        bank(now);
        resetRatios(links);
        sigma = 1;
    }

    /** Every link's ratio back to 1. */
    private void resetRatios(int count) {
        ratios = new double[count];
        java.util.Arrays.fill(ratios, 1);
        top = 1;
        atTop = count;
    }

    /** When the job ends at the current sigma: its predicted completion, or its limit if sooner. */
    public long end(long now) {
        bank(now);
        double remaining = Math.max(0, work - done);
        double micros = Math.ceil(remaining * (computeShare + communicationScale * sigma));
        return micros >= limit - now ? limit : now + (long) micros;
    }

    /**
     * Whether work is left at {@code now} (the job is then killed at its limit). Ends are rounded up
     * to whole microseconds, so less than half a microsecond of work left counts as done.
     */
    public boolean unfinished(long now) {
        bank(now);
        return work - done >= 0.5;
    }

    public double sigma() {
        return sigma;
    }

    public double sigmaMax() {
        return sigmaMax;
    }

    /** Time-weighted mean sigma from the start to {@code now}; 1 for a job that took no time. */
    public double sigmaMean(long now) {
        bank(now);
        return now > start ? sigmaTime / (now - start) : sigma;
    }
}
