package org.hpcsim.study;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.TreeMap;
import java.util.TreeSet;
import org.hpcsim.allocation.Allocator;
import org.hpcsim.allocation.MachineState;
import org.hpcsim.scheduling.RunningJob;
import org.hpcsim.scheduling.SchedulerCore;
import org.hpcsim.scheduling.SchedulingPolicy;
import org.hpcsim.workload.Job;

/**
 * A plain, sequential event loop over {@link SchedulerCore}, with no actors, for studies that sweep
 * many small runs and as the reference the actor simulation is checked against. At each instant it
 * applies every completion and arrival, then runs a scheduling pass, repeated while jobs end at the
 * same instant (zero-length jobs). With a poll interval P > 0 the scheduler runs only at multiples
 * of P (Leung et al.'s Cplant scheduler "periodically polls"): the first tick at or after a change.
 *
 * <p>Why a third event loop beside the kernel's two executors: run through the simulation instead
 * (sequential executor, the same jobs, the same observed allocator), the Cplant experiment (without
 * polling, which the simulation's scheduler lacks) and the T3D one gave identical results, but the
 * Cplant sweep took twice the CPU time (5.8 s against 12.0 s, medians of 3; docs/performance.md):
 * a job's start and end become messages to and from each of its nodes, and the recorder measures
 * the locality the study measures too and writes {@code jobs.csv}. Issue 38 allowed the switch 10 %.
 * {@code ActorVersusSequentialTest} checks that this loop schedules as the simulation does.
 */
public final class SequentialRun {

    /** Start and end of a job, in microseconds; start -1 for a rejected job. */
    public record Outcome(long start, long end) {
    }

    /** Told of every job start, in start order, before the next start is decided. */
    @FunctionalInterface
    public interface StartListener {
        void started(RunningJob job);
    }

    private SequentialRun() {
    }

    /** Event-driven run (a pass at every instant something changed). */
    public static Map<Integer, Outcome> run(List<Job> jobs, MachineState machine, Allocator allocator,
                                            SchedulingPolicy policy) {
        return run(jobs, machine, allocator, policy, 0, r -> { });
    }

    /**
     * Runs the jobs to the end.
     *
     * @param pollMicros 0 for a pass at every change, else the polling period
     */
    public static Map<Integer, Outcome> run(List<Job> jobs, MachineState machine, Allocator allocator,
                                            SchedulingPolicy policy, long pollMicros, StartListener listener) {
        SchedulerCore core = new SchedulerCore(machine, allocator, policy);
        TreeMap<Long, List<Job>> arrivals = new TreeMap<>();
        for (Job j : jobs) {
            arrivals.computeIfAbsent(j.arrival(), t -> new ArrayList<>()).add(j);
        }
        PriorityQueue<long[]> ends = new PriorityQueue<>((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0])
                : Long.compare(a[1], b[1]));
        Map<Integer, Outcome> out = new HashMap<>();
        long passDue = Long.MAX_VALUE;
        TreeSet<Long> calls = new TreeSet<>();
        while (!arrivals.isEmpty() || !ends.isEmpty() || !calls.isEmpty()
                || (passDue != Long.MAX_VALUE && core.queueLength() > 0)) {
            long t = Math.min(Math.min(passDue, calls.isEmpty() ? Long.MAX_VALUE : calls.first()),
                    Math.min(arrivals.isEmpty() ? Long.MAX_VALUE : arrivals.firstKey(),
                            ends.isEmpty() ? Long.MAX_VALUE : ends.peek()[0]));
            boolean changed = calls.remove(t);
            while (!ends.isEmpty() && ends.peek()[0] == t) {
                core.finish((int) ends.poll()[1]);
                changed = true;
            }
            List<Job> arriving = arrivals.remove(t);
            if (arriving != null) {
                for (Job j : arriving) {
                    if (core.submit(j) != null) {
                        out.put(j.index(), new Outcome(-1, -1));
                    }
                }
                changed = true;
            }
            if (changed) {
                passDue = Math.min(passDue, pollMicros <= 0 ? t : ceilToMultiple(t, pollMicros));
            }
            while (passDue == t) {
                passDue = Long.MAX_VALUE;
                boolean again = false;
                for (RunningJob r : core.schedule(t)) {
                    long end = t + Math.min(r.job().runTime(), r.job().estimate());
                    out.put(r.job().index(), new Outcome(t, end));
                    ends.add(new long[] {end, r.job().index()});
                    listener.started(r);
                    again |= end == t;
                }
                for (SchedulerCore.Decision d : core.takeDecisions()) {
                    if (!(d instanceof SchedulerCore.Call call)) {
                        throw new IllegalStateException("a sequential run carries out no " + d);
                    }
                    calls.add(call.time());
                }
                while (!ends.isEmpty() && ends.peek()[0] == t) {
                    core.finish((int) ends.poll()[1]);
                }
                if (again) {
                    passDue = t;
                }
            }
        }
        return out;
    }

    private static long ceilToMultiple(long t, long period) {
        return Math.floorDiv(t + period - 1, period) * period;
    }
}
