package org.hpcsim.cli;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.hpcsim.kernel.KernelProgress;
import org.hpcsim.kernel.SimTime;
import org.hpcsim.sim.Simulation;

/**
 * A progress line on stderr (jobs done/total, simulated time, events/s), redrawn twice a second by
 * a daemon thread that only reads the simulation's progress counters.
 */
final class ProgressLine implements AutoCloseable {
    private final Thread thread;
    private final PrintStream err;
    private volatile boolean running = true;

    private ProgressLine(Simulation sim, PrintStream err) {
        this.err = err;
        this.thread = new Thread(() -> loop(sim), "hpcsim-progress");
        this.thread.setDaemon(true);
        this.thread.start();
    }

    static ProgressLine start(Simulation sim, PrintStream err) {
        return new ProgressLine(sim, err);
    }

    /** Whether stderr is a terminal (Linux: fd 2 is a tty; elsewhere: a console is attached). */
    static boolean stderrIsTerminal() {
        try {
            String target = Files.readSymbolicLink(Path.of("/proc/self/fd/2")).toString();
            return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
        } catch (Exception e) {
            return System.console() != null;
        }
    }

    private void loop(Simulation sim) {
        long start = System.nanoTime();
        long lastEvents = 0;
        long lastTime = start;
        int total = sim.trace().jobs();
        while (running) {
            try {
                Thread.sleep(500);
            } catch (InterruptedException e) {
                return;
            }
            KernelProgress k = sim.kernelProgress();
            if (k == null || !running) {
                continue;
            }
            long now = System.nanoTime();
            long events = k.events();
            double rate = (events - lastEvents) / ((now - lastTime) / 1e9);
            lastEvents = events;
            lastTime = now;
            err.print(String.format(Locale.ROOT, "\r[hpcsim] jobs %d/%d  t=%s s  %.0f events/s   ",
                    sim.runProgress().jobsDone(), total, SimTime.format(k.time()), rate));
            err.flush();
        }
    }

    @Override
    public void close() {
        running = false;
        thread.interrupt();
        try {
            thread.join(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        err.print("\r" + " ".repeat(78) + "\r");
        err.flush();
    }
}
