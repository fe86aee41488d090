package org.hpcsim.workload;

import java.io.IOException;
import java.io.Writer;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Transforms a trace and writes it in any format (the engine of {@code hpcsim trace transform}).
 * The whole input is read and checked first, so a malformed line is reported before anything is
 * written. Then, in this fixed order:
 *
 * <ol>
 *   <li><b>scale-procs D</b>: every known processor count (SWF fields 5 and 8) becomes
 *       {@code ceil(procs / D)}, at least 1; so do the SWF header's MaxProcs and MaxNodes;</li>
 *   <li><b>work-multiple F</b>: every known positive run time and requested time (and SWF's
 *       average CPU time) is multiplied by F, exactly, rounded to the microsecond (halves up), and
 *       stays at least 1 µs; arrivals are kept;</li>
 *   <li><b>replicate R</b>: each job appears R times. Copy 1 is the job itself; copies 2..R arrive
 *       {@code floor(u * g)} whole seconds later, u uniform in [0, 1) drawn from
 *       {@code SplittableRandom(seed)}, one draw per copy, in the order: copy 2 of every job in input
 *       order, then copy 3, ...; g is the mean gap between arrivals of the input's usable jobs,
 *       {@code (last - first) / (n - 1)} seconds (0 with fewer than two). Copy k of the job at input
 *       position i (0-based, of N jobs) gets the id {@code M + (k - 2) * N + i + 1}, M the largest
 *       input id (at least 0); in SWF, a copy's preceding-job field points to the same copy of the
 *       preceding job.</li>
 * </ol>
 *
 * <p>The output is in arrival order; ties keep the order of the list before sorting (every copy 1
 * in input order, then every copy 2, ...). Rejected jobs (unusable fields) are neither scaled nor
 * delayed but copied as read, so they are rejected again when the output is read. In .sim and
 * four-column output a job's id is its position, so ids follow the output order.
 *
 * <p>SWF output keeps every field of SWF input (unknown -1 stays -1) and its header comments, with
 * MaxJobs and MaxRecords set to the jobs written; from another format, fields the input lacks are
 * -1 and the processor count is the requested processors (field 8). Comment lines at the top note
 * the transform. From SWF to another format the estimate written is the requested time, or when it
 * is unknown, the missing-estimate rule of the options the input was read with.
 */
public final class TraceTransform {
    private static final Pattern HEADER_LINE = Pattern.compile("^(\\s*;\\s*)([A-Za-z0-9]+)(\\s*:\\s*)(.*)$");
    private static final Pattern LEADING_INT = Pattern.compile("^(\\d+)(.*)$", Pattern.DOTALL);

    /**
     * What to do; {@link #NONE} converts only.
     *
     * @param scaleProcs   divide processor counts by this, rounding up (>= 1)
     * @param workMultiple multiply run and requested times by this (> 0)
     * @param replicate    copies of each job (>= 1)
     * @param seed         seed of the copies' arrival offsets
     */
    public record Settings(int scaleProcs, BigDecimal workMultiple, int replicate, long seed) {
        public static final Settings NONE = new Settings(1, BigDecimal.ONE, 1, 1);

        public Settings {
            if (scaleProcs < 1) {
                throw new IllegalArgumentException("scale-procs must be an integer >= 1, got " + scaleProcs);
            }
            if (workMultiple.signum() <= 0) {
                throw new IllegalArgumentException("work-multiple must be > 0, got " + workMultiple.toPlainString());
            }
            if (replicate < 1) {
                throw new IllegalArgumentException("replicate must be an integer >= 1, got " + replicate);
            }
        }

        /** The transforms in the order they apply, for messages and header notes. */
        public String describe() {
            List<String> parts = new ArrayList<>();
            if (scaleProcs > 1) {
                parts.add("scale-procs " + scaleProcs);
            }
            if (workMultiple.compareTo(BigDecimal.ONE) != 0) {
                parts.add("work-multiple " + workMultiple.stripTrailingZeros().toPlainString());
            }
            if (replicate > 1) {
                parts.add("replicate " + replicate + " (seed " + seed + ")");
            }
            return parts.isEmpty() ? "none (format conversion only)" : String.join(", ", parts);
        }
    }

