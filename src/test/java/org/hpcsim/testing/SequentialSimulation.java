package org.hpcsim.testing;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.TreeMap;
import org.hpcsim.allocation.Allocator;
import org.hpcsim.allocation.MachineState;
import org.hpcsim.scheduling.RunningJob;
import org.hpcsim.scheduling.SchedulerCore;
import org.hpcsim.scheduling.SchedulingPolicy;
import org.hpcsim.workload.Job;

/**
 * A plain, sequential event loop over {@link SchedulerCore}, with no actors: at each instant it
 * applies every completion and arrival, then runs one scheduling pass, and repeats the pass while
 * jobs end at the same instant (zero-length jobs). It is the reference the actor simulation is
 * checked against, and the harness of the policy tests.
 */
public final class SequentialSimulation {

    /** Start and end of a job, in microseconds; start -1 for a rejected job. */
    public record Outcome(long start, long end) {
    }

    private SequentialSimulation() {
    }

    public static Map<Integer, Outcome> run(List<Job> jobs, MachineState machine, Allocator allocator,
                                            SchedulingPolicy policy) {
        SchedulerCore core = new SchedulerCore(machine, allocator, policy);
        TreeMap<Long, List<Job>> arrivals = new TreeMap<>();
        for (Job j : jobs) {
            arrivals.computeIfAbsent(j.arrival(), t -> new ArrayList<>()).add(j);
        }
        PriorityQueue<long[]> ends = new PriorityQueue<>((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0])
                : Long.compare(a[1], b[1]));
        Map<Integer, Outcome> out = new HashMap<>();
        while (!arrivals.isEmpty() || !ends.isEmpty()) {
            long t = Math.min(arrivals.isEmpty() ? Long.MAX_VALUE : arrivals.firstKey(),
                    ends.isEmpty() ? Long.MAX_VALUE : ends.peek()[0]);
            boolean changed = true;
            boolean first = true;
            while (changed) {
                changed = false;
                while (!ends.isEmpty() && ends.peek()[0] == t) {
                    core.finish((int) ends.poll()[1]);
                    changed = true;
                }
                if (first && arrivals.containsKey(t)) {
                    for (Job j : arrivals.remove(t)) {
                        if (core.submit(j) != null) {
                            out.put(j.index(), new Outcome(-1, -1));
                        }
                    }
                    changed = true;
                }
                first = false;
                if (changed) {
                    for (RunningJob r : core.schedule(t)) {
                        long end = t + Math.min(r.job().runTime(), r.job().estimate());
                        out.put(r.job().index(), new Outcome(t, end));
                        ends.add(new long[] {end, r.job().index()});
                    }
                }
            }
        }
        return out;
    }
}
