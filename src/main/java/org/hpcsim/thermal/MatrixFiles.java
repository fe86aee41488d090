package org.hpcsim.thermal;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import org.hpcsim.workload.FileErrors;
import org.hpcsim.workload.InputException;

/**
 * Reads an n x n matrix (D or A) from a file whose format is told by its content:
 * <ul>
 * <li>MatrixMarket: first line {@code %%MatrixMarket matrix coordinate|array real|double|integer general};
 *     {@code coordinate} lists {@code i j value} with 1-based indices, {@code array} lists all values
 *     column by column (as the MatrixMarket specification orders them);</li>
 * <li>CSV: one matrix row per line, comma separated;</li>
 * <li>triplets: {@code i j value} per line, whitespace separated, 0-based indices (SST's 2014 D file).</li>
 * </ul>
 * Blank lines are skipped, and so are lines starting with {@code #} (CSV, triplets) or {@code %}
 * (MatrixMarket). Entries not given are 0; an entry given twice is an error.
 *
 * <p>Triplet files have no size line, so two rules stand in for one. An entry with an index at or
 * beyond n is ignored when its value is 0 and is an error otherwise: SST's 2014 D file has such a
 * spurious all-zero 41st column for 40 nodes. And some entry (a zero will do) must name node n - 1,
 * so that a file for a smaller room is not silently padded with zeros.
 */
final class MatrixFiles {

    /** Receives each entry; returns null to accept it, or what is wrong with it. */
    interface Sink {
        String accept(int i, int j, double value);
    }

    private MatrixFiles() {
    }

