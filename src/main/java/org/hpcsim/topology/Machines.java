package org.hpcsim.topology;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.hpcsim.workload.FileErrors;

/**
 * Parses machine specs: {@code simple:N}, {@code mesh:XxY[xZ]}, {@code torus:XxY[xZ]}, {@code line:LAYOUT}
 * (see {@link LineTopology#parse}) and {@code line:@FILE} (the layout read from a file; {@code #} starts a
 * comment, lines are joined).
 */
public final class Machines {
    private static final Pattern SIMPLE = Pattern.compile("simple:(\\d+)");
    private static final Pattern GRID = Pattern.compile("(mesh|torus):(\\d+)x(\\d+)(?:x(\\d+))?");

    private Machines() {
    }

    /**
     * Builds the topology for a spec.
     *
     * @throws IllegalArgumentException with a message saying what was expected
     */
    public static Topology parse(String spec) {
        String s = spec.strip();
        if (s.startsWith("line:")) {
            String layout = s.substring(5).strip();
            try {
                if (layout.startsWith("@")) {
                    java.nio.file.Path file = java.nio.file.Path.of(layout.substring(1).strip());
                    StringBuilder text = new StringBuilder();
                    for (String line : java.nio.file.Files.readAllLines(file)) {
                        int hash = line.indexOf('#');
                        text.append(hash < 0 ? line : line.substring(0, hash)).append(' ');
                    }
                    layout = text.toString();
                }
                return LineTopology.parse(layout);
            } catch (java.io.IOException e) {
                throw FileErrors.reading(java.nio.file.Path.of(layout.substring(1).strip()), "line layout", e);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("bad machine spec '" + spec + "': " + e.getMessage());
            }
        }
        Matcher m = SIMPLE.matcher(s);
        if (m.matches()) {
            return new SimpleTopology(positive(m.group(1), spec));
        }
        m = GRID.matcher(s);
        if (m.matches()) {
            int x = positive(m.group(2), spec);
            int y = positive(m.group(3), spec);
            int[] dims = m.group(4) == null ? new int[] {x, y} : new int[] {x, y, positive(m.group(4), spec)};
            checkSize(dims, spec);
            return m.group(1).equals("mesh") ? new MeshTopology(dims) : new TorusTopology(dims);
        }
        throw new IllegalArgumentException("bad machine spec '" + spec
                + "' (expected simple:N, mesh:XxY[xZ] or torus:XxY[xZ] with positive integers, or line:LAYOUT such as"
                + " 'line:C8 IO C8')");
    }

    private static int positive(String digits, String spec) {
        try {
            int v = Integer.parseInt(digits);
            if (v >= 1) {
                return v;
            }
        } catch (NumberFormatException e) {
            // too large; reported below
        }
        throw new IllegalArgumentException("bad machine spec '" + spec + "': sizes must be integers from 1 to "
                + (1 << 28));
    }

    private static void checkSize(int[] dims, String spec) {
        long n = 1;
        for (int d : dims) {
            n *= d;
        }
        if (n > 1 << 28) {
            throw new IllegalArgumentException("bad machine spec '" + spec + "': " + n + " nodes is too many");
        }
    }
}
