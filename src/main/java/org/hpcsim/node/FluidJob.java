package org.hpcsim.node;

/**
 * A running job's progress under the {@code links} network model (a fluid model). Its work is its
 * trace run time t; at stretch sigma it advances at rate 1 / ((1 - c) + c tau sigma), so alone
 * (sigma = 1) it needs (1 - c) t + c tau t, Meng et al.'s time. Sigma is the largest, over the
 * job's links, of (total flow weight on the link / the job's own weight on it); whenever it changes
 * the progress so far is banked and the end re-predicted. Plain Java, driven by the lead node.
 *
 * <p>The links do not tell the job every change ({@link org.hpcsim.link.SharedChannel}): what the job
 * holds for a link is its ratio or an upper bound of it, and exact for the one link it watches. Once
 * no answer is outstanding and the watched link has the largest bound, sigma is that link's ratio:
 * every other link's ratio is at most its bound, which is at most the watched one's. When the watched
 * link falls, the job asks ({@link Links#refresh}) every link whose bound lies above its new ratio; when
 * another link's bound becomes the largest, the job watches that one instead, and the answer to the
 * watch makes it exact. Sigma changes only when the job is settled so, and only then counts towards
 * its maximum and mean.
 *
 * <p>A large job crosses thousands of links, so it keeps the position of the largest bound and scans
 * only when that one falls.
 */
public final class FluidJob {

    /** What the job asks of its links, by position in its flow. */
    public interface Links {
        /** Ask the link for its current share. */
        void refresh(int position);

        /** Start (with an answer) or stop having every change of the link reported. */
        void watch(int position, boolean on);
    }

    private final double work;
    private final double computeShare;
    private final double communicationScale;
    private final long start;
    private final long limit;
    /** Each link's ratio as last reported, by position: exact for the watched link, an upper bound for the rest. */
    private double[] bounds;
    /** Links whose answer is outstanding, and how many. */
    private boolean[] awaiting;
    private int pending;
    /** The position of a largest bound (a rescan prefers the watched one among equals), unless {@link #topDirty}. */
    private int top;
    private boolean topDirty;
    /** The watched link's position; -1 for none. */
    private int watched;
    private double done;
    private double sigma = 1;
    private double sigmaMax = 1;
    private double sigmaTime;
    private long since;

    /**
     * A job that has just joined its links: each owes it a first share.
     *
     * @param work   the trace run time t, microseconds
     * @param c      communication fraction
     * @param tau    delay factor
     * @param start  start time
     * @param limit  the time the job is killed at (start + estimate)
     * @param links  number of links the job uses
     */
    public FluidJob(long work, double c, double tau, long start, long limit, int links) {
        this(work, c, tau, 1, start, limit, links);
    }

    /** As above, on nodes whose computing power state runs the compute part at {@code speed} (1: as in the trace). */
    public FluidJob(long work, double c, double tau, double speed, long start, long limit, int links) {
        this.work = work;
        this.computeShare = (1 - c) / speed;
        this.communicationScale = c * tau;
        this.start = start;
        this.limit = limit;
        joined(links);
        this.since = start;
    }

    /**
     * Link {@code position} now carries {@code total} of which {@code own} is this job's; asks what it
     * must of {@code links}, and returns whether sigma changed.
     */
    public boolean update(long now, int position, long total, long own, Links links) {
        double ratio = (double) total / own;
        double before = bounds[position];
        bounds[position] = ratio;
        if (awaiting[position]) {
            awaiting[position] = false;
            pending--;
        }
        // Ratios are positive, never NaN, so comparisons are exact.
        if (ratio < before) {
            if (position == top) {
                topDirty = true;
            }
            if (position == watched) {
                for (int i = 0; i < bounds.length; i++) {
                    if (bounds[i] > ratio && !awaiting[i]) {
                        awaiting[i] = true;
                        pending++;
                        links.refresh(i);
                    }
                }
            }
        } else if (ratio > before && !topDirty && ratio > bounds[top]) {
            top = position;
        }
        return pending == 0 && settle(now, links);
    }

    /** No answer is outstanding: watch the largest bound, or if it is watched, take its ratio as sigma. */
    private boolean settle(long now, Links links) {
        if (bounds.length == 0) {
            return false;
        }
        if (topDirty) {
            rescan();
        }
        if (top != watched) {
            if (watched >= 0) {
                links.watch(watched, false);
            }
            watched = top;
            awaiting[top] = true;
            pending++;
            links.watch(top, true);
            return false;
        }
        double s = Math.max(1, bounds[top]);
        if (s == sigma) {
            return false;
        }
        bank(now);
        sigma = s;
        sigmaMax = Math.max(sigmaMax, s);
        return true;
    }

    private void rescan() {
        int best = 0;
        for (int i = 1; i < bounds.length; i++) {
            if (bounds[i] > bounds[best]) {
                best = i;
            }
        }
        // Among equals keep the watched link: switching would cost a watch and its answer for nothing.
        top = watched >= 0 && bounds[watched] == bounds[best] ? watched : best;
        topDirty = false;
    }

    /**
     * Banks the progress since sigma last changed. Called only when sigma changes, so the sums depend on
     * sigma's history alone, not on how many shares came in between.
     */
    private void bank(long now) {
        long dt = now - since;
        if (dt > 0) {
            done += dt / rate();
            sigmaTime += dt * sigma;
            since = now;
        }
    }

    /** Microseconds of time per microsecond of work at the current sigma. */
    private double rate() {
        return computeShare + communicationScale * sigma;
    }

    private double doneBy(long now) {
        return done + (now - since) / rate();
    }

    /** Work done by {@code now}, microseconds of the trace run time (at most the whole work). */
    public double done(long now) {
        return Math.min(doneBy(now), work);
    }

    /**
     * The job's flows moved to {@code links} other links (a link failed or came back) and it joined
     * them: progress so far is kept, and sigma starts again from 1 until the new links report.
     */
    public void reroute(long now, int links) {
        bank(now);
        joined(links);
        sigma = 1;
    }

    /** Every link owes a first share; none is watched. */
    private void joined(int links) {
        bounds = new double[links];
        java.util.Arrays.fill(bounds, 1);
        awaiting = new boolean[links];
        java.util.Arrays.fill(awaiting, true);
        pending = links;
        top = 0;
        topDirty = true;
        watched = -1;
    }

    /** When the job ends at the current sigma: its predicted completion, or its limit if sooner. */
    public long end(long now) {
        double remaining = Math.max(0, work - doneBy(now));
        double micros = Math.ceil(remaining * rate());
        return micros >= limit - now ? limit : now + (long) micros;
    }

    /**
     * Whether work is left at {@code now} (the job is then killed at its limit). Ends are rounded up
     * to whole microseconds, so less than half a microsecond of work left counts as done.
     */
    public boolean unfinished(long now) {
        return work - doneBy(now) >= 0.5;
    }

    public double sigma() {
        return sigma;
    }

    public double sigmaMax() {
        return sigmaMax;
    }

    /** Time-weighted mean sigma from the start to {@code now}; 1 for a job that took no time. */
    public double sigmaMean(long now) {
        return now > start ? (sigmaTime + (now - since) * sigma) / (now - start) : sigma;
    }
}
