package org.hpcsim.malleable;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.hpcsim.topology.NodeRanges;
import org.hpcsim.workload.DataLines;
import org.hpcsim.workload.InputException;

/**
 * Schedules as CSV: {@code job,nodes,q,io_node,start,end}, nodes as ranges of compute node ids such as
 * {@code 4-7} or {@code 1-2;5} (a non-contiguous list is read as given, for the verifier to reject).
 */
public final class ScheduleFile {
    /** The header line. */
    public static final String HEADER = "job,nodes,q,io_node,start,end";

    private ScheduleFile() {
    }

    /** The schedule as CSV. */
    public static String write(List<Placement> schedule) {
        StringBuilder b = new StringBuilder(HEADER).append('\n');
        for (Placement p : schedule) {
            b.append(p.job()).append(',').append(NodeRanges.format(p.nodes()).replace(',', ';')).append(',')
                    .append(p.count()).append(',').append(p.io()).append(',').append(p.start()).append(',')
                    .append(p.end()).append('\n');
        }
        return b.toString();
    }

    /** Reads a schedule written by {@link #write} (or by hand). */
    public static List<Placement> read(Path file) {
        List<Placement> out = new ArrayList<>();
        List<DataLines.Line> lines = DataLines.read(file);
        for (DataLines.Line entry : lines.subList(Math.min(1, lines.size()), lines.size())) { // after the header
            int n = entry.number();
            String text = entry.text();
            String[] f = text.split(",", -1);
            if (f.length != 6) {
                throw new InputException(file.toString(), n, null, "expected " + HEADER);
            }
            String field = "job";
            try {
                long job = Long.parseLong(f[0].strip());
                field = "nodes";
                int[] nodes = NodeRanges.parse(f[1].strip().replace(';', ','));
                field = "io_node";
                int io = Integer.parseInt(f[3].strip());
                field = "start";
                double start = Double.parseDouble(f[4].strip());
                field = "end";
                double end = Double.parseDouble(f[5].strip());
                out.add(new Placement(job, nodes, io, start, end));
            } catch (IllegalArgumentException e) {
                throw new InputException(file.toString(), n, field, "cannot read '" + text + "': " + e.getMessage());
            }
        }
        return out;
    }
}
