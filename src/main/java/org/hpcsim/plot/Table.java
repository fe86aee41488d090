package org.hpcsim.plot;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The numeric columns of a CSV file by header name ({@code timeseries.csv}, {@code thermal.csv},
 * {@code inlet.csv}): an empty field reads as NaN (a value that was not defined then).
 */
final class Table {
    private final Path file;
    private final Map<String, double[]> columns;
    private final long[] lines;
    private final int rows;

    private Table(Path file, Map<String, double[]> columns, long[] lines, int rows) {
        this.file = file;
        this.columns = columns;
        this.lines = lines;
        this.rows = rows;
    }

    /**
     * Reads the named columns: {@code required} ones must be in the header, {@code optional} ones are
     * read when they are; any other column is ignored.
     *
     * @throws org.hpcsim.workload.InputException naming the file, line and column of a missing column
     *                                            or a field that is not a number
     */
    static Table read(Path file, List<String> required, List<String> optional) {
        try (Csv csv = Csv.open(file)) {
            Map<String, Integer> index = new LinkedHashMap<>();
            for (String c : required) {
                index.put(c, csv.column(c));
            }
            for (String c : optional) {
                if (csv.has(c)) {
                    index.put(c, csv.column(c));
                }
            }
            int[] at = index.values().stream().mapToInt(Integer::intValue).toArray();
            double[][] data = new double[at.length][1024];
            long[] lines = new long[1024];
            int n = 0;
            while (csv.next()) {
                if (n == lines.length) {
                    for (int c = 0; c < at.length; c++) {
                        data[c] = Arrays.copyOf(data[c], 2 * n);
                    }
                    lines = Arrays.copyOf(lines, 2 * n);
                }
                lines[n] = csv.line();
                for (int c = 0; c < at.length; c++) {
                    data[c][n] = csv.number(at[c]);
                }
                n++;
            }
            Map<String, double[]> columns = new LinkedHashMap<>();
            int c = 0;
            for (String name : index.keySet()) {
                columns.put(name, Arrays.copyOf(data[c++], n));
            }
            return new Table(file, columns, Arrays.copyOf(lines, n), n);
        }
    }

    Path file() {
        return file;
    }

    int rows() {
        return rows;
    }

    /** The line of the file a row came from, for messages. */
    long line(int row) {
        return lines[row];
    }

    boolean has(String column) {
        return columns.containsKey(column);
    }

    /** A column that was read; null if the file does not have it. */
    double[] column(String name) {
        return columns.get(name);
    }

    /** Whether a column was read and holds some defined value. */
    boolean defined(String name) {
        double[] v = columns.get(name);
        if (v == null) {
            return false;
        }
        for (double d : v) {
            if (!Double.isNaN(d)) {
                return true;
            }
        }
        return false;
    }
}