    /**
     * What was written.
     *
     * @param read           jobs in the input
     * @param written        job lines written
     * @param rejected       input jobs the reader rejected, written unchanged (each R times)
     * @param optionsDropped input jobs whose .sim options the output format has no place for
     * @param meanGapSeconds the mean inter-arrival gap g that bounds the copies' offsets
     */
    public record Summary(int read, int written, int rejected, int optionsDropped,
                          double meanGapSeconds) {
    }

    private final Path file;
    private final TraceFormat format;
    private final WorkloadOptions options;
    private final List<Job> jobs;
    private final List<String> headerComments;

    private TraceTransform(Path file, TraceFormat format, WorkloadOptions options, List<Job> jobs,
                           List<String> headerComments) {
        this.file = file;
        this.format = format;
        this.options = options;
        this.jobs = jobs;
        this.headerComments = headerComments;
    }

    /** Reads and checks the whole input. */
    public static TraceTransform read(Path file, TraceFormat format, WorkloadOptions options) {
        try (TraceReader reader = format.open(file, options)) {
            List<Job> jobs = new ArrayList<>();
            Job j;
            while ((j = reader.next()) != null) {
                jobs.add(j);
            }
            if (jobs.isEmpty()) {
                throw Trace.noJobs(file);
            }
            JobIds.Gathered ids = new JobIds.Gathered();
            jobs.forEach(ids::add);
            ids.check(file);
            List<String> comments = reader instanceof SwfReader swf ? swf.headerComments() : List.of();
            return new TraceTransform(file, format, options, jobs, comments);
        } catch (IOException e) {
            throw FileErrors.reading(file, null, e);
        }
    }

    public TraceFormat format() {
        return format;
    }

    public int jobs() {
        return jobs.size();
    }

    /** Applies the settings and writes the trace in the given format. */
    public Summary write(Settings s, TraceFormat out, Writer w) throws IOException {
        if (!out.writable()) {
            throw new IllegalArgumentException("hpcsim does not write " + out.key() + " traces");
        }
        int n = jobs.size();
        long lines = (long) n * s.replicate();
        if (lines > Integer.MAX_VALUE - 8) {
            throw new InputException("--replicate: " + n + " jobs x " + s.replicate() + " copies is more than "
                    + (Integer.MAX_VALUE - 8) + " jobs");
        }
        int total = (int) lines;
        TraceRecord[] base = new TraceRecord[n];
        long maxId = 0;
        long firstArrival = Long.MAX_VALUE;
        long lastArrival = Long.MIN_VALUE;
        int usable = 0;
        int rejected = 0;
        int optionsDropped = 0;
        Map<Long, Integer> positionOfId = new HashMap<>();
        for (int i = 0; i < n; i++) {
            Job job = jobs.get(i);
            TraceRecord r = TraceRecord.of(job, options);
            if (r.usable()) {
                r = workMultiple(scaleProcs(r, s.scaleProcs()), s.workMultiple());
                usable++;
                firstArrival = Math.min(firstArrival, r.arrival());
                lastArrival = Math.max(lastArrival, r.arrival());
            } else {
                rejected++;
            }
            if (r.options() != null && out != TraceFormat.SIM) {
                optionsDropped++;
            }
            base[i] = r;
            maxId = Math.max(maxId, r.id());
            positionOfId.putIfAbsent(r.id(), i);
        }
        double gap = usable < 2 ? 0 : (lastArrival - firstArrival) / 1e6 / (usable - 1);

        long[] arrival = new long[total];
        long[] offset = new long[total];
        SplittableRandom random = new SplittableRandom(s.seed());
        for (int p = 0; p < total; p++) {
            TraceRecord r = base[p % n];
            if (p >= n) {
                double u = random.nextDouble();
                if (r.usable()) {
                    offset[p] = (long) Math.floor(u * gap) * 1_000_000L;
                }
            }
            arrival[p] = r.arrival() + offset[p];
        }
        int[] order = stableOrder(arrival);

        StringBuilder sb = new StringBuilder(256);
        header(sb, s, out, total, maxId, n, gap);
        w.append(sb);
        for (int q = 0; q < total; q++) {
            int p = order[q];
            int i = p % n;
            int copy = p / n + 1;
            TraceRecord r = base[i];
            if (copy > 1) {
                r = copy(r, copyId(maxId, n, i, copy), offset[p], maxId, n, copy, positionOfId);
            }
            sb.setLength(0);
            TraceWriter.appendLine(sb, out, r);
            sb.append('\n');
            w.append(sb);
        }
        w.flush();
        return new Summary(n, total, rejected, optionsDropped, gap);
    }

