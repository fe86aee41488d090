package org.hpcsim.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.hpcsim.testing.TestRuntime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.hpcsim.kernel.pekko.ActorRuntime;

/**
 * Whatever goes wrong, a run ends with a named error instead of hanging: a component that throws, a
 * component whose actor cannot start, an actor system that goes away under a run.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS) // a hang guard only
class KernelFailFastTest {

    /** A tick: handled, then passed on to the next component one microsecond later. */
    record Tick(int hop) {
    }

    /** Passes ticks around a ring until {@code lastTime}; the components in {@code throwAt} throw at that time. */
    static final class Ring extends TestComponent<Tick> {
        static final AtomicLong thrownAt = new AtomicLong();
        private final int size;
        private final long lastTime;
        private final long throwTime;
        private final boolean throwing;

        Ring(int size, long lastTime, long throwTime,
             boolean throwing) {
            this.size = size;
            this.lastTime = lastTime;
            this.throwTime = throwTime;
            this.throwing = throwing;
        }

        @Override
        protected void onMessage(Tick tick) {
            if (throwing && now() == throwTime) {
                thrownAt.set(System.nanoTime());
                throw new IllegalStateException("boom in " + id());
            }
            if (now() < lastTime) {
                send(new Address<Tick>((id() + 1) % size), new Tick(tick.hop() + 1), 1);
            }
        }
    }

    /** A ring of {@code size} components, each woken at t = 0; {@code throwing} throw at {@code throwTime}. */
    private static TestKernel ring(KernelSettings settings, int size, long lastTime, long throwTime, int... throwing) {
        TestKernel kernel = new TestKernel(settings);
        for (int i = 0; i < size; i++) {
            boolean t = false;
            for (int x : throwing) {
                t |= x == i;
            }
            boolean throwsToo = t;
            kernel.add(i, "ring", ports -> new Ring(size, lastTime, throwTime,
                    throwsToo));
            kernel.schedule(new Address<Tick>(i), new Tick(0), 0);
        }
        return kernel;
    }

    @Test
    void aComponentThatThrowsEndsTheRunNamingItTheTimeAndTheMessageItWasHandling() {
        for (KernelOptions.Hosting hosting : KernelOptions.Hosting.values()) {
            TestKernel kernel = ring(new KernelSettings(8, 32, 5, 1, 0), 200, 1_000_000, 50, 37);
            ComponentFailure f = assertThrows(ComponentFailure.class, () -> kernel.run(TestRuntime.get(), hosting));
            long ended = System.nanoTime();
            assertEquals(37, f.componentId());
            assertEquals(50, f.time());
            assertEquals("component ring-37 failed at t=0.00005s (round 0) handling Tick[hop=50] from component 36:"
                    + " java.lang.IllegalStateException: boom in 37", f.getMessage());
            System.out.printf("%s: a throwing component ended the run %.1f ms after the throw%n", hosting,
                    (ended - Ring.thrownAt.get()) / 1e6);
        }
    }

    @Test
    void whenSeveralComponentsThrowInOneRoundTheLowestIdIsReportedWhateverTheThreadsAndOrder() {
        for (int i = 0; i < 10; i++) {
            KernelSettings s = new KernelSettings(1 + i % 8, 2 + i * 3, 1 + i % 3 * 50, 1, i % 2 == 0 ? 0 : 100 + i);
            KernelOptions.Hosting hosting = KernelOptions.Hosting.values()[i / 3 % 2];
            TestKernel kernel = ring(s, 60, 1_000_000, 20, 53, 11, 29);
            ComponentFailure f = assertThrows(ComponentFailure.class, () -> kernel.run(TestRuntime.get(), hosting));
            assertEquals(11, f.componentId(), "with " + s + ", " + hosting);
        }
    }

    @Test
    void aMessageToAComponentThatDoesNotExistFailsTheRunNamingItsSenderUnderEveryExecutor() {
        TestKernel kernel = new TestKernel(new KernelSettings(2, 4, 100, 1, 0));
        for (int i = 0; i < 8; i++) {
            // A ring of 9 on 8 components: component 7 sends to component 8, which is not there.
            kernel.add(i, "ring", ports -> new Ring(9, 100, -1, false));
            kernel.schedule(new Address<Tick>(i), new Tick(0), 0);
        }
        ComponentFailure sequential = assertThrows(ComponentFailure.class, kernel::runSequential);
        assertEquals(7, sequential.componentId());
        assertEquals(0, sequential.time());
        assertTrue(sequential.getMessage().contains("sending Tick[hop=1]")
                && sequential.getMessage().endsWith("message to unknown component 8"), sequential.getMessage());
        for (KernelOptions.Hosting hosting : KernelOptions.Hosting.values()) {
            ComponentFailure f = assertThrows(ComponentFailure.class, () -> kernel.run(TestRuntime.get(), hosting));
            assertEquals(7, f.componentId(), hosting.toString());
            assertTrue(f.getMessage().endsWith("message to unknown component 8"), f.getMessage());
        }
    }

    @Test
    void aComponentThatCannotBeCreatedFailsTheRunInsteadOfHangingIt() {
        TestKernel kernel = new TestKernel(new KernelSettings(2, 4, 100, 1, 0));
        for (int i = 0; i < 8; i++) {
            int id = i;
            kernel.add(i, "fragile", ports -> {
                if (id == 5) {
                    throw new IllegalArgumentException("cannot build component 5");
                }
                return new Ring(8, 100, -1, false);
            });
            kernel.schedule(new Address<Tick>(i), new Tick(0), 0);
        }
        ComponentFailure sequential = assertThrows(ComponentFailure.class, kernel::runSequential);
        assertEquals(5, sequential.componentId());
        assertEquals("component fragile-5 failed at t=0s (round 0) when it was created:"
                + " java.lang.IllegalArgumentException: cannot build component 5", sequential.getMessage());
        for (KernelOptions.Hosting hosting : KernelOptions.Hosting.values()) {
            ComponentFailure f = assertThrows(ComponentFailure.class, () -> kernel.run(TestRuntime.get(), hosting));
            assertEquals(sequential.getMessage(), f.getMessage(), "every executor and hosting fails alike: " + hosting);
        }
    }

    @Test
    void aRunWhoseActorSystemTerminatesFailsInsteadOfWaitingForever() throws Exception {
        ActorRuntime runtime = ActorRuntime.start();
        TestKernel kernel = ring(new KernelSettings(2, 4, 100, 1, 0), 16, Long.MAX_VALUE / 2, -1);
        CompletableFuture<Throwable> outcome = new CompletableFuture<>();
        Thread run = new Thread(() -> {
            try {
                kernel.run(runtime);
                outcome.complete(null);
            } catch (Throwable e) {
                outcome.complete(e);
            }
        });
        run.start();
        while (kernel.progress().events() < 10_000) {
            Thread.sleep(10);
        }
        runtime.shutdown();
        Throwable e = outcome.get(30, TimeUnit.SECONDS);
        assertTrue(e instanceof KernelFailure, String.valueOf(e));
        assertEquals("the actor system stopped during the run", e.getMessage());
    }
}
