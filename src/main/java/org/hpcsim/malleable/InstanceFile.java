package org.hpcsim.malleable;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.hpcsim.topology.LineTopology;
import org.hpcsim.workload.DataLines;
import org.hpcsim.workload.InputException;

/**
 * Offline instances as CSV: a header {@code id,load,max_nodes,io_node[,rigid]}, then one job per line
 * (load: a_j, or p_j for a rigid job; rigid: true/false, default false); {@code #} lines are comments.
 * Bad lines are reported with file, line and field.
 */
public final class InstanceFile {
    /** The header line. */
    public static final String HEADER = "id,load,max_nodes,io_node,rigid";

    private InstanceFile() {
    }

    /** Reads the jobs of {@code file} for {@code line} and {@code speedup}. */
    public static Instance read(Path file, LineTopology line, Speedup speedup) {
        List<MalleableJob> jobs = new ArrayList<>();
        boolean header = true;
        for (DataLines.Line entry : DataLines.read(file)) {
            int n = entry.number();
            String text = entry.text();
            String[] f = text.split(",", -1);
            if (header) {
                header = false;
                if (!text.replace(" ", "").startsWith("id,load,max_nodes,io_node")) {
                    throw new InputException(file.toString(), n, null, "expected the header " + HEADER);
                }
                continue;
            }
            if (f.length < 4 || f.length > 5) {
                throw new InputException(file.toString(), n, null, "expected id,load,max_nodes,io_node[,rigid]");
            }
            long id = (long) number(file, n, "id", f[0], true);
            double load = number(file, n, "load", f[1], false);
            int maxNodes = (int) number(file, n, "max_nodes", f[2], true);
            int io = (int) number(file, n, "io_node", f[3], true);
            String r = f.length > 4 ? f[4].strip().toLowerCase(Locale.ROOT) : "false";
            if (!r.equals("true") && !r.equals("false") && !r.isEmpty()) {
                throw new InputException(file.toString(), n, "rigid", "expected true or false, got '" + f[4].strip() + "'");
            }
            if (io >= line.ioCount()) {
                throw new InputException(file.toString(), n, "io_node", "expected 0.." + (line.ioCount() - 1)
                        + " (the line has " + line.ioCount() + " I/O nodes), got " + io);
            }
            if (maxNodes < 1 || maxNodes > line.size()) {
                throw new InputException(file.toString(), n, "max_nodes", "expected 1.." + line.size() + ", got " + maxNodes);
            }
            try {
                jobs.add(new MalleableJob(id, load, maxNodes, io, r.equals("true")));
            } catch (IllegalArgumentException e) {
                throw new InputException(file.toString(), n, null, e.getMessage());
            }
        }
        try {
            return new Instance(line, jobs, speedup);
        } catch (IllegalArgumentException e) {
            throw new InputException(file.toString(), 0, "id", e.getMessage());
        }
    }

    private static double number(Path file, int line, String field, String text, boolean integer) {
        String t = text.strip();
        try {
            double v = integer ? Long.parseLong(t) : Double.parseDouble(t);
            if (v >= 0 && Double.isFinite(v) && (integer || v > 0)) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new InputException(file.toString(), line, field, "expected a " + (integer ? "non-negative integer"
                : "positive number") + ", got '" + t + "'");
    }

    /** The instance as CSV, in the format {@link #read} takes. */
    public static String write(Instance instance) {
        StringBuilder b = new StringBuilder(HEADER).append('\n');
        for (MalleableJob j : instance.jobs()) {
            b.append(j.id()).append(',').append(j.load()).append(',').append(j.maxNodes()).append(',').append(j.io())
                    .append(',').append(j.rigid()).append('\n');
        }
        return b.toString();
    }
}