    private static long copyId(long maxId, int n, int position, int copy) {
        return maxId + (long) (copy - 2) * n + position + 1;
    }

    private static TraceRecord scaleProcs(TraceRecord r, int d) {
        if (d == 1) {
            return r;
        }
        SwfRecord w = r.swf();
        if (w != null) {
            w = new SwfRecord(w.jobNumber(), w.submitTime(), w.waitTime(), w.runTime(),
                    divide(w.allocatedProcessors(), d), w.averageCpuTime(), w.usedMemoryKb(),
                    divide(w.requestedProcessors(), d), w.requestedTime(), w.requestedMemoryKb(), w.status(),
                    w.userId(), w.groupId(), w.executableNumber(), w.queueNumber(), w.partitionNumber(),
                    w.precedingJobNumber(), w.thinkTime());
        }
        return new TraceRecord(r.id(), r.submit(), r.arrival(), divide(r.procs(), d), r.runTime(), r.estimate(),
                r.options(), w, r.usable());
    }

    /** {@code ceil(procs / d)} for a known count (> 0); unknown counts stay as they are. */
    static long divide(long procs, int d) {
        return procs > 0 ? (procs - 1) / d + 1 : procs;
    }

    private static TraceRecord workMultiple(TraceRecord r, BigDecimal f) {
        if (f.compareTo(BigDecimal.ONE) == 0) {
            return r;
        }
        SwfRecord w = r.swf();
        if (w != null) {
            w = new SwfRecord(w.jobNumber(), w.submitTime(), w.waitTime(), times(w.runTime(), f), w.allocatedProcessors(),
                    times(w.averageCpuTime(), f), w.usedMemoryKb(), w.requestedProcessors(),
                    times(w.requestedTime(), f), w.requestedMemoryKb(), w.status(), w.userId(), w.groupId(),
                    w.executableNumber(), w.queueNumber(), w.partitionNumber(), w.precedingJobNumber(),
                    w.thinkTime());
        }
        return new TraceRecord(r.id(), r.submit(), r.arrival(), r.procs(), times(r.runTime(), f),
                times(r.estimate(), f), r.options(), w, r.usable());
    }

    /** A positive time times f, rounded to the microsecond (halves up), at least 1; others unchanged. */
    static long times(long micros, BigDecimal f) {
        if (micros <= 0) {
            return micros;
        }
        BigDecimal v = BigDecimal.valueOf(micros).multiply(f).setScale(0, RoundingMode.HALF_UP);
        if (v.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0) {
            throw new InputException("--work-multiple: a time of " + micros / 1e6 + " s times "
                    + f.toPlainString() + " is out of range");
        }
        return Math.max(1, v.longValueExact());
    }

    private static TraceRecord copy(TraceRecord r, long id, long offset, long maxId, int n, int copy,
                                    Map<Long, Integer> positionOfId) {
        long submit = r.submit() + offset;
        SwfRecord w = r.swf();
        if (w != null) {
            long preceding = w.precedingJobNumber();
            Integer at = preceding > 0 ? positionOfId.get(preceding) : null;
            if (at != null) {
                preceding = copyId(maxId, n, at, copy);
            }
            w = new SwfRecord(id, w.submitTime() + offset, w.waitTime(), w.runTime(), w.allocatedProcessors(),
                    w.averageCpuTime(), w.usedMemoryKb(), w.requestedProcessors(), w.requestedTime(),
                    w.requestedMemoryKb(), w.status(), w.userId(), w.groupId(), w.executableNumber(), w.queueNumber(),
                    w.partitionNumber(), preceding, w.thinkTime());
        }
        return new TraceRecord(id, submit, r.arrival() + offset, r.procs(), r.runTime(), r.estimate(), r.options(), w,
                r.usable());
    }

