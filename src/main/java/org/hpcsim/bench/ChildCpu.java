package org.hpcsim.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The CPU time (user + system) of child processes, measured from the parent: Linux adds a child's
 * whole CPU time (all its threads, and its own reaped children) to the parent's {@code cutime} and
 * {@code cstime} in {@code /proc/self/stat} when the child is reaped. Java's process reaper reaps a
 * child before {@link Process#waitFor()} returns, so the difference of {@link #seconds()} around one
 * child's start and {@code waitFor} is that child's CPU time, provided no other child of this process
 * ends meanwhile (bench runs one at a time). Reading the child's own {@code /proc/PID/stat} instead
 * would race the reaper (the entry is gone once the child is reaped), and
 * {@code ProcessHandle.Info.totalCpuDuration()} is empty after exit for the same reason.
 */
final class ChildCpu {
    /**
     * Clock ticks per second of {@code /proc} times: USER_HZ, which Linux fixes at 100 on the
     * architectures Java runs on (it is a kernel ABI constant, independent of the kernel's HZ).
     */
    private static final double TICKS_PER_SECOND = 100;

    private ChildCpu() {
    }

    /** The CPU seconds of all reaped children so far, or NaN where {@code /proc/self/stat} is unavailable. */
    static double seconds() {
        try {
            return parse(Files.readString(Path.of("/proc/self/stat"), StandardCharsets.US_ASCII));
        } catch (IOException | RuntimeException e) {
            return Double.NaN;
        }
    }

    /** cutime + cstime (fields 16 and 17) of a {@code /proc/PID/stat} line, in seconds. */
    static double parse(String stat) {
        // The command name (field 2) is in parentheses and may hold spaces and parentheses itself.
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).trim().split(" ");
        // f[0] is field 3 (state), so field n is f[n - 3].
        return (Long.parseLong(f[13]) + Long.parseLong(f[14])) / TICKS_PER_SECOND;
    }
}
