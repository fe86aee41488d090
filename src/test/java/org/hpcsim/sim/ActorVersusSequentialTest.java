package org.hpcsim.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.hpcsim.allocation.MachineState;
import org.hpcsim.time.SimTime;
import org.hpcsim.registry.StandardPolicies;
import org.hpcsim.testing.Runs;
import org.hpcsim.study.SequentialRun;
import org.hpcsim.testing.SharedData;
import org.hpcsim.topology.Machines;
import org.hpcsim.workload.Job;
import org.hpcsim.workload.JobStream;
import org.hpcsim.workload.Trace;
import org.hpcsim.workload.TraceFormat;
import org.hpcsim.workload.WorkloadOptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The studies' plain event loop ({@link SequentialRun}, which the Cplant and T3D experiments use for
 * their thousands of small runs) schedules every job exactly as the simulation (asynchronous node
 * reports, rounds, end-of-instant passes) does, for every scheduler, on the bundled workload, which
 * queues heavily and has jobs killed at their estimates. (The simulation's own oracle is the
 * sequential executor, which {@link Runs#run} checks it against.)
 */
class ActorVersusSequentialTest {

    @ParameterizedTest
    @ValueSource(strings = {"fcfs", "easy", "conservative", "priority[smallfirst]", "priority[cplant]",
        "easy[shortfirst]", "conservative[largefirst]"})
    void theActorSimulationMatchesTheSequentialReference(String scheduler, @org.junit.jupiter.api.io.TempDir Path out)
            throws IOException {
        Path trace = SharedData.repoRoot().resolve("traces/synthetic-2000.swf");
        String machine = "mesh:16x8";
        Runs.run(Runs.scenario("trace", trace.toString(), "machine", machine, "scheduler.policy", scheduler,
                "output.dir", out.toString()));

        List<Job> jobs = new ArrayList<>();
        try (JobStream s = Trace.scan(trace, TraceFormat.SWF, WorkloadOptions.DEFAULTS).open()) {
            Job j;
            while ((j = s.next()) != null) {
                jobs.add(j);
            }
        }
        MachineState m = new MachineState(Machines.parse(machine));
        Map<Integer, SequentialRun.Outcome> expected = SequentialRun.run(jobs, m,
                StandardPolicies.registry().allocator("sorted-free-list", m, 0), StandardPolicies.registry().scheduler(scheduler));

        Map<Long, String> actual = new HashMap<>();
        List<String> rows = Files.readAllLines(out.resolve("jobs.csv"));
        for (String row : rows.subList(1, rows.size())) {
            String[] f = row.split(",", -1);
            actual.put(Long.parseLong(f[0]), f[3] + "," + f[4]);
        }
        assertEquals(jobs.size(), actual.size(), "every job has a row");
        int same = 0;
        for (Job j : jobs) {
            SequentialRun.Outcome o = expected.get(j.index());
            if ((SimTime.format(o.start()) + "," + SimTime.format(o.end())).equals(actual.get(j.id()))) {
                same++;
            }
        }
        assertEquals(jobs.size(), same, "jobs scheduled identically");
    }
}
