package org.hpcsim.allocation;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.hpcsim.workload.FileErrors;
import org.hpcsim.workload.InputException;

/**
 * Reads a pinned-allocation file: one line per job, {@code jobid: n1,n2,...} (node ids separated by
 * commas or spaces; blank lines and {@code #} comments ignored).
 */
public final class Pins {
    private Pins() {
    }

    /**
     * Job id -> its nodes, ascending.
     *
     * @throws InputException naming the file, line and field of a malformed line, a node outside the
     *                        machine, a repeated node or a job pinned twice
     */
    public static Map<Long, int[]> read(Path file, int machineNodes) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw FileErrors.reading(file, "pinned", e);
        }
        Map<Long, int[]> pins = new LinkedHashMap<>();
        for (int i = 0; i < lines.size(); i++) {
            int number = i + 1;
            String s = lines.get(i);
            int hash = s.indexOf('#');
            if (hash >= 0) {
                s = s.substring(0, hash);
            }
            s = s.strip();
            if (s.isEmpty()) {
                continue;
            }
            int colon = s.indexOf(':');
            if (colon < 0) {
                throw new InputException(file, number, "line", "expected 'jobid: n1,n2,...', got '" + s + "'");
            }
            long id;
            try {
                id = Long.parseLong(s.substring(0, colon).strip());
            } catch (NumberFormatException e) {
                throw new InputException(file, number, "jobid", "expected an integer job id, got '"
                        + s.substring(0, colon).strip() + "'");
            }
            String[] tokens = s.substring(colon + 1).strip().split("[,\\s]+");
            if (tokens.length == 1 && tokens[0].isEmpty()) {
                throw new InputException(file, number, "nodes", "job " + id + " is pinned to no nodes");
            }
            int[] nodes = new int[tokens.length];
            for (int k = 0; k < tokens.length; k++) {
                try {
                    nodes[k] = Integer.parseInt(tokens[k]);
                } catch (NumberFormatException e) {
                    throw new InputException(file, number, "nodes", "expected a node id, got '" + tokens[k] + "'");
                }
                if (nodes[k] < 0 || nodes[k] >= machineNodes) {
                    throw new InputException(file, number, "nodes", "node " + nodes[k] + " is outside the machine (ids 0.."
                            + (machineNodes - 1) + ")");
                }
            }
            Arrays.sort(nodes);
            for (int k = 1; k < nodes.length; k++) {
                if (nodes[k] == nodes[k - 1]) {
                    throw new InputException(file, number, "nodes", "node " + nodes[k] + " is listed twice");
                }
            }
            if (pins.put(id, nodes) != null) {
                throw new InputException(file, number, "jobid", "job " + id + " is pinned twice");
            }
        }
        return pins;
    }
}
