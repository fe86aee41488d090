package org.hpcsim.network;

import java.nio.file.Path;
import java.util.Locale;
import org.hpcsim.workload.Job;

/**
 * How a job's tasks communicate: a set of flows, each an ordered pair of distinct tasks (source,
 * target), each counted once. Tasks 0..k-1 of a job on k nodes map to its nodes in ascending node id
 * order, one task per node (SST's simple task mapper with one core per node).
 *
 * <p>The set is what matters, not how a pattern names its pairs: a ring of two tasks has two flows,
 * not four, and a matrix entry given twice is one flow.
 */
public sealed interface CommPattern
        permits CommPattern.AllToAll, CommPattern.None, CommPattern.Ring, CommPattern.Stencil,
        CommPattern.NearCubicStencil, MatrixPattern {

    /** Receives the flows of a pattern. */
    @FunctionalInterface
    interface FlowSink {
        void flow(int source, int target);
    }

    /**
     * Calls {@code sink} once per flow among {@code tasks} tasks, in ascending (source, target) order.
     *
     * @throws IllegalArgumentException when the pattern is for another number of tasks (a stencil
     *                                  grid or matrix of a different size)
     */
    void forEachFlow(int tasks, FlowSink sink);

    /** Every task sends to every other: k(k-1) flows. What SST assumes when a job says nothing. */
    static CommPattern allToAll() {
        return new AllToAll();
    }

    /** No communication: no flows, no link load. */
    static CommPattern none() {
        return new None();
    }

    /** Task i and task i+1 mod k, both directions: 2k flows for k >= 3, 2 for k = 2, none below. */
    static CommPattern ring() {
        return new Ring();
    }

    /**
     * Nearest neighbours in an x*y*z grid of tasks (task = tx + x*(ty + y*tz), as in SST's
     * {@code mesh X Y Z} option), no wrap-around, both directions. Only for jobs of x*y*z tasks.
     */
    static CommPattern stencil(int x, int y, int z) {
        return new Stencil(x, y, z);
    }

    /** The communication graph in a MatrixMarket file, read once per path; see {@link MatrixPattern}. */
    static CommPattern matrix(Path file) {
        return MatrixPattern.read(file);
    }

    /**
     * The pattern a job's .sim options ask for: {@code mesh X Y [Z]} a stencil, {@code comm FILE} the
     * matrix in FILE, {@code coord COMM COORD} the matrix in COMM (task coordinates only guide SST's
     * coordinate-based task mappers, which map tasks here by node id). When several are given the last
     * wins, as in SST's parser; {@code center} and {@code phase} do not change the pattern. A job
     * without one of them gets {@code defaultPattern} (SST's default is all-to-all).
     *
     * @param traceDir where relative matrix paths resolve (the trace's directory)
     * @throws IllegalArgumentException for malformed options or a matrix file that cannot be read;
     *                                  the message names the file and line
     */
    static CommPattern forJob(Job job, CommPattern defaultPattern, Path traceDir) {
        if (job.options() == null) {
            return defaultPattern;
        }
        String[] words = job.options().trim().split("\\s+");
        CommPattern pattern = defaultPattern;
        for (int i = 0; i < words.length; i++) {
            switch (words[i]) {
                case "mesh" -> {
                    int[] extent = {1, 1, 1};
                    int n = 0;
                    while (n < 3 && i + 1 < words.length && words[i + 1].matches("\\d+")) {
                        extent[n++] = meshExtent(job, words[++i]);
                    }
                    if (n < 2) {
                        throw new IllegalArgumentException(where(job) + "expected 'mesh X Y [Z]' in '" + job.options() + "'");
                    }
                    try {
                        pattern = stencil(extent[0], extent[1], extent[2]);
                    } catch (IllegalArgumentException e) {
                        throw new IllegalArgumentException(where(job) + e.getMessage(), e);
                    }
                }
                case "comm" -> pattern = matrix(traceDir.resolve(argument(job, words, ++i)));
                case "coord" -> {
                    pattern = matrix(traceDir.resolve(argument(job, words, ++i)));
                    argument(job, words, ++i);
                }
                case "center", "phase" -> argument(job, words, ++i);
                default -> throw new IllegalArgumentException(where(job) + "unknown option '" + words[i] + "'");
            }
        }
        return pattern;
    }

    /**
     * A configuration value: {@code all-to-all}, {@code none}, {@code ring}, {@code stencil} (each job's
     * tasks in the near-cubic grid of {@link NearCubicStencil}), or the path of a {@code .mtx} file,
     * resolved against {@code baseDir}.
     */
    static CommPattern parse(String spec, Path baseDir) {
        String s = spec.trim();
        return switch (s) {
            case "all-to-all" -> allToAll();
            case "none" -> none();
            case "ring" -> ring();
            case "stencil" -> new NearCubicStencil();
            default -> {
                if (!s.toLowerCase(Locale.ROOT).endsWith(".mtx")) {
                    throw new IllegalArgumentException("unknown communication pattern '" + spec
                            + "' (expected all-to-all, none, ring, stencil or a .mtx file)");
                }
                yield matrix(baseDir.resolve(s));
            }
        };
    }

    /**
     * Checks a configuration value as {@link #parse} reads it, so that a mistyped pattern is an error
     * even while no network model uses it.
     *
     * @throws IllegalArgumentException saying what is wrong
     */
    public static void check(String spec, Path baseDir) {
        parse(spec, baseDir);
    }

    private static String argument(Job job, String[] words, int i) {
        if (i >= words.length) {
            throw new IllegalArgumentException(where(job) + "option '" + words[i - 1] + "' needs an argument");
        }
        return words[i];
    }

    private static int meshExtent(Job job, String digits) {
        try {
            return Integer.parseInt(digits);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(where(job) + "'" + digits + "' is too large", e);
        }
    }

    private static String where(Job job) {
        return "job " + job.id() + " (trace line " + job.line() + "): ";
    }

    /** See {@link CommPattern#allToAll()}; the traffic calculator counts its flows instead of listing them. */
    record AllToAll() implements CommPattern {
        @Override
        public void forEachFlow(int tasks, FlowSink sink) {
            for (int s = 0; s < tasks; s++) {
                for (int t = 0; t < tasks; t++) {
                    if (s != t) {
                        sink.flow(s, t);
                    }
                }
            }
        }

        @Override
        public String toString() {
            return "all-to-all";
        }
    }

    /** See {@link CommPattern#none()}. */
    record None() implements CommPattern {
        @Override
        public void forEachFlow(int tasks, FlowSink sink) {
        }

        @Override
        public String toString() {
            return "none";
        }
    }

    /** See {@link CommPattern#ring()}. */
    record Ring() implements CommPattern {
        @Override
        public void forEachFlow(int tasks, FlowSink sink) {
            if (tasks < 2) {
                return;
            }
            if (tasks == 2) {
                sink.flow(0, 1);
                sink.flow(1, 0);
                return;
            }
            for (int s = 0; s < tasks; s++) {
                if (s == 0) {
                    sink.flow(0, 1);
                    sink.flow(0, tasks - 1);
                } else if (s == tasks - 1) {
                    sink.flow(s, 0);
                    sink.flow(s, s - 1);
                } else {
                    sink.flow(s, s - 1);
                    sink.flow(s, s + 1);
                }
            }
        }

        @Override
        public String toString() {
            return "ring";
        }
    }

    /** See {@link CommPattern#stencil(int, int, int)}. */
    record Stencil(int x, int y, int z) implements CommPattern {
        public Stencil {
            if (x < 1 || y < 1 || z < 1) {
                throw new IllegalArgumentException("stencil extents must be >= 1: " + x + "x" + y + "x" + z);
            }
            if ((long) x * y * z > Integer.MAX_VALUE) {
                throw new IllegalArgumentException("stencil too large: " + x + "x" + y + "x" + z);
            }
        }

        public int tasks() {
            return x * y * z;
        }

        @Override
        public void forEachFlow(int tasks, FlowSink sink) {
            if (tasks != tasks()) {
                throw new IllegalArgumentException("stencil " + x + "x" + y + "x" + z + " has " + tasks()
                        + " tasks, the job has " + tasks);
            }
            int plane = x * y;
            for (int t = 0; t < tasks; t++) {
                int tx = t % x;
                int ty = (t / x) % y;
                int tz = t / plane;
                // Ascending targets: -plane, -x, -1, +1, +x, +plane.
                if (tz > 0) {
                    sink.flow(t, t - plane);
                }
                if (ty > 0) {
                    sink.flow(t, t - x);
                }
                if (tx > 0) {
                    sink.flow(t, t - 1);
                }
                if (tx < x - 1) {
                    sink.flow(t, t + 1);
                }
                if (ty < y - 1) {
                    sink.flow(t, t + x);
                }
                if (tz < z - 1) {
                    sink.flow(t, t + plane);
                }
            }
        }

        @Override
        public String toString() {
            return "stencil " + x + "x" + y + "x" + z;
        }
    }

    /**
     * A stencil whose grid follows the job: k tasks in the x*y*z = k grid with the smallest largest
     * extent, then the smallest middle one, ordered x >= y >= z (12 -> 3x2x2, 64 -> 4x4x4, 30 ->
     * 5x3x2, a prime p -> px1x1). That is the most compact box of exactly k tasks, what an
     * application would choose for a 3D halo exchange.
     */
    record NearCubicStencil() implements CommPattern {
        /** The grid used for {@code tasks} tasks (at least 1). */
        public static Stencil grid(int tasks) {
            if (tasks < 1) {
                throw new IllegalArgumentException("a stencil needs at least one task: " + tasks);
            }
            int bestX = tasks;
            int bestY = 1;
            int bestZ = 1;
            for (int z = 1; (long) z * z * z <= tasks; z++) {
                if (tasks % z != 0) {
                    continue;
                }
                int rest = tasks / z;
                for (int y = z; (long) y * y <= rest; y++) {
                    if (rest % y != 0) {
                        continue;
                    }
                    int x = rest / y;
                    if (x < bestX || (x == bestX && y < bestY)) {
                        bestX = x;
                        bestY = y;
                        bestZ = z;
                    }
                }
            }
            return new Stencil(bestX, bestY, bestZ);
        }

        @Override
        public void forEachFlow(int tasks, FlowSink sink) {
            if (tasks > 0) {
                grid(tasks).forEachFlow(tasks, sink);
            }
        }

        @Override
        public String toString() {
            return "stencil";
        }
    }
}