    static void read(Path file, int n, Sink sink) throws IOException {
        if (n < 1) {
            throw new IllegalArgumentException("matrix size must be >= 1, got " + n);
        }
        BufferedReader in;
        try {
            in = Files.newBufferedReader(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw FileErrors.reading(file, "file", e);
        }
        try (in) {
            new Parser(file, n, sink, in).parse();
        }
    }

    private static final class Parser {
        private final Path file;
        private final int n;
        private final Sink sink;
        private final BufferedReader in;
        private long line;
        private BitSet seenSmall;
        private Set<Long> seenLarge;

        Parser(Path file, int n, Sink sink, BufferedReader in) {
            this.file = file;
            this.n = n;
            this.sink = sink;
            this.in = in;
        }

        void parse() throws IOException {
            String first = in.readLine();
            line = 1;
            while (first != null && first.isBlank()) {
                first = in.readLine();
                line++;
            }
            if (first == null) {
                throw error(0, "file", "empty file: expected a " + n + " x " + n + " matrix");
            }
            if (first.startsWith("%%")) {
                matrixMarket(first);
                return;
            }
            String data = first;
            while (data != null && (data.isBlank() || data.startsWith("#"))) {
                data = in.readLine();
                line++;
            }
            if (data == null) {
                throw error(line - 1, "file", "no matrix entries: expected a " + n + " x " + n + " matrix");
            }
            if (data.indexOf(',') >= 0 || tokens(data).length == 1) {
                csv(data);
            } else if (tokens(data).length == 3) {
                triplets(data);
            } else {
                throw error(line, "format", "expected MatrixMarket (%%MatrixMarket header), CSV rows or 'i j value'"
                        + " triplets, got '" + data.strip() + "'");
            }
        }

        private String next(String comment) throws IOException {
            String s;
            do {
                s = in.readLine();
                line++;
            } while (s != null && (s.isBlank() || s.startsWith(comment)));
            return s;
        }

        private void matrixMarket(String header) throws IOException {
            String[] h = tokens(header.toLowerCase(Locale.ROOT));
            boolean array = h.length == 5 && h[2].equals("array");
            if (h.length != 5 || !h[0].equals("%%matrixmarket") || !h[1].equals("matrix")
                    || !(array || h[2].equals("coordinate")) || !(h[3].equals("real") || h[3].equals("double")
                    || h[3].equals("integer")) || !h[4].equals("general")) {
                throw error(line, "header", "expected '%%MatrixMarket matrix coordinate|array real|double|integer"
                        + " general', got '" + header.strip() + "'");
            }
            String sizeLine = next("%");
            if (sizeLine == null) {
                throw error(line - 1, "size line", "missing: expected '" + n + " " + n + (array ? "" : " ENTRIES") + "'");
            }
            String[] s = tokens(sizeLine);
            if (s.length != (array ? 2 : 3)) {
                throw error(line, "size line", "expected '" + n + " " + n + (array ? "" : " ENTRIES") + "', got '"
                        + sizeLine.strip() + "'");
            }
            long rows = integer(s[0], "size line");
            long cols = integer(s[1], "size line");
            if (rows != n || cols != n) {
                throw error(line, "size line", "the matrix is " + rows + " x " + cols + " but the room has " + n
                        + " nodes");
            }
            if (array) {
                mmArray();
            } else {
                mmCoordinate(integer(s[2], "size line"));
            }
        }

        private void mmArray() throws IOException {
            long count = 0;
            long total = (long) n * n;
            String s;
            while ((s = next("%")) != null) {
                for (String t : tokens(s)) {
                    if (count == total) {
                        throw error(line, "values", "more than the " + total + " values of a " + n + " x " + n
                                + " matrix");
                    }
                    int i = (int) (count % n);
                    int j = (int) (count / n);
                    entry(i, j, number(t, "value (" + (i + 1) + ", " + (j + 1) + ")"), "value (" + (i + 1) + ", "
                            + (j + 1) + ")");
                    count++;
                }
            }
            if (count != total) {
                throw error(line - 1, "values", "expected " + total + " values (" + n + " x " + n + ", column by column),"
                        + " found " + count);
            }
        }

        private void mmCoordinate(long declared) throws IOException {
            long count = 0;
            String s;
            while ((s = next("%")) != null) {
                String[] t = tokens(s);
                if (t.length != 3) {
                    throw error(line, "entry", "expected 'i j value' (1-based), got '" + s.strip() + "'");
                }
                if (++count > declared) {
                    throw error(line, "entry", "more entries than the " + declared + " of the size line");
                }
                long i = integer(t[0], "row index");
                long j = integer(t[1], "column index");
                if (i < 1 || i > n) {
                    throw error(line, "row index", i + " is outside 1.." + n);
                }
                if (j < 1 || j > n) {
                    throw error(line, "column index", j + " is outside 1.." + n);
                }
                String field = "entry (" + i + ", " + j + ")";
                once((int) i - 1, (int) j - 1, field);
                entry((int) i - 1, (int) j - 1, number(t[2], field), field);
            }
            if (count != declared) {
                throw error(line - 1, "entries", "the size line declares " + declared + " entries, found " + count);
            }
        }

        private void csv(String firstRow) throws IOException {
            int row = 0;
            for (String s = firstRow; s != null; s = next("#")) {
                if (row == n) {
                    throw error(line, "row " + (row + 1), "more than the " + n + " rows of a " + n + " x " + n + " matrix");
                }
                String[] t = s.split(",", -1);
                if (t.length != n) {
                    throw error(line, "row " + (row + 1), "expected " + n + " comma-separated values, got " + t.length);
                }
                for (int j = 0; j < n; j++) {
                    String field = "row " + (row + 1) + ", column " + (j + 1);
                    entry(row, j, number(t[j].strip(), field), field);
                }
                row++;
            }
            if (row != n) {
                throw error(line - 1, "rows", "expected " + n + " rows, found " + row);
            }
        }

        private void triplets(String firstEntry) throws IOException {
            boolean namesLast = false;
            for (String s = firstEntry; s != null; s = next("#")) {
                String[] t = tokens(s);
                if (t.length != 3) {
                    throw error(line, "entry", "expected 'i j value' (0-based), got '" + s.strip() + "'");
                }
                long i = integer(t[0], "row index");
                long j = integer(t[1], "column index");
                String field = "entry (" + i + ", " + j + ")";
                double v = number(t[2], field);
                if (i < 0 || j < 0) {
                    throw error(line, field, "indices are 0-based and cannot be negative");
                }
                if (i >= n || j >= n) {
                    if (v != 0) {
                        throw error(line, field, "outside the " + n + " x " + n + " matrix (0-based indices up to "
                                + (n - 1) + ") with a nonzero value");
                    }
                    continue;
                }
                namesLast |= i == n - 1 || j == n - 1;
                once((int) i, (int) j, field);
                entry((int) i, (int) j, v, field);
            }
            if (!namesLast) {
                throw error(line - 1, "size", "no entry names node " + (n - 1) + ": the file is for fewer than the "
                        + n + " nodes of the room (a sparse file may give '" + (n - 1) + " " + (n - 1) + " 0')");
            }
        }

        private void entry(int i, int j, double v, String field) {
            String problem = sink.accept(i, j, v);
            if (problem != null) {
                throw error(line, field, problem);
            }
        }

        private void once(int i, int j, String field) {
            boolean fresh;
            if ((long) n * n <= Integer.MAX_VALUE) {
                if (seenSmall == null) {
                    seenSmall = new BitSet();
                }
                int bit = i * n + j;
                fresh = !seenSmall.get(bit);
                seenSmall.set(bit);
            } else {
                if (seenLarge == null) {
                    seenLarge = new HashSet<>();
                }
                fresh = seenLarge.add((long) i * n + j);
            }
            if (!fresh) {
                throw error(line, field, "given twice");
            }
        }

        private long integer(String t, String field) {
            try {
                return Long.parseLong(t);
            } catch (NumberFormatException e) {
                throw error(line, field, "'" + t + "' is not an integer");
            }
        }

        private double number(String t, String field) {
            double v;
            // Double.parseDouble also takes Java suffixes ("1d", "2f"); a matrix file has none.
            char last = t.isEmpty() ? ' ' : t.charAt(t.length() - 1);
            try {
                v = Character.isDigit(last) || last == '.' ? Double.parseDouble(t) : Double.NaN;
            } catch (NumberFormatException e) {
                v = Double.NaN;
            }
            if (!Double.isFinite(v)) {
                throw error(line, field, "'" + t + "' is not a finite number");
            }
            return v;
        }

        private InputException error(long at, String field, String message) {
            return new InputException(file, at, field, message);
        }
    }

    private static String[] tokens(String s) {
        String t = s.strip();
        return t.isEmpty() ? new String[0] : t.split("\\s+");
    }
}
