package org.hpcsim.soak;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/** A soak tells runs that end, fail and hang apart, and keeps a core busy while it runs them. */
class SoakTest {

    @Test
    void aTaskThatEndsGivesItsValue() throws Exception {
        try (Soak soak = new Soak(0)) {
            Soak.Attempt<String> a = soak.attempt(() -> "done", 10);
            assertEquals("done", a.value());
            assertFalse(a.hung());
            assertFalse(a.failed());
        }
    }

    @Test
    void aTaskThatThrowsIsAFailureWithItsCause() throws Exception {
        try (Soak soak = new Soak(0)) {
            Soak.Attempt<String> a = soak.attempt(() -> {
                throw new IllegalStateException("broken");
            }, 10);
            assertTrue(a.failed());
            assertEquals("broken", a.failure().getMessage());
        }
    }

    @Test
    void aTaskStillRunningAtItsBoundIsHungAndTheDumpShowsWhereItWaits() throws Exception {
        CountDownLatch never = new CountDownLatch(1);
        try (Soak soak = new Soak(0)) {
            Soak.Attempt<Object> a = soak.attempt(() -> {
                never.await();
                return null;
            }, 0.2);
            assertTrue(a.hung());
            assertTrue(a.threadDump().contains("\"soak-run-1\" WAITING"), a.threadDump());
            assertTrue(a.threadDump().contains("CountDownLatch.await"), a.threadDump());
        } finally {
            never.countDown();
        }
    }

    @Test
    void busyThreadsSpendCpuBesideTheRuns() throws Exception {
        try (Soak soak = new Soak(1)) {
            soak.attempt(() -> {
                Thread.sleep(200);
                return null;
            }, 10);
            assertTrue(soak.busyCpuNanos() > 0);
        }
    }
}
