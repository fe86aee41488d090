package org.hpcsim.external;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Batsim 4.2's schedule for a scheduler, computed without hpcsim's kernel: a small event loop with
 * Batsim's rules, driving the same {@link PybatsimClient.Scheduler} that hpcsim drives over the
 * protocol, so that a test can compare hpcsim's schedule with Batsim's job for job.
 *
 * <p>The rules (Batsim's {@code src/jobs_execution.cpp}, {@code src/server.cpp},
 * {@code src/job_submitter.cpp}, {@code docs/protocol.rst}): a job submitted or ended at t reaches
 * the scheduler at t + latency, in a message whose {@code now} is that; the events of one instant
 * form one message, the completions in the order their jobs started, then the submissions sorted by
 * id as a string; NOTIFY {@code no_more_static_job_to_submit} follows the last submission in a
 * message of its own; a decision applies at the message's {@code now}: an EXECUTE_JOB occupies its
 * machines from then for exactly the job's delay, or until its walltime when that is shorter (killed,
 * COMPLETED_WALLTIME_REACHED); a job without walltime (-1) is never killed. Times are whole
 * microseconds, as hpcsim's clock counts them, so that both compute the same sums.
 */
final class BatsimOracle implements BatsimApi {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** A workload job: times in microseconds, walltime -1 for none. */
    record WorkloadJob(long id, long submit, long delay, long walltime, int res) {
    }

    /** Where and when a job ran, as Batsim's jobs file has it. */
    record Ran(long start, long finish, int[] alloc, String state) {
    }

    private final int nodes;
    private final long latency;
    private final BitSet busy = new BitSet();
    private long now;
    private long startSeq;

    private record Running(PybatsimClient.Job job, long start, long end, long seq, int[] alloc, String state) {
    }

    private final List<Running> running = new ArrayList<>();
    private final Map<String, WorkloadJob> byId = new LinkedHashMap<>();
    private final Map<String, Ran> ran = new LinkedHashMap<>();
    private final List<String> rejected = new ArrayList<>();

    BatsimOracle(int nodes, long latencyMicros) {
        this.nodes = nodes;
        this.latency = latencyMicros;
    }

    /** Runs the workload to its end; returns each started job's run by protocol id. */
    Map<String, Ran> run(List<WorkloadJob> workload, PybatsimClient.Scheduler scheduler) {
        scheduler.bs = this;
        List<WorkloadJob> pending = new ArrayList<>(workload);
        // Batsim's submitter: by submission time, and at one time by id as a string (job_comparator_subtime_number).
        pending.sort(Comparator.comparingLong(WorkloadJob::submit).thenComparing(j -> "w0!" + j.id()));
        now = 0;
        scheduler.onSimulationBegins();
        scheduler.onNoMoreEvents();
        int next = 0;
        while (next < pending.size() || !running.isEmpty()) {
            long t = Long.MAX_VALUE;
            if (next < pending.size()) {
                t = pending.get(next).submit();
            }
            for (Running r : running) {
                t = Math.min(t, r.end());
            }
            final long instant = t;
            List<Running> ended = new ArrayList<>(running.stream().filter(r -> r.end() == instant).toList());
            ended.sort(Comparator.comparingLong(Running::seq));
            now = Math.max(now, t + latency);
            for (Running r : ended) {
                running.remove(r);
                for (int n : r.alloc()) {
                    busy.clear(n);
                }
                r.job().finishTime = seconds(now);
                r.job().state = r.state();
                scheduler.onJobCompletion(r.job());
            }
            boolean lastSubmitted = false;
            while (next < pending.size() && pending.get(next).submit() == t) {
                WorkloadJob w = pending.get(next++);
                scheduler.onJobSubmission(job(w));
                lastSubmitted = next == pending.size();
            }
            scheduler.onNoMoreEvents();
            if (lastSubmitted) {
                scheduler.onNoMoreJobsInWorkloads();
                scheduler.onNoMoreEvents();
            }
        }
        scheduler.onSimulationEnds();
        return ran;
    }

    /** Jobs the scheduler rejected, by protocol id. */
    List<String> rejected() {
        return rejected;
    }

    private PybatsimClient.Job job(WorkloadJob w) {
        ObjectNode json = JSON.createObjectNode();
        String id = "w0!" + w.id();
        json.put("id", id);
        json.put("subtime", seconds(w.submit()));
        json.put("walltime", w.walltime() > 0 ? seconds(w.walltime()) : -1);
        json.put("res", w.res());
        json.put("profile", "delay_" + w.id());
        ObjectNode profile = JSON.createObjectNode();
        profile.put("type", "delay");
        profile.put("delay", seconds(w.delay()));
        byId.put(id, w);
        return new PybatsimClient.Job(json, profile);
    }

    @Override
    public double time() {
        return seconds(now);
    }

    @Override
    public int nbResources() {
        return nodes;
    }

    @Override
    public void executeJob(PybatsimClient.Job job, int[] allocation) {
        WorkloadJob w = byId.get(job.id);
        if (allocation.length != w.res()) {
            throw new AssertionError(job.id + ": " + allocation.length + " machines for res " + w.res());
        }
        for (int n : allocation) {
            if (n < 0 || n >= nodes || busy.get(n)) {
                throw new AssertionError(job.id + ": machine " + n + " is not free at " + seconds(now));
            }
            busy.set(n);
        }
        boolean killed = w.walltime() > 0 && w.walltime() < w.delay();
        long end = now + (killed ? w.walltime() : w.delay());
        String state = killed ? "COMPLETED_WALLTIME_REACHED" : "COMPLETED_SUCCESSFULLY";
        job.allocation = allocation;
        job.state = "RUNNING";
        running.add(new Running(job, now, end, startSeq++, allocation.clone(), state));
        ran.put(job.id, new Ran(now, end, allocation.clone(), state));
    }

    @Override
    public void rejectJob(PybatsimClient.Job job) {
        job.state = "REJECTED";
        rejected.add(job.id);
    }

    @Override
    public void killJobs(List<PybatsimClient.Job> killed) {
        throw new UnsupportedOperationException("the replayed schedulers never kill");
    }

    @Override
    public void wakeMeUpAt(double time) {
        throw new UnsupportedOperationException("the replayed schedulers never ask for a call");
    }

    @Override
    public void setResourceState(int[] resources, String state) {
        throw new UnsupportedOperationException("the replayed schedulers never change power states");
    }

    private static double seconds(long micros) {
        return micros / 1e6;
    }
}
