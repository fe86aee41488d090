package org.hpcsim.scheduling;

import static org.hpcsim.testing.Jobs.job;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.PriorityQueue;
import java.util.SplittableRandom;
import org.hpcsim.allocation.MachineState;
import org.hpcsim.allocation.SortedFreeListAllocator;
import org.hpcsim.energy.PowerLedger;
import org.hpcsim.energy.PowerStates;
import org.hpcsim.time.SimTime;
import org.hpcsim.topology.RowMajorCurve;
import org.hpcsim.topology.SimpleTopology;
import org.hpcsim.workload.Job;
import org.junit.jupiter.api.Test;

/**
 * Power-capped EASY never lets the nodes' power exceed its cap: random machines, traces and caps
 * (constant, or rising at random times), with and without DVFS, for the nodes or for a facility whose
 * cooling adds a random share (its cooling factor), driven event by event on the scheduler's core; the
 * power is read after every change.
 */
class PowerCappedEasyPropertyTest {
    private static final PowerStates STATES = PowerStates.of(List.of(new PowerStates.Computing(1, 30, 100),
            new PowerStates.Computing(0.7, 25, 70), new PowerStates.Computing(0.4, 20, 40)), List.of());

    private record Event(long time, int kind, int job) {
    }

    @Test
    void thePowerNeverExceedsTheCapOverRandomCapsAndTraces() {
        SplittableRandom r = new SplittableRandom(41);
        int checks = 0;
        for (int c = 0; c < 300; c++) {
            int n = 4 + r.nextInt(29);
            boolean dvfs = r.nextBoolean();
            double factor = r.nextBoolean() ? 1 : 1 + 1.5 * r.nextDouble();
            double idle = n * 30.0 * factor;
            double full = n * 100.0 * factor;
            double first = idle + (full - idle) * r.nextDouble();
            PowerCap cap = r.nextBoolean() ? PowerCap.constant(first)
                    : PowerCap.parse(first + ";" + (1 + r.nextInt(5000)) + "s=" + (first + r.nextDouble() * (full - first)));
            List<Job> jobs = new ArrayList<>();
            long t = 0;
            for (int i = 0; i < 20 + r.nextInt(60); i++) {
                t += r.nextInt(300);
                long run = 1 + r.nextInt(2000);
                jobs.add(job(i, t, 1 + r.nextInt(n), run, run + r.nextInt(500)));
            }
            checks += run(n, jobs, cap, dvfs, factor);
        }
        assertTrue(checks > 10_000, "enough states checked: " + checks);
    }

    /** Runs the trace; returns how many times the power was checked. */
    private static int run(int n, List<Job> jobs, PowerCap cap, boolean dvfs, double factor) {
        MachineState m = new MachineState(new SimpleTopology(n));
        PowerStates[] s = new PowerStates[n];
        Arrays.fill(s, STATES);
        PowerLedger energy = new PowerLedger(s, 0, 1);
        PowerCappedEasyPolicy policy = new PowerCappedEasyPolicy(JobOrder.FIFO, cap, dvfs, factor > 1);
        policy.setCoolingFactor(factor);
        SchedulerCore core = new SchedulerCore(m, new SortedFreeListAllocator(m, new RowMajorCurve()), policy,
                JobModel.RIGID, energy);
        // Events: 0 arrival, 1 end, 2 call; ends before arrivals at one time, as the scheduler applies them.
        PriorityQueue<Event> events = new PriorityQueue<>((a, b) -> a.time != b.time ? Long.compare(a.time, b.time)
                : a.kind != b.kind ? Integer.compare(b.kind, a.kind) : Integer.compare(a.job, b.job));
        for (Job j : jobs) {
            events.add(new Event(j.arrival(), 0, j.index()));
        }
        int checks = 0;
        int ended = 0;
        int rejected = 0;
        while (!events.isEmpty()) {
            long now = events.peek().time();
            while (!events.isEmpty() && events.peek().time() == now) {
                Event e = events.poll();
                if (e.kind() == 0) {
                    core.submit(jobs.get(e.job()));
                } else if (e.kind() == 1) {
                    RunningJob done = core.runningJob(e.job());
                    for (int node : done.nodes()) {
                        energy.jobEnds(node, done.start(), now);
                    }
                    core.finish(e.job());
                    ended++;
                }
            }
            for (RunningJob started : core.schedule(now)) {
                events.add(new Event(now + started.job().runTime(), 1, started.job().index()));
            }
            for (SchedulerCore.Decision d : core.takeDecisions()) {
                if (d instanceof SchedulerCore.Switch sw) {
                    assertEquals(0, sw.micros(), "DVFS changes computing states at once");
                    core.switched(sw.node(), sw.version(), now);
                } else if (d instanceof SchedulerCore.Call call) {
                    events.add(new Event(call.time(), 2, -1));
                } else if (d instanceof SchedulerCore.Reject) {
                    rejected++;
                }
            }
            checks++;
            double limit = cap.at(now);
            assertTrue(energy.totalWatts() * factor <= limit + 1e-6, () -> "at " + SimTime.format(now) + " the nodes draw "
                    + energy.totalWatts() + " W, with cooling " + energy.totalWatts() * factor + " W, over the cap of "
                    + limit + " W");
        }
        assertEquals(jobs.size(), ended + rejected, "every job ran or was rejected");
        return checks;
    }
}
