package org.hpcsim.workload;

import java.io.IOException;
import java.nio.file.Path;
import org.hpcsim.time.SimTime;

/**
 * Reader of the four-column job lists some mesh-allocation simulators use: one job per line,
 * {@code submit procs runtime requested}, whitespace-separated, times in seconds (integers or
 * decimals). Blank lines and lines starting with {@code #} or {@code ;} are skipped and not counted.
 *
 * <p>Mapping to a {@link Job}: the job id is the 1-based index of the job among the job lines;
 * processors map to nodes by cores-per-node; the estimate is the requested time, or when it is not
 * positive, the run time times the missing-estimate factor (the SWF rule). As in SWF, -1 means
 * unknown and any other negative value is an error: a job with an unknown submit time, run time or
 * processor count, or with no processors, is rejected with a reason, and one with an unknown submit
 * time is placed at the arrival of the job before it.
 */
public final class FourColumnReader implements TraceReader {
    private static final String[] FIELD_NAMES = {"submit", "procs", "runtime", "requested"};

    private final Path file;
    private final TraceLines lines;
    private final WorkloadOptions options;
    private final Fields fields = new Fields();
    private final CheckedFields checked;
    private int index;
    private long lastArrival;

    public FourColumnReader(Path file, WorkloadOptions options) {
        this.file = file;
        this.options = options;
        this.lines = new TraceLines(file);
        this.checked = new CheckedFields(fields, file, lines, FIELD_NAMES);
    }

    @Override
    public TraceHeader header() {
        return TraceHeader.EMPTY;
    }

    @Override
    public Job next() throws IOException {
        String line = lines.nextData('#', ';', null);
        if (line == null) {
            return null;
        }
        int n = fields.split(line);
        if (n != FIELD_NAMES.length) {
            throw new InputException(file, lines.number(), null,
                    "expected 4 fields 'submit procs runtime requested', found " + n);
        }
        long submit = checked.unknownOrNonNegativeTime(0);
        long procs = checked.unknownOrNonNegativeCount(1);
        long runTime = checked.unknownOrNonNegativeTime(2);
        long requested = checked.unknownOrNonNegativeTime(3);
        String reason = null;
        if (submit < 0) {
            reason = "unknown submit time";
        } else if (runTime < 0) {
            reason = "unknown run time";
        } else if (procs < 0) {
            reason = "unknown processor count";
        } else if (procs == 0) {
            reason = "no processors requested";
        }
        long arrival = submit >= 0 ? submit : lastArrival;
        lastArrival = arrival;
        long estimate;
        if (requested > 0) {
            estimate = requested;
        } else if (runTime >= 0) {
            estimate = SimTime.fromSeconds(SimTime.toSeconds(runTime) * options.missingEstimate());
        } else {
            estimate = -1;
        }
        estimate = options.effectiveEstimate(estimate, runTime);
        int p = (int) Math.max(0, procs);
        int i = index++;
        return new Job(i, i + 1L, lines.number(), submit, arrival, runTime, estimate, p,
                reason == null ? options.nodesFor(p) : 0, null, null, reason);
    }




    @Override
    public long bytesRead() {
        return lines.bytesRead();
    }

    @Override
    public void close() throws IOException {
        lines.close();
    }
}
