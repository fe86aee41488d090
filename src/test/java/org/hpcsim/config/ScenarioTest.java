package org.hpcsim.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;
import org.hpcsim.kernel.KernelOptions;
import org.hpcsim.registry.StandardPolicies;
import org.hpcsim.storage.IoOptions;
import org.hpcsim.workload.InputException;
import org.hpcsim.workload.WorkloadOptions;
import org.junit.jupiter.api.Test;

class ScenarioTest {
    private static Scenario scenario(String... kv) {
        Map<String, String> o = new LinkedHashMap<>();
        o.put("trace", "t.sim");
        for (int i = 0; i < kv.length; i += 2) {
            o.put(kv[i], kv[i + 1]);
        }
        return Scenario.from(ConfigLoader.load(null, o), StandardPolicies.registry());
    }

    @Test
    void defaultsAreTheDocumentedOnes() {
        Scenario s = scenario();
        assertEquals("easy", s.scheduler());
        assertEquals("sorted-free-list", s.allocator());
        assertEquals("auto", s.machine());
        assertEquals(WorkloadOptions.DEFAULTS, s.workload());
        assertEquals(0, s.reportLatency());
        assertEquals(1, s.seed());
    }

    @Test
    void durationsTakeUnitsAndABareNumberIsSeconds() {
        assertEquals(5_000_000, scenario("node.report-latency", "5").reportLatency());
        assertEquals(250_000, scenario("node.report-latency", "250ms").reportLatency());
        assertEquals(7_200_000_000L, scenario("node.report-latency", "2h").reportLatency());
        assertEquals(1_500_000, scenario("node.report-latency", "1.5").reportLatency());
        InputException e = assertThrows(InputException.class, () -> scenario("node.report-latency", "soon"));
        assertEquals("node.report-latency", e.field());
    }

    @Test
    void missingEstimateIsRuntimeOrAPositiveFactor() {
        assertEquals(1.0, scenario("scheduler.missing-estimate", "runtime").workload().missingEstimate());
        assertEquals(2.5, scenario("scheduler.missing-estimate", "2.5").workload().missingEstimate());
        assertThrows(InputException.class, () -> scenario("scheduler.missing-estimate", "0"));
        assertThrows(InputException.class, () -> scenario("scheduler.missing-estimate", "never"));
    }

    @Test
    void outOfRangeAndMistypedValuesNameTheirKey() {
        assertEquals("workload.cores-per-node",
                assertThrows(InputException.class, () -> scenario("workload.cores-per-node", "0")).field());
        assertEquals("workload.swf-size",
                assertThrows(InputException.class, () -> scenario("workload.swf-size", "used")).field());
        assertEquals("scheduler.kill-at-estimate",
                assertThrows(InputException.class, () -> scenario("scheduler.kill-at-estimate", "maybe")).field());
        assertEquals("allocator.policy",
                assertThrows(InputException.class, () -> scenario("allocator.policy", "sorted-free-list[a,b]")).field());
        assertEquals("seed", assertThrows(InputException.class, () -> scenario("seed", "abc")).field());
        InputException noTrace = assertThrows(InputException.class, () -> Scenario.from(
                ConfigLoader.load(null, Map.of()), StandardPolicies.registry()));
        assertTrue(noTrace.getMessage().contains("no trace given"), noTrace.getMessage());
    }

    @Test
    void enumeratedValuesAreSuggestedAndReadInTheirDocumentedSpelling() {
        InputException fate = assertThrows(InputException.class, () -> scenario("failures.on-job-failure", "retry"));
        assertTrue(fate.getMessage().endsWith("unknown value 'retry' (expected kill, requeue, requeue-with-checkpoint)"),
                fate.getMessage());
        InputException assign = assertThrows(InputException.class, () -> scenario("io.assign", "any"));
        assertTrue(assign.getMessage().endsWith("unknown value 'any' (expected round-robin, nearest, file)"),
                assign.getMessage());
        assertEquals(org.hpcsim.failure.JobFate.REQUEUE_WITH_CHECKPOINT,
                scenario("failures.on-job-failure", "requeue-with-checkpoint").failures().onJobFailure());
        assertEquals(IoOptions.Assign.ROUND_ROBIN, scenario("io.assign", "Round-Robin").io().assign());
        // One spelling: the enum constant's own name is not a second way to write the value.
        assertThrows(InputException.class, () -> scenario("failures.on-job-failure", "requeue_with_checkpoint"));
    }

    @Test
    void automaticThreadsAreOneWhateverTheMachineAndAnExplicitCountIsKept() {
        assertEquals(0, scenario().kernel().threads(), "the default is automatic");
        assertEquals(1, scenario().kernel().runThreads());
        assertEquals(2, scenario("kernel.threads", "2").kernel().runThreads());
        assertEquals(12, scenario("kernel.threads", "12").kernel().runThreads());
    }

    @Test
    void theAutomaticExecutorIsSequentialOnOneThreadAndPekkoOnMore() {
        KernelOptions auto = scenario().kernel();
        assertEquals(KernelOptions.Engine.AUTO, auto.executor());
        assertEquals(KernelOptions.Engine.SEQUENTIAL, auto.engineFor(1));
        assertEquals(KernelOptions.Engine.PEKKO, auto.engineFor(2));
        assertEquals(KernelOptions.Engine.PEKKO, scenario("kernel.executor", "pekko").kernel().engineFor(1));
        assertEquals(KernelOptions.Engine.SEQUENTIAL, scenario("kernel.executor", "sequential").kernel().engineFor(8));
    }

    @Test
    void theActorSystemStartsEarlyOnlyWhereARunSurelyGetsPekko() {
        assertFalse(scenario().kernel().mayNeedActors(), "automatic threads: one thread, sequential");
        assertFalse(scenario("kernel.threads", "1").kernel().mayNeedActors());
        assertFalse(scenario("kernel.threads", "2").kernel().mayNeedActors(), "more threads: windows where they can");
        assertTrue(scenario("kernel.executor", "pekko").kernel().mayNeedActors());
        assertFalse(scenario("kernel.executor", "sequential", "kernel.threads", "8").kernel().mayNeedActors());
    }

    @Test
    void thermalProfileIsPaperOrSst2014AndSst2014RefusesPowerKeys() {
        assertEquals(org.hpcsim.thermal.ThermalProfile.PAPER, scenario().thermal().profile());
        Scenario sst = scenario("thermal.profile", "sst-2014");
        assertEquals(3000, sst.thermal().nodePower().busy(), 1e-12);
        assertEquals(1000, sst.thermal().nodePower().idle(), 1e-12);
        assertEquals("thermal.profile", assertThrows(InputException.class,
                () -> scenario("thermal.profile", "sst")).field());
        InputException power = assertThrows(InputException.class,
                () -> scenario("thermal.profile", "sst-2014", "thermal.power.idle", "90"));
        assertEquals("thermal.power.idle", power.field());
        assertTrue(power.getMessage().contains("fixes node power"), power.getMessage());
    }
}
