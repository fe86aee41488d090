package org.hpcsim.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.hpcsim.kernel.pekko.ActorRuntime;

/**
 * The same model gives the same logs whatever the threads, partitions, dispatcher throughput and
 * the kernel's test-only shuffling of the order it hands out work. Each test takes about a second;
 * {@link KernelSoakTest} runs the same settings thousands of times under a busy core.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS) // a hang guard only
class KernelDeterminismTest {
    /** One thread, one partition: the run every other setting must match. */
    static final KernelSettings REFERENCE = new KernelSettings(1, 1, 100, 42, 0);
    /** Threads, partitions, throughput, seed and shuffle seed to compare with the reference. */
    static final List<KernelSettings> SETTINGS = List.of(
            new KernelSettings(2, 4, 1, 42, 0),
            new KernelSettings(4, 8, 100, 42, 0),
            new KernelSettings(2, 3, 1, 42, 7),
            new KernelSettings(8, 16, 5, 42, 99),
            new KernelSettings(1, 40, 1, 42, 12345));

    private static final ActorRuntime runtime = org.hpcsim.testing.TestRuntime.get();

    /** The gossip model's logs, by component, after a run with these settings. */
    static Map<Integer, String> run(ActorRuntime runtime, KernelSettings settings) {
        return run(runtime, settings, KernelOptions.Hosting.PARTITION);
    }

    static Map<Integer, String> run(ActorRuntime runtime, KernelSettings settings, KernelOptions.Hosting hosting) {
        TestKernel kernel = new TestKernel(settings);
        Map<Integer, String> logs = GossipModel.build(kernel, 40, 20);
        KernelStats stats = kernel.run(runtime, hosting);
        assertTrue(stats.messages() > 1000, "the model must exercise the kernel: " + stats);
        return new TreeMap<>(logs);
    }

    @Test
    void sameSeedGivesIdenticalLogsWhateverThreadsPartitionsThroughputShuffleOrHosting() {
        Map<Integer, String> reference = run(runtime, REFERENCE);
        assertEquals(40, reference.size());
        for (KernelOptions.Hosting hosting : KernelOptions.Hosting.values()) {
            for (KernelSettings s : SETTINGS) {
                assertEquals(reference, run(runtime, s, hosting), "logs differ with " + s + ", " + hosting);
            }
        }
    }

    @Test
    void theSequentialExecutorGivesThePekkoExecutorsLogsAndCounts() {
        TestKernel sequential = new TestKernel(new KernelSettings(8, 16, 5, 42, 99));
        Map<Integer, String> sequentialLogs = GossipModel.build(sequential, 40, 20);
        KernelStats s = sequential.runSequential();
        long hostedActorMessages = -1;
        for (KernelOptions.Hosting hosting : KernelOptions.Hosting.values()) {
            TestKernel pekko = new TestKernel(REFERENCE);
            Map<Integer, String> pekkoLogs = GossipModel.build(pekko, 40, 20);
            KernelStats p = pekko.run(runtime, hosting);
            assertEquals(new TreeMap<>(pekkoLogs), new TreeMap<>(sequentialLogs), hosting.toString());
            assertEquals(new KernelStats(p.endTime(), p.instants(), p.rounds(), p.messages(), p.events(),
                    p.activations(), 0), s, "the same kernel statistics, less Pekko's own messages: " + hosting);
            if (hosting == KernelOptions.Hosting.PARTITION) {
                hostedActorMessages = p.actorMessages();
            } else {
                // Component actors: each activation is told, and acknowledged, as an actor message.
                assertEquals(hostedActorMessages + 2 * p.activations(), p.actorMessages());
            }
        }
    }

    @Test
    void differentSeedGivesDifferentLogs() {
        assertTrue(!run(runtime, REFERENCE).equals(run(runtime, new KernelSettings(1, 1, 100, 43, 0))));
    }
}
