package org.hpcsim.kernel.pekko;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import org.hpcsim.kernel.Address;
import org.hpcsim.kernel.KernelSettings;
import org.hpcsim.kernel.ComponentTester;
import org.hpcsim.kernel.TestKernel;
import org.hpcsim.kernel.TestComponent;

/** Runs sharing one runtime: each has threads of its own (a sweep runs several at once). */
class ActorRuntimeTest {

    /** A component that waits, on its dispatcher thread, until the other run's component is waiting too. */
    private static final class Rendezvous extends TestComponent<String> {
        private final CyclicBarrier barrier;
        private final CompletableFuture<String> outcome;

        Rendezvous(CyclicBarrier barrier,
                   CompletableFuture<String> outcome) {
            this.barrier = barrier;
            this.outcome = outcome;
        }

        @Override
        protected void onMessage(String message) {
            try {
                barrier.await(20, TimeUnit.SECONDS);
                outcome.complete("met");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                outcome.complete("interrupted");
            } catch (BrokenBarrierException | TimeoutException e) {
                outcome.complete("alone: the other run could not start");
            }
        }
    }

    private static CompletableFuture<String> runAsync(ActorRuntime runtime, CyclicBarrier barrier, Executor caller) {
        CompletableFuture<String> outcome = new CompletableFuture<>();
        TestKernel kernel = new TestKernel(new KernelSettings(1, 1, 100, 1, 0));
        kernel.add(0, "rendezvous", ports -> new Rendezvous(barrier, outcome));
        kernel.schedule(ComponentTester.<String>address(0), "go", 0);
        return CompletableFuture.runAsync(() -> kernel.run(runtime), caller).thenCompose(done -> outcome);
    }

    @Test
    void concurrentOneThreadRunsEachHaveAThreadAndLaterRunsReuseTheirDispatchers() {
        ExecutorService callers = Executors.newFixedThreadPool(2);
        try (ActorRuntime runtime = ActorRuntime.start()) {
            CyclicBarrier both = new CyclicBarrier(2);
            List<CompletableFuture<String>> runs = List.of(runAsync(runtime, both, callers),
                    runAsync(runtime, both, callers));
            assertEquals(List.of("met", "met"), runs.stream().map(CompletableFuture::join).toList());
            assertEquals(2, runtime.dispatchers());
            for (int i = 0; i < 5; i++) {
                CyclicBarrier alone = new CyclicBarrier(1);
                assertEquals("met", runAsync(runtime, alone, callers).join());
            }
            assertEquals(2, runtime.dispatchers(), "sequential runs reuse an idle dispatcher");
        } finally {
            callers.shutdownNow();
        }
    }
}