    private void header(StringBuilder sb, Settings s, TraceFormat out, int written, long maxId, int n, double gap) {
        String prefix = out == TraceFormat.SWF ? "; " : "# ";
        List<String> kept = new ArrayList<>();
        for (String c : headerComments) {
            kept.add(rewriteHeaderLine(c, s.scaleProcs(), written));
        }
        if (out == TraceFormat.SWF) {
            if (kept.isEmpty()) {
                kept.add("; Version: 2.2");
                kept.add("; MaxJobs: " + written);
                kept.add("; MaxRecords: " + written);
            }
            for (String c : kept) {
                sb.append(c).append('\n');
            }
        } else if (!kept.isEmpty()) {
            sb.append("# SWF header of ").append(name(file)).append(":\n");
            for (String c : kept) {
                String text = c.strip().substring(1).strip();
                sb.append(text.isEmpty() ? "#" : "# " + text).append('\n');
            }
        }
        sb.append(prefix).append("Note: written by hpcsim trace transform from ").append(name(file))
                .append(" (").append(format.key()).append(")\n");
        sb.append(prefix).append("Note: transforms, in this order: ").append(s.describe()).append('\n');
        if (s.replicate() > 1) {
            sb.append(prefix).append(String.format(Locale.ROOT,
                    "Note: copies 2..%d arrive floor(u * %.6f) s later, u uniform in [0, 1)", s.replicate(), gap));
            if (out == TraceFormat.SWF) {
                sb.append("; copy k of the job at input position i (0-based) has id ")
                        .append(maxId).append(" + (k - 2) * ").append(n).append(" + i + 1");
            }
            sb.append('\n');
        }
    }

    /** MaxJobs and MaxRecords become the jobs written; MaxProcs and MaxNodes are scaled. */
    static String rewriteHeaderLine(String line, int scaleProcs, int written) {
        Matcher m = HEADER_LINE.matcher(line);
        if (!m.matches()) {
            return line;
        }
        String label = m.group(2);
        String value = m.group(4);
        switch (label) {
            case "MaxJobs", "MaxRecords" -> value = Integer.toString(written);
            case "MaxProcs", "MaxNodes" -> {
                Matcher v = LEADING_INT.matcher(value);
                if (scaleProcs == 1 || !v.matches() || v.group(1).length() > 18) {
                    return line;
                }
                value = divide(Long.parseLong(v.group(1)), scaleProcs) + v.group(2);
            }
            default -> {
                return line;
            }
        }
        return m.group(1) + label + m.group(3) + value;
    }

    private static String name(Path p) {
        return p.getFileName() == null ? p.toString() : p.getFileName().toString();
    }

    /** Positions 0..n-1 ordered by key, ties in position order (a stable merge sort on primitives). */
    static int[] stableOrder(long[] key) {
        int n = key.length;
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i;
        }
        int[] b = new int[n];
        for (long width = 1; width < n; width *= 2) {
            for (long lo = 0; lo < n; lo += 2 * width) {
                int mid = (int) Math.min(lo + width, n);
                int hi = (int) Math.min(lo + 2 * width, n);
                int i = (int) lo;
                int j = mid;
                int k = i;
                while (i < mid && j < hi) {
                    b[k++] = key[a[j]] < key[a[i]] ? a[j++] : a[i++];
                }
                while (i < mid) {
                    b[k++] = a[i++];
                }
                while (j < hi) {
                    b[k++] = a[j++];
                }
            }
            int[] t = a;
            a = b;
            b = t;
        }
        return a;
    }
}
