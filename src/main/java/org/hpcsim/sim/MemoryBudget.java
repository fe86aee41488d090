package org.hpcsim.sim;

import java.lang.management.ManagementFactory;
import java.util.Locale;

/**
 * Whether a machine fits in the memory this JVM may use, checked before anything of it is built, and
 * the one-line advice an out-of-memory failure gets. A run holds per node its component, the
 * scheduler's and allocator's arrays and the curve's ranks: measured after a collection at 330 to 420
 * bytes a node (simple, mesh and torus machines of 1 to 4 million nodes, a one-job trace), so a
 * machine needing more than {@link #BYTES_PER_NODE} a node times its nodes cannot run; one below may
 * still run out with a large trace or models on, and then fails with the same advice.
 */
public final class MemoryBudget {
    /** A lower bound of the bytes a run holds per node (the least measured, rounded down). */
    static final long BYTES_PER_NODE = 300;

    private static final double GIB = 1024.0 * 1024 * 1024;

    private MemoryBudget() {
    }

    /**
     * Null when {@code nodes} nodes may fit in {@code maxHeap} bytes, else why not and what to do,
     * for the machine {@code spec}.
     */
    static String refusal(String spec, long nodes, long maxHeap) {
        double need = (double) nodes * BYTES_PER_NODE;
        if (need <= maxHeap) {
            return null;
        }
        return String.format(Locale.ROOT, "%s has %,d nodes, which need at least %s of memory (about %d bytes"
                + " a node); this JVM may use %s: %s", spec, nodes, size(need), BYTES_PER_NODE, size(maxHeap),
                advice(need * 1.5));
    }

    /** Advice after the JVM ran out of its heap (for the error line). */
    public static String outOfMemory() {
        long max = Runtime.getRuntime().maxMemory();
        return "out of memory: the run needs more than the " + size(max) + " of heap this JVM may use; "
                + advice(2.0 * max);
    }

    /** Bytes in GiB with a decimal, or MiB below one GiB. */
    private static String size(double bytes) {
        return bytes >= GIB ? String.format(Locale.ROOT, "%.1f GiB", bytes / GIB)
                : String.format(Locale.ROOT, "%.0f MiB", bytes / (1024 * 1024));
    }

    /** Where to find {@code bytes} of heap: a larger -Xmx if the machine has it, else a smaller run. */
    private static String advice(double bytes) {
        long gib = (long) Math.ceil(bytes / GIB);
        double physical = physicalBytes();
        if (physical > 0 && gib * GIB > 0.9 * physical) {
            return String.format(Locale.ROOT, "this computer has %.1f GiB in all; simulate a smaller machine (or run"
                    + " on a computer with over %d GiB, giving it HPCSIM_JAVA_OPTS=-Xmx%dg)", physical / GIB, gib, gib);
        }
        return "give it more with HPCSIM_JAVA_OPTS=-Xmx" + gib + "g, or simulate a smaller machine";
    }

    /** The computer's physical memory in bytes, or -1 where unknown. */
    private static double physicalBytes() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getTotalMemorySize();
        }
        return -1;
    }
}
