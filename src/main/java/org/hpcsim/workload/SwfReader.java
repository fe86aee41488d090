package org.hpcsim.workload;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.hpcsim.time.SimTime;

/**
 * Reader of the Parallel Workloads Archive's Standard Workload Format (plain or gzip): 18
 * whitespace-separated fields per line, {@code ;} comments, {@code -1} for unknown values (any other
 * negative value is an error), time fields possibly fractional.
 *
 * <p>Mapping to a {@link Job}: processors from field 5 or 8 (see {@link WorkloadOptions.SwfSizeField});
 * run time from field 4; estimate from field 9 (requested time), or when it is unknown or not
 * positive, the run time times the missing-estimate factor. Jobs with an unknown submit time, run
 * time or processor count are rejected with a reason. Every status (completed, failed, cancelled)
 * is simulated as recorded.
 */
public final class SwfReader implements TraceReader {
    private static final int SUBMIT = 1;
    private static final int RUN = 3;
    private static final int ALLOC = 4;
    private static final int REQ_PROCS = 7;
    private static final int REQ_TIME = 8;

    private final Path file;
    private final TraceLines lines;
    private final WorkloadOptions options;
    private final TraceHeader header;
    private final List<String> headerComments;
    private final Fields fields = new Fields();
    private final CheckedFields checked;
    private String pending;
    private int index;
    private long lastArrival;

    public SwfReader(Path file, WorkloadOptions options) throws IOException {
        this.file = file;
        this.options = options;
        this.lines = new TraceLines(file);
        this.checked = new CheckedFields(fields, file, lines, SwfRecord.FIELD_NAMES);
        List<String> comments = new ArrayList<>();
        this.pending = lines.nextData(';', comments);
        Map<String, String> fields = new LinkedHashMap<>();
        for (String c : comments) {
            headerField(c.strip().substring(1), fields);
        }
        this.header = new TraceHeader(fields);
        this.headerComments = List.copyOf(comments);
    }

    private static void headerField(String comment, Map<String, String> fields) {
        int colon = comment.indexOf(':');
        if (colon <= 0) {
            return;
        }
        String label = comment.substring(0, colon).strip();
        if (label.isEmpty() || !label.chars().allMatch(Character::isLetterOrDigit)) {
            return;
        }
        String value = comment.substring(colon + 1);
        int remark = value.indexOf('#');
        if (remark >= 0) {
            value = value.substring(0, remark);
        }
        fields.put(label, value.strip());
    }

    @Override
    public TraceHeader header() {
        return header;
    }

    /** The comment lines before the first job, verbatim (without line ends). */
    public List<String> headerComments() {
        return headerComments;
    }

    @Override
    public Job next() throws IOException {
        String line = pending != null ? pending : lines.nextData(';', null);
        pending = null;
        return line == null ? null : parse(line);
    }

    private Job parse(String line) {
        int n = fields.split(line);
        if (n != SwfRecord.FIELDS) {
            throw new InputException(file, lines.number(), null,
                    "expected " + SwfRecord.FIELDS + " whitespace-separated SWF fields, found " + n);
        }
        // -1 is SWF's only unknown: any other negative value is a fault of the file, never read as unknown.
        CheckedFields f = checked;
        SwfRecord r = new SwfRecord(f.unknownOrNonNegativeInteger(0), f.unknownOrNonNegativeTime(1),
                f.unknownOrNonNegativeTime(2), f.unknownOrNonNegativeTime(3), f.unknownOrNonNegativeCount(4),
                f.unknownOrNonNegativeTime(5), f.unknownOrNonNegativeReal(6), f.unknownOrNonNegativeCount(7),
                f.unknownOrNonNegativeTime(8), f.unknownOrNonNegativeReal(9), status(f),
                f.unknownOrNonNegativeInteger(11), f.unknownOrNonNegativeInteger(12), f.unknownOrNonNegativeInteger(13),
                f.unknownOrNonNegativeInteger(14), f.unknownOrNonNegativeInteger(15), f.unknownOrNonNegativeInteger(16),
                f.unknownOrNonNegativeTime(17));
        long procs = options.swfSize() == WorkloadOptions.SwfSizeField.ALLOCATED
                ? (r.allocatedProcessors() > 0 ? r.allocatedProcessors() : r.requestedProcessors())
                : (r.requestedProcessors() > 0 ? r.requestedProcessors() : r.allocatedProcessors());
        String reason = null;
        if (r.submitTime() < 0) {
            reason = "unknown submit time";
        } else if (r.runTime() < 0) {
            reason = "unknown run time";
        } else if (procs <= 0) {
            reason = "unknown processor count";
        }
        long arrival = r.submitTime() >= 0 ? r.submitTime() : lastArrival;
        lastArrival = arrival;
        long estimate;
        if (r.requestedTime() > 0) {
            estimate = r.requestedTime();
        } else if (r.runTime() >= 0) {
            estimate = SimTime.fromSeconds(SimTime.toSeconds(r.runTime()) * options.missingEstimate());
        } else {
            estimate = -1;
        }
        estimate = options.effectiveEstimate(estimate, r.runTime());
        int p = (int) Math.max(0, procs);
        return new Job(index++, r.jobNumber(), lines.number(), r.submitTime(), arrival, r.runTime(), estimate, p,
                reason == null ? options.nodesFor(p) : 0, null, r, reason);
    }

    /** Field 11 (status): an int, -1 or not negative. */
    private static int status(CheckedFields f) {
        long v = f.unknownOrNonNegativeInteger(10);
        if (v > Integer.MAX_VALUE) {
            throw f.error(10, "a status code");
        }
        return (int) v;
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
