package org.hpcsim.soak;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs tasks one at a time, each in a thread of its own with a wall-clock bound, while
 * {@code busyThreads} threads spin beside them to take cores away (races in a multi-threaded run
 * show up far more often when its threads are descheduled at odd moments). A task that does not end
 * within its bound counts as hung: its thread is abandoned (a daemon) and a dump of every thread is
 * kept; the caller disposes of whatever the task was blocked on.
 */
public final class Soak implements AutoCloseable {

    /** How a task ended: with a value, with a failure, or not at all within its bound (then with a thread dump). */
    public record Attempt<T>(T value, Throwable failure, String threadDump, double seconds) {
        public boolean hung() {
            return threadDump != null;
        }

        public boolean failed() {
            return failure != null;
        }
    }

    private final Thread[] busy;
    private volatile boolean running = true;
    private int started;

    public Soak(int busyThreads) {
        busy = new Thread[busyThreads];
        for (int i = 0; i < busyThreads; i++) {
            busy[i] = new Thread(this::spin, "soak-busy-" + i);
            busy[i].setDaemon(true);
            busy[i].start();
        }
    }

    /** Keeps a core busy until closed. */
    private void spin() {
        long x = 0;
        while (running) {
            for (int i = 0; i < 100_000; i++) {
                x = x * 6364136223846793005L + 1442695040888963407L;
            }
        }
        if (x == 42) {
            System.out.print(""); // keeps the loop from being optimised away
        }
    }

    /** Runs {@code task} in a new thread and waits for it at most {@code boundSeconds}. */
    public <T> Attempt<T> attempt(Callable<T> task, double boundSeconds) throws InterruptedException {
        CompletableFuture<T> result = new CompletableFuture<>();
        Thread t = new Thread(() -> {
            try {
                result.complete(task.call());
            } catch (Throwable e) {
                result.completeExceptionally(e);
            }
        }, "soak-run-" + ++started);
        t.setDaemon(true);
        long t0 = System.nanoTime();
        t.start();
        try {
            T value = result.get((long) (boundSeconds * 1e3), TimeUnit.MILLISECONDS);
            return new Attempt<>(value, null, null, (System.nanoTime() - t0) / 1e9);
        } catch (ExecutionException e) {
            return new Attempt<>(null, e.getCause(), null, (System.nanoTime() - t0) / 1e9);
        } catch (TimeoutException e) {
            return new Attempt<>(null, null, threadDump(), (System.nanoTime() - t0) / 1e9);
        }
    }

    /** CPU time the busy threads have used so far (to leave out of a process's figure). */
    public long busyCpuNanos() {
        long sum = 0;
        for (Thread t : busy) {
            long ns = ManagementFactory.getThreadMXBean().getThreadCpuTime(t.getId());
            sum += Math.max(0, ns);
        }
        return sum;
    }

    /** Every thread's stack, with locks, as {@code jstack} would print them. */
    public static String threadDump() {
        StringBuilder b = new StringBuilder();
        for (ThreadInfo info : ManagementFactory.getThreadMXBean().dumpAllThreads(true, true)) {
            b.append('"').append(info.getThreadName()).append("\" ").append(info.getThreadState()).append('\n');
            for (StackTraceElement e : info.getStackTrace()) {
                b.append("\tat ").append(e).append('\n');
            }
            b.append('\n');
        }
        return b.toString();
    }

    @Override
    public void close() {
        running = false;
    }
}
