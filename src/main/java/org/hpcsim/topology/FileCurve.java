package org.hpcsim.topology;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.hpcsim.workload.FileErrors;

/**
 * An ordering read from a file, for networks no built-in curve suits: one node id per line in
 * rank order (blank lines and lines starting with {@code #} are ignored). The file must list every
 * node of the machine exactly once; a bad file is reported as {@code file:line: what}.
 */
public final class FileCurve implements Curve {
    private final Path file;

    public FileCurve(Path file) {
        this.file = file;
    }

    @Override
    public int[] order(Topology topology) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw FileErrors.reading(file, "curve", e);
        }
        int n = topology.size();
        int[] order = new int[n];
        int[] seenAt = new int[n];
        int count = 0;
        for (int i = 0; i < lines.size(); i++) {
            String s = lines.get(i).strip();
            if (s.isEmpty() || s.startsWith("#")) {
                continue;
            }
            int line = i + 1;
            int node;
            try {
                node = Integer.parseInt(s);
            } catch (NumberFormatException e) {
                throw error(line, "expected a node id (integer), got '" + s + "'");
            }
            if (node < 0 || node >= n) {
                throw error(line, "node " + node + " is outside " + topology.spec()
                        + " (ids 0.." + (n - 1) + ")");
            }
            if (seenAt[node] != 0) {
                throw error(line, "node " + node + " already listed on line " + seenAt[node]);
            }
            if (count == n) {
                throw error(line, "more ids than the " + n + " nodes of " + topology.spec());
            }
            seenAt[node] = line;
            order[count++] = node;
        }
        if (count != n) {
            throw error(0, "lists " + count + " nodes, " + topology.spec() + " has " + n);
        }
        return order;
    }

    /** A bad ordering file, as {@code file:line: message} (no line when 0). */
    private IllegalArgumentException error(int line, String message) {
        return new IllegalArgumentException(file + (line > 0 ? ":" + line : "") + ": " + message);
    }

    /** The file, for messages and reports. */
    public Path file() {
        return file;
    }
}
