package org.hpcsim.storage;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.hpcsim.topology.LineTopology;
import org.hpcsim.workload.DataLines;
import org.hpcsim.workload.InputException;
import org.hpcsim.workload.Job;

/**
 * Which I/O node each job needs and how many bytes it reads at its start and writes at its end.
 * {@code round-robin}: job k of the trace (0-based) needs I/O node k mod m_IO; {@code nearest}: no node
 * in particular ({@link #ioOf} is -1; the job uses the I/O node nearest its allocation); {@code file}:
 * the jobs file names it. A jobs file ({@code job,io_node,read,write}, header first, job = the trace's
 * job id) may also give volumes under the other rules; an empty volume keeps the default.
 */
public final class IoAssignment {
    private final LineTopology line;
    private final IoOptions options;
    private final Map<Long, Entry> file;

    /** One line of the jobs file: the I/O node (-1 when empty) and volumes (-1 when empty). */
    record Entry(int io, long read, long write) {
    }

    private IoAssignment(LineTopology line, IoOptions options, Map<Long, Entry> file) {
        this.line = line;
        this.options = options;
        this.file = file;
    }

    /**
     * Reads the jobs file if there is one.
     *
     * @throws InputException for a bad file (file, line, field), or a line without I/O nodes
     */
    public static IoAssignment of(LineTopology line, IoOptions options) {
        if (line.ioCount() == 0 && options.any()) {
            throw new InputException("configuration", 0, "io", "jobs do I/O but the line " + line.spec()
                    + " has no I/O nodes");
        }
        Map<Long, Entry> entries = options.jobsFile() == null ? Map.of() : read(options.jobsFile(), line.ioCount(),
                options.assign() == IoOptions.Assign.FILE);
        return new IoAssignment(line, options, entries);
    }

    private static Map<Long, Entry> read(Path file, int ioCount, boolean needIo) {
        Map<Long, Entry> out = new HashMap<>();
        boolean header = true;
        for (DataLines.Line line : DataLines.read(file)) {
            int n = line.number();
            String text = line.text();
            String[] f = text.split(",", -1);
            if (header) {
                header = false;
                if (f.length < 2 || !f[0].strip().equals("job") || !f[1].strip().equals("io_node")) {
                    throw new InputException(file.toString(), n, null, "expected the header job,io_node,read,write");
                }
                continue;
            }
            if (f.length < 2 || f.length > 4) {
                throw new InputException(file.toString(), n, null, "expected job,io_node[,read[,write]]");
            }
            long job = number(file, n, "job", f[0], false);
            long io = number(file, n, "io_node", f[1], true);
            if (io >= ioCount || (needIo && io < 0)) {
                throw new InputException(file.toString(), n, "io_node", "expected an I/O node 0.." + (ioCount - 1)
                        + ", got '" + f[1].strip() + "'");
            }
            long read = f.length > 2 ? number(file, n, "read", f[2], true) : -1;
            long write = f.length > 3 ? number(file, n, "write", f[3], true) : -1;
            if (out.put(job, new Entry((int) io, read, write)) != null) {
                throw new InputException(file.toString(), n, "job", "job " + job + " appears twice");
            }
        }
        return out;
    }

    private static long number(Path file, int line, String field, String text, boolean emptyAllowed) {
        String t = text.strip();
        if (t.isEmpty() && emptyAllowed) {
            return -1;
        }
        try {
            long v = Long.parseLong(t);
            if (v >= 0) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new InputException(file.toString(), line, field, "expected a non-negative integer, got '" + t + "'");
    }

    /** Checks that the file names an I/O node for the job when it must; called for every job of the trace. */
    public void check(Job job) {
        if (options.assign() == IoOptions.Assign.FILE && !file.containsKey(job.id())) {
            throw new InputException(options.jobsFile().toString(), 0, "job", "job " + job.id()
                    + " of the trace has no line, and io.assign = file needs one for every job");
        }
    }

    public LineTopology line() {
        return line;
    }

    /** The I/O node the job needs, or -1 when any will do (nearest). */
    public int ioOf(Job job) {
        Entry e = file.get(job.id());
        if (e != null && e.io() >= 0) {
            return e.io();
        }
        return switch (options.assign()) {
            case ROUND_ROBIN -> job.index() % line.ioCount();
            case NEAREST -> -1;
            case FILE -> throw new IllegalStateException("job " + job.id() + " has no I/O node");
        };
    }

    /** The I/O node a job started on {@code nodes} (ascending) uses: its own, else the nearest. */
    public int ioOf(Job job, int[] nodes) {
        int io = ioOf(job);
        return io >= 0 ? io : line.nearestIo(nodes[0], nodes[nodes.length - 1]);
    }

    public long read(Job job) {
        Entry e = file.get(job.id());
        return e != null && e.read() >= 0 ? e.read() : options.read();
    }

    public long write(Job job) {
        Entry e = file.get(job.id());
        return e != null && e.write() >= 0 ? e.write() : options.write();
    }

    /** Microseconds to move {@code bytes} alone (nothing sharing its links or I/O node), rounded up. */
    public long aloneMicros(long bytes) {
        return bytes == 0 ? 0 : (long) Math.ceil(bytes * 1e6 / options.bandwidth());
    }

    /** Whether any job may move data. */
    public boolean any() {
        return options.any();
    }
}
