package org.hpcsim.cli;

import java.io.PrintStream;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.hpcsim.output.OutputDirectory;
import sun.misc.Signal;

/**
 * What Ctrl-C (SIGINT) does. While a command has registered a graceful stop ({@link #onFirst}), the
 * first Ctrl-C runs it (a run stops at its next instant and writes its outputs so far, marked
 * stopped early); otherwise, and at the second Ctrl-C, the command aborts: every output directory
 * still being written is removed as if the command had never run, and the process exits with
 * status {@value Main#EXIT_INTERRUPTED}. A command that keeps what it finished before the abort (a
 * sweep's finished runs) says so through {@link #onAbort}.
 *
 * <p>Installed only by {@link Main#main}: commands run in-process (tests) keep the JVM's default.
 */
final class Interrupts {
    private static final AtomicInteger COUNT = new AtomicInteger();
    private static final AtomicBoolean ABORTING = new AtomicBoolean();
    private static volatile Runnable graceful;
    private static volatile String gracefulLine;
    private static volatile Supplier<String> kept;
    private static volatile PrintStream err = System.err;

    private Interrupts() {
    }

    /** Takes over SIGINT for the process. */
    static void install() {
        try {
            Signal.handle(new Signal("INT"), s -> interrupted());
        } catch (IllegalArgumentException e) {
            // No SIGINT on this platform (or the JVM was started with -Xrs): the default stays.
        }
    }

    /** A registration of a graceful stop; closing it lets the next Ctrl-C abort again. */
    interface Handle extends AutoCloseable {
        @Override
        void close();
    }

    /** Until closed, the first Ctrl-C runs {@code stop} (on a thread of its own) instead of aborting. */
    static Handle onFirst(Runnable stop) {
        return onFirst(stop, "hpcsim: interrupted: stopping at the next instant and writing the outputs so far"
                + " (Ctrl-C again to abort and write nothing)");
    }

    /** As {@link #onFirst(Runnable)}, saying {@code line} on the first Ctrl-C (a served view closing, say). */
    static Handle onFirst(Runnable stop, String line) {
        gracefulLine = line;
        graceful = stop;
        return () -> graceful = null;
    }

    /**
     * Until closed, an abort runs {@code keep} once the output directories being written are removed:
     * it settles what the command keeps and returns the line to print (after {@code hpcsim: }) in
     * place of "nothing was written".
     */
    static Handle onAbort(Supplier<String> keep) {
        kept = keep;
        return () -> kept = null;
    }

    /** Whether Ctrl-C was pressed. */
    static boolean happened() {
        return COUNT.get() > 0;
    }

    private static void interrupted() {
        int n = COUNT.incrementAndGet();
        Runnable stop = graceful;
        if (n == 1 && stop != null) {
            err.println();
            err.println(gracefulLine);
            err.flush();
            Thread t = new Thread(stop, "hpcsim-interrupt");
            t.setDaemon(true);
            t.start();
            return;
        }
        if (!ABORTING.compareAndSet(false, true)) {
            // A Ctrl-C while the abort clears up: that one ends the process once done, with its line said once.
            return;
        }
        try {
            OutputDirectory.abortForExit();
            Supplier<String> keep = kept;
            err.println();
            err.println("hpcsim: " + (keep != null ? keep.get()
                    : "aborted: nothing was written (an output directory this command created is removed)"));
            err.flush();
        } finally {
            // Whatever went wrong above, the process ends: the next command clears what is left.
            Runtime.getRuntime().halt(Main.EXIT_INTERRUPTED);
        }
    }
}
