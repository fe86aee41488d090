package org.hpcsim.network;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.hpcsim.workload.FileErrors;

/**
 * A communication graph read from a MatrixMarket file ({@code %%MatrixMarket matrix coordinate
 * pattern|real|integer|complex general|symmetric|skew-symmetric|hermitian}, then {@code rows cols
 * entries}, then 1-based {@code row col [value...]} lines; {@code %} comment lines and blank lines
 * are skipped). An n x n matrix is a pattern for n tasks: every entry (i, j) with i != j is one flow
 * i -> j, and in a file that is not {@code general} also j -> i, since such files store one triangle.
 * Values are checked to be numbers but otherwise ignored, zeros included, as SST does when it reads
 * a communication graph; diagonal entries (a task talking to itself) are no flows.
 *
 * <p>Each file is parsed once per path and kept for the life of the JVM: a trace names the same
 * graph for hundreds of jobs, and the files are inputs that do not change during a run.
 */
public final class MatrixPattern implements CommPattern {
    private static final ConcurrentHashMap<Path, MatrixPattern> CACHE = new ConcurrentHashMap<>();
    private static final Set<String> SYMMETRIES = Set.of("general", "symmetric", "skew-symmetric", "hermitian");

    private final Path file;
    private final int tasks;
    /** Flows as source * tasks + target, ascending, distinct. */
    private final long[] flows;

    private MatrixPattern(Path file, int tasks, long[] flows) {
        this.file = file;
        this.tasks = tasks;
        this.flows = flows;
    }

    /** The pattern in {@code file}, from the cache when that path was read before. */
    static MatrixPattern read(Path file) {
        Path key = file.toAbsolutePath().normalize();
        MatrixPattern cached = CACHE.get(key);
        if (cached != null) {
            return cached;
        }
        // Parsed outside the map so that one slow file does not block others; a lost race reads twice.
        MatrixPattern parsed = parse(file);
        MatrixPattern raced = CACHE.putIfAbsent(key, parsed);
        return raced != null ? raced : parsed;
    }

    public Path file() {
        return file;
    }

    /** The matrix's order: the number of tasks of the jobs that can use it. */
    public int tasks() {
        return tasks;
    }

    /** Number of distinct flows. */
    public int flowCount() {
        return flows.length;
    }

    @Override
    public void forEachFlow(int tasks, FlowSink sink) {
        if (tasks != this.tasks) {
            throw new IllegalArgumentException("matrix " + file + " has " + this.tasks + " tasks, the job has " + tasks);
        }
        for (long f : flows) {
            sink.flow((int) (f / tasks), (int) (f % tasks));
        }
    }

    @Override
    public String toString() {
        return "matrix " + file;
    }

