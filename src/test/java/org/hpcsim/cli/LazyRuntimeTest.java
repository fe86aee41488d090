package org.hpcsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.hpcsim.kernel.pekko.ActorRuntime;
import org.junit.jupiter.api.Test;

/** The command's lazily started actor runtime, as a sweep's runs ask for it: from several threads at once. */
class LazyRuntimeTest {

    @Test
    void runsAskingAtOnceGetOneRuntimeWhichClosingStops() throws Exception {
        int threads = 8;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            for (int round = 0; round < 3; round++) {
                LazyRuntime lazy = new LazyRuntime();
                CyclicBarrier together = new CyclicBarrier(threads);
                List<Future<ActorRuntime>> asked = new ArrayList<>();
                for (int t = 0; t < threads; t++) {
                    // Half ask to start it soon first, as a command does before it needs it.
                    boolean early = t % 2 == 0;
                    asked.add(pool.submit(() -> {
                        together.await();
                        if (early) {
                            lazy.startSoon();
                        }
                        return lazy.get();
                    }));
                }
                ActorRuntime first = asked.get(0).get(60, TimeUnit.SECONDS);
                for (Future<ActorRuntime> f : asked) {
                    assertSame(first, f.get(60, TimeUnit.SECONDS), "round " + round);
                }
                lazy.close();
                assertEquals(null, first.whenTerminated().get(60, TimeUnit.SECONDS));
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
