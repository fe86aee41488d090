package org.hpcsim.cli;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Supplier;
import org.hpcsim.config.Scenario;

/**
 * A progress line on stderr, redrawn in place at once, twice a second by a daemon thread, and
 * whenever {@link #redraw} is called (a phase change). Its text comes from a supplier that only
 * reads progress counters, so drawing it never influences a run. Lines logged through
 * {@link #log} scroll above it.
 */
final class ProgressLine implements AutoCloseable {
    /** Longest line drawn: a longer one would wrap on an 80-column terminal, and a wrapped line cannot be redrawn in place. */
    static final int WIDTH = 79;
    private static final long PERIOD_MS = 500;

    private final PrintStream err;
    private final String prefix;
    private final Supplier<String> text;
    private final Thread thread;
    private volatile boolean running = true;
    private int drawn;

    private ProgressLine(PrintStream err, String prefix, Supplier<String> text) {
        this.err = err;
        this.prefix = prefix;
        this.text = text;
        redraw();
        this.thread = new Thread(this::loop, "hpcsim-progress");
        this.thread.setDaemon(true);
        this.thread.start();
    }

    /** Draws {@code prefix} and the supplier's text now and then twice a second until closed. */
    static ProgressLine start(PrintStream err, String prefix, Supplier<String> text) {
        return new ProgressLine(err, prefix, text);
    }

    /** Whether to draw a progress line: never when quiet, else as {@code output.progress} says (auto: when stderr is a terminal). */
    static boolean wanted(Scenario.Progress policy, boolean quiet) {
        return !quiet && switch (policy) {
            case ON -> true;
            case OFF -> false;
            case AUTO -> stderrIsTerminal();
        };
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

    private void loop() {
        while (running) {
            try {
                Thread.sleep(PERIOD_MS);
            } catch (InterruptedException e) {
                return;
            }
            if (running) {
                redraw();
            }
        }
    }

    /** Draws the current text now. */
    synchronized void redraw() {
        String line = prefix + text.get();
        if (line.length() > WIDTH) {
            line = line.substring(0, WIDTH);
        }
        // spaces wipe what a longer previous line left
        err.print("\r" + line + " ".repeat(Math.max(0, drawn - line.length())));
        err.flush();
        drawn = line.length();
    }

    /** Prints a line of its own above the progress line, which is then drawn again. */
    synchronized void log(String line) {
        clear();
        err.println(line);
        redraw();
    }

    private void clear() {
        err.print("\r" + " ".repeat(drawn) + "\r");
        err.flush();
        drawn = 0;
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
        synchronized (this) {
            clear();
        }
    }
}
