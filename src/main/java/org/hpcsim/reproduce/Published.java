package org.hpcsim.reproduce;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.hpcsim.plot.Csv;

/**
 * One figure as a paper (or SST's reference output) published it, read from the data file
 * {@value #RESOURCE}, the one place hpcsim keeps published values.
 *
 * @param experiment the reproduction it belongs to, e.g. {@code meng-table1}
 * @param row        its row in the published table
 * @param column     its column
 * @param value      the figure (times in seconds)
 * @param unit       its unit
 * @param claim      how hpcsim's figure should relate to it
 * @param source     the paper and the place in it
 */
public record Published(String experiment, String row, String column, double value, String unit, Claim claim,
                        String source) {

    /** The data file, a class-path resource. */
    public static final String RESOURCE = "org/hpcsim/reproduce/published.csv";

    /** How hpcsim's figure should relate to the published one. */
    public enum Claim {
        /** The same figure. */
        EQUAL("="),
        /** Above it (e.g. an optimum that must exceed a theorem's target). */
        ABOVE(">");

        private final String symbol;

        Claim(String symbol) {
            this.symbol = symbol;
        }

        public String symbol() {
            return symbol;
        }

        static Claim of(String symbol) {
            for (Claim c : values()) {
                if (c.symbol.equals(symbol)) {
                    return c;
                }
            }
            throw new IllegalArgumentException("claim must be = or >, got '" + symbol + "'");
        }
    }

    private static final List<Published> ALL = read();

    /** Every published figure, in the file's order. */
    public static List<Published> all() {
        return ALL;
    }

    private static List<Published> read() {
        InputStream in = Published.class.getClassLoader().getResourceAsStream(RESOURCE);
        if (in == null) {
            throw new IllegalStateException("missing resource " + RESOURCE);
        }
        List<Published> values = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            boolean header = true;
            int lineNumber = 0;
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                lineNumber++;
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                if (header) {
                    header = false;
                    continue;
                }
                List<String> f = Csv.fields(line);
                if (f.size() != 7) {
                    throw new IllegalStateException(RESOURCE + " line " + lineNumber + ": expected 7 fields, got " + f.size());
                }
                values.add(new Published(f.get(0), f.get(1), f.get(2), Double.parseDouble(f.get(3)), f.get(4),
                        Claim.of(f.get(5)), f.get(6)));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return List.copyOf(values);
    }

    /** The figures of one experiment. */
    public static List<Published> of(String experiment) {
        return ALL.stream().filter(p -> p.experiment.equals(experiment)).toList();
    }

    /** The figure at ({@code row}, {@code column}) of {@code values}. */
    public static Published at(List<Published> values, String row, String column) {
        for (Published p : values) {
            if (p.row.equals(row) && p.column.equals(column)) {
                return p;
            }
        }
        throw new IllegalStateException("no published value at (" + row + ", " + column + ")");
    }
}