    private static MatrixPattern parse(Path file) {
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.ISO_8859_1)) {
            return new Parser(file, in).parse();
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException(file + ": no such file", e);
        } catch (IOException e) {
            throw FileErrors.reading(file, null, e);
        }
    }

    /** One pass over a file, tracking the line number for messages. */
    private static final class Parser {
        private final Path file;
        private final BufferedReader in;
        private long lineNumber;

        Parser(Path file, BufferedReader in) {
            this.file = file;
            this.in = in;
        }

        MatrixPattern parse() throws IOException {
            String header = in.readLine();
            lineNumber = 1;
            if (header == null) {
                throw error("empty file, expected a '%%MatrixMarket matrix coordinate ...' header");
            }
            String[] h = header.trim().toLowerCase(Locale.ROOT).split("\\s+");
            if (h.length != 5 || !h[0].equals("%%matrixmarket") || !h[1].equals("matrix")) {
                throw error("expected '%%MatrixMarket matrix coordinate FIELD SYMMETRY', found '" + header.trim() + "'");
            }
            if (!h[2].equals("coordinate")) {
                throw error("a communication graph must be a 'coordinate' matrix, not '" + h[2] + "'");
            }
            int values = switch (h[3]) {
                case "pattern" -> 0;
                case "real", "double", "integer" -> 1;
                case "complex" -> 2;
                default -> throw error("unknown field '" + h[3] + "' (expected pattern, real, integer or complex)");
            };
            boolean integer = h[3].equals("integer");
            if (!SYMMETRIES.contains(h[4])) {
                throw error("unknown symmetry '" + h[4] + "' (expected general, symmetric, skew-symmetric or hermitian)");
            }
            boolean bothWays = !h[4].equals("general");

            String[] size = nextData();
            if (size == null) {
                throw error("missing the 'rows columns entries' line");
            }
            long sizeLine = lineNumber;
            if (size.length != 3) {
                throw error("expected 'rows columns entries', found " + size.length + " field" + (size.length == 1 ? "" : "s"));
            }
            int rows = count(size[0], "rows");
            int columns = count(size[1], "columns");
            long entries = count(size[2], "entries");
            if (rows != columns) {
                throw error("a communication graph must be square, this matrix is " + rows + " x " + columns);
            }
            if (rows == 0) {
                throw error("a communication graph needs at least one task");
            }

            long[] flows = new long[(int) Math.min(1 << 16, 2L * entries)];
            int n = 0;
            long read = 0;
            for (String[] entry = nextData(); entry != null; entry = nextData()) {
                if (++read > entries) {
                    throw error("more entries than the " + entries + " declared on line " + sizeLine);
                }
                if (entry.length != 2 + values) {
                    throw error("expected 'row column" + " value".repeat(values) + "', found " + entry.length
                            + " field" + (entry.length == 1 ? "" : "s"));
                }
                int i = index(entry[0], "row", rows);
                int j = index(entry[1], "column", rows);
                for (int v = 2; v < entry.length; v++) {
                    checkNumber(entry[v], integer);
                }
                if (i == j) {
                    continue;
                }
                if (n + 2 > flows.length) {
                    flows = Arrays.copyOf(flows, (int) Math.min(Integer.MAX_VALUE - 8, Math.max(16, 2L * flows.length)));
                }
                flows[n++] = (long) i * rows + j;
                if (bothWays) {
                    flows[n++] = (long) j * rows + i;
                }
            }
            if (read < entries) {
                throw error(entries + " entries declared on line " + sizeLine + ", found " + read);
            }
            long[] sorted = Arrays.copyOf(flows, n);
            Arrays.sort(sorted);
            int distinct = 0;
            for (int k = 0; k < n; k++) {
                if (k == 0 || sorted[k] != sorted[k - 1]) {
                    sorted[distinct++] = sorted[k];
                }
            }
            return new MatrixPattern(file, rows, Arrays.copyOf(sorted, distinct));
        }

        /** The next line that is neither blank nor a comment, split into fields; null at the end. */
        private String[] nextData() throws IOException {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                lineNumber++;
                String t = line.trim();
                if (!t.isEmpty() && t.charAt(0) != '%') {
                    return t.split("\\s+");
                }
            }
            return null;
        }

        private int count(String text, String what) {
            try {
                int v = Integer.parseInt(text);
                if (v >= 0) {
                    return v;
                }
            } catch (NumberFormatException e) {
                // reported below
            }
            throw error(what + ": '" + text + "' is not a count");
        }

        private int index(String text, String what, int order) {
            try {
                int v = Integer.parseInt(text);
                if (v >= 1 && v <= order) {
                    return v - 1;
                }
            } catch (NumberFormatException e) {
                // reported below
            }
            throw error(what + ": '" + text + "' is not an index in 1.." + order);
        }

        private void checkNumber(String text, boolean integer) {
            try {
                if (integer) {
                    Long.parseLong(text);
                } else {
                    Double.parseDouble(text);
                }
            } catch (NumberFormatException e) {
                throw error("value: '" + text + "' is not " + (integer ? "an integer" : "a number"));
            }
        }

        private IllegalArgumentException error(String message) {
            return new IllegalArgumentException(file + ":" + lineNumber + ": " + message);
        }
    }
}
