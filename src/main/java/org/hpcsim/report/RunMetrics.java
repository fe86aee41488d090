package org.hpcsim.report;

import java.util.EnumMap;
import java.util.Map;
import org.hpcsim.time.SimTime;
import org.hpcsim.locality.LocalitySummary;
import org.hpcsim.workload.JobStatus;

/**
 * Summary metrics over the jobs of a run, accumulated one job at a time in recording order (so
 * floating-point sums are reproducible). Jobs that ran (got nodes at least once) count towards wait,
 * response, slowdown and utilization; the others (rejected, or never placed) only towards the counts.
 *
 * <ul>
 *   <li>wait = first start - arrival; response = end - arrival; run = end - start of the last attempt</li>
 *   <li>bounded slowdown = max(1, response / max(run, 10 s))</li>
 *   <li>makespan = last end - first arrival, over jobs that ran</li>
 *   <li>utilization = node time held by jobs (every attempt, including the ones a failure cut short)
 *       / (machine nodes x makespan)</li>
 *   <li>lost node time = the node time of interrupted attempts that no checkpoint saved</li>
 * </ul>
 */
public final class RunMetrics {
    public static final long SLOWDOWN_THRESHOLD = SimTime.seconds(10);

    private final int machineNodes;
    private final Map<JobStatus, Integer> byStatus = new EnumMap<>(JobStatus.class);
    private long ran;
    private long firstArrival = Long.MAX_VALUE;
    private long lastEnd = Long.MIN_VALUE;
    private long waitSum;
    private long waitMax;
    private long responseSum;
    private long runSum;
    private double slowdownSum;
    private double nodeMicros;
    private long interrupted;
    private long attemptsTotal;
    private double lostNodeMicros;
    private final LocalitySummary locality = new LocalitySummary();
    private final NetworkSummary network = new NetworkSummary();
    private double jobCoolingPowerSum;
    private double jobsEnergy;
    private long jobsCooled;

    public RunMetrics(int machineNodes) {
        this.machineNodes = machineNodes;
        for (JobStatus s : JobStatus.values()) {
            byStatus.put(s, 0);
        }
    }

    void add(long arrival, long start, long end, int nodes, JobStatus status) {
        add(arrival, start, start, end, nodes, status, status == JobStatus.REJECTED ? 0 : 1);
    }

    /** A job's final record: {@code firstStart} of its first attempt, {@code start}/{@code end} of its last. */
    void add(long arrival, long firstStart, long start, long end, int nodes, JobStatus status, int attempts) {
        byStatus.merge(status, 1, Integer::sum);
        attemptsTotal += attempts;
        if (status == JobStatus.REJECTED || start < 0) {
            return;
        }
        ran++;
        long wait = firstStart - arrival;
        long response = end - arrival;
        long run = end - start;
        firstArrival = Math.min(firstArrival, arrival);
        lastEnd = Math.max(lastEnd, end);
        waitSum += wait;
        waitMax = Math.max(waitMax, wait);
        responseSum += response;
        runSum += run;
        slowdownSum += Math.max(1.0, response / (double) Math.max(run, SLOWDOWN_THRESHOLD));
        // A failed job's last attempt was cut short by a failure, so addInterrupted has counted its node
        // time already; or it failed at its start (no route), holding its nodes for no time.
        if (status != JobStatus.FAILED) {
            nodeMicros += (double) nodes * run;
        }
    }

    /** An attempt cut short by a failure: its nodes were held from {@code start} to {@code end}. */
    void addInterrupted(int nodes, long start, long end, double lost) {
        interrupted++;
        nodeMicros += (double) nodes * (end - start);
        lostNodeMicros += lost;
    }

    /** A job that ran in a modelled room drew {@code watts} of cooling on average over its run. */
    /** A job's energy (J), as jobs.csv gives it. */
    void addJobEnergy(double joules) {
        jobsEnergy += joules;
    }

    /** The jobs' energy summed over jobs.csv's energy_j (J). */
    public double jobsEnergy() {
        return jobsEnergy;
    }

    void addJobCoolingPower(double watts) {
        jobCoolingPowerSum += watts;
        jobsCooled++;
    }

    /** The mean over jobs of each job's mean cooling power during its run, W; NaN when none was measured. */
    public double meanJobCoolingPower() {
        return jobsCooled == 0 ? Double.NaN : jobCoolingPowerSum / jobsCooled;
    }

    /** Attempts a failure cut short. */
    public long interruptedAttempts() {
        return interrupted;
    }

    /** Attempts over all jobs (each job that ran has at least one). */
    public long attempts() {
        return attemptsTotal;
    }

    /** Node-hours of interrupted attempts that no checkpoint saved. */
    public double lostNodeHours() {
        return lostNodeMicros / 3.6e9;
    }

    /** Locality means over the multi-node allocations. */
    public LocalitySummary locality() {
        return locality;
    }

    /** Network means (empty without a network model). */
    public NetworkSummary network() {
        return network;
    }

    public int total() {
        int t = 0;
        for (int c : byStatus.values()) {
            t += c;
        }
        return t;
    }

    public int count(JobStatus status) {
        return byStatus.get(status);
    }

    public long ran() {
        return ran;
    }

    /** Microseconds; 0 when no job ran. */
    public long makespan() {
        return ran == 0 ? 0 : lastEnd - firstArrival;
    }

    /** The end of the last job that ran (microseconds); Long.MIN_VALUE when none ran. */
    public long lastEnd() {
        return lastEnd;
    }

    /** Mean run time (start to end) of the jobs that ran, seconds. */
    public double meanRunSeconds() {
        return ran == 0 ? 0 : SimTime.toSeconds(runSum) / ran;
    }

    public double meanWaitSeconds() {
        return ran == 0 ? 0 : SimTime.toSeconds(waitSum) / ran;
    }

    public double maxWaitSeconds() {
        return SimTime.toSeconds(waitMax);
    }

    public double meanResponseSeconds() {
        return ran == 0 ? 0 : SimTime.toSeconds(responseSum) / ran;
    }

    public double meanBoundedSlowdown() {
        return ran == 0 ? 0 : slowdownSum / ran;
    }

    public double utilization() {
        long span = makespan();
        return span == 0 ? 0 : nodeMicros / ((double) machineNodes * span);
    }
}
