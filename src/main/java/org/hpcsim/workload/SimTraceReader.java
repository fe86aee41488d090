package org.hpcsim.workload;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Set;

/**
 * Reader of SST's scheduler {@code .sim} job traces: {@code arrival procs runtime estimate [options]}
 * per line, times in seconds. As in SST's parser, the job id is the 0-based index of the job line
 * and an estimate {@code <= 0} means twice the run time. As in SWF, -1 means unknown (a job with an
 * unknown arrival, processor count or run time, or with 0 processors, is rejected with a reason; one
 * with an unknown arrival is placed at the arrival of the job before it) and any other negative
 * value is an error. Blank lines and lines starting with {@code #} are skipped and not counted.
 *
 * <p>Trailing options are checked for syntax ({@code mesh X Y [Z]}, {@code comm FILE},
 * {@code coord COMM COORD}, {@code center N}, {@code phase FILE}) and kept verbatim in
 * {@link Job#options()}; the communication models that use them come with the network model.
 */
public final class SimTraceReader implements TraceReader {
    private static final Set<String> KEYWORDS = Set.of("mesh", "comm", "coord", "center", "phase");
    private static final String[] FIELD_NAMES = {"arrival", "procs", "runtime", "estimate"};

    private final Path file;
    private final TraceLines lines;
    private final WorkloadOptions options;
    private final Fields fields = new Fields();
    private final CheckedFields checked;
    private int index;
    private long lastArrival;

    public SimTraceReader(Path file, WorkloadOptions options) {
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
        String line = lines.nextData('#', null);
        if (line == null) {
            return null;
        }
        int n = fields.split(line);
        if (n < 4) {
            throw new InputException(file, lines.number(), null,
                    "expected 'arrival procs runtime estimate [options]', found " + n + " field" + (n == 1 ? "" : "s"));
        }
        // -1 is unknown, as in SWF (hpcsim writes a rejected job's unknown values so); other negatives are errors.
        long arrival = checked.unknownOrNonNegativeTime(0);
        long procs = checked.unknownOrNonNegativeCount(1);
        long runTime = checked.unknownOrNonNegativeTime(2);
        long estimate = checked.time(3);
        String opts = n > 4 ? checkOptions(n) : null;
        String reason = null;
        if (arrival < 0) {
            reason = "unknown arrival time";
        } else if (procs < 0) {
            reason = "unknown processor count";
        } else if (procs == 0) {
            reason = "no processors requested";
        } else if (runTime < 0) {
            reason = "unknown run time";
        }
        if (estimate <= 0) {
            estimate = runTime >= 0 ? 2 * runTime : -1;
        }
        estimate = options.effectiveEstimate(estimate, runTime);
        int p = (int) Math.max(0, procs);
        long at = arrival >= 0 ? arrival : lastArrival;
        lastArrival = at;
        int id = index++;
        return new Job(id, id, lines.number(), arrival, at, runTime, estimate, p,
                reason == null ? options.nodesFor(p) : 0, opts, null, reason);
    }

    private String checkOptions(int n) {
        int i = 4;
        StringBuilder raw = new StringBuilder();
        while (i < n) {
            String key = fields.text(i);
            int args;
            switch (key) {
                case "mesh" -> {
                    args = 0;
                    while (i + 1 + args < n && args < 3 && fields.isDigits(i + 1 + args)) {
                        args++;
                    }
                    if (args < 2) {
                        throw new InputException(file, lines.number(), "option mesh", "expected 'mesh X Y [Z]'");
                    }
                }
                case "comm", "phase", "center" -> args = 1;
                case "coord" -> args = 2;
                default -> throw new InputException(file, lines.number(), "option " + (i - 3),
                        "unknown option '" + key + "' (known: " + String.join(", ", KEYWORDS.stream().sorted().toList()) + ")");
            }
            if (i + args >= n) {
                throw new InputException(file, lines.number(), "option " + key, "missing argument");
            }
            if (key.equals("center") && !fields.isDigits(i + 1)) {
                throw new InputException(file, lines.number(), "option center", "'" + fields.text(i + 1) + "' is not an integer");
            }
            for (int k = i; k <= i + args; k++) {
                if (raw.length() > 0) {
                    raw.append(' ');
                }
                raw.append(fields.text(k));
            }
            i += args + 1;
        }
        return raw.toString();
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
