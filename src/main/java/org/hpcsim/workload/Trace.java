package org.hpcsim.workload;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * A trace file checked once from start to end before a simulation uses it: every line is parsed
 * (so a malformed line is reported before anything runs), jobs are counted, and arrival order is
 * checked. A trace in arrival order is then streamed from disk; one that is not (a few PWA logs
 * have out-of-order lines) is sorted in memory by (arrival, trace order), which is the only way to
 * deliver it in order.
 */
public final class Trace {
    private final Path file;
    private final TraceOpener opener;
    private final WorkloadOptions options;
    private final TraceHeader header;
    private final int jobs;
    private final boolean sorted;
    private final int tightEstimates;
    /** The jobs as the scan read them, when it kept them (see {@link #scan(Path, TraceOpener, WorkloadOptions, ScanProgress, int)}); else null. */
    private volatile List<Job> kept;

    /** Most jobs a scan keeps in memory when asked to: about 0.5 GB of jobs with their SWF records. */
    public static final int KEEP_AT_MOST = 2_000_000;

    private Trace(Path file, TraceOpener opener, WorkloadOptions options, TraceHeader header, int jobs,
                  boolean sorted, int tightEstimates) {
        this.tightEstimates = tightEstimates;
        this.file = file;
        this.opener = opener;
        this.options = options;
        this.header = header;
        this.jobs = jobs;
        this.sorted = sorted;
    }

    /** Reads the whole trace once, validating every line. */
    public static Trace scan(Path file, TraceFormat format, WorkloadOptions options) {
        return scan(file, format, options, new ScanProgress());
    }

    /** As {@link #scan(Path, TraceFormat, WorkloadOptions)}, telling {@code progress} how far it has got. */
    public static Trace scan(Path file, TraceFormat format, WorkloadOptions options, ScanProgress progress) {
        return scan(file, format::open, options, progress);
    }

    /** As {@link #scan(Path, TraceFormat, WorkloadOptions, ScanProgress)}, for a format that {@code opener} opens. */
    public static Trace scan(Path file, TraceOpener opener, WorkloadOptions options, ScanProgress progress) {
        return scan(file, opener, options, progress, 0);
    }

    /**
     * As {@link #scan(Path, TraceOpener, WorkloadOptions, ScanProgress)}, keeping the first
     * {@code keep} jobs in memory as it reads them ({@link #load()} then reads no file) if the trace has
     * no more: for a run that will read the trace from several points (time-parallel windows), so
     * the trace is parsed once.
     */
    public static Trace scan(Path file, TraceOpener opener, WorkloadOptions options, ScanProgress progress, int keep) {
        List<Job> keeping = keep > 0 ? new ArrayList<>() : null;
        try (TraceReader reader = opener.open(file, options)) {
            int count = 0;
            int tight = 0;
            boolean inOrder = true;
            long last = Long.MIN_VALUE;
            JobIds ids = new JobIds();
            Job j;
            while ((j = reader.next()) != null) {
                count++;
                ids.add(j);
                if (keeping != null) {
                    if (count <= keep) {
                        keeping.add(j);
                    } else {
                        keeping = null;
                    }
                }
                if (j.runTime() > 0 && j.estimate() == j.runTime()) {
                    tight++;
                }
                if (j.arrival() < last) {
                    inOrder = false;
                }
                last = Math.max(last, j.arrival());
                if (count % ScanProgress.EVERY == 0) {
                    progress.update(reader.bytesRead(), count);
                }
            }
            progress.finish(reader.bytesRead(), count);
            if (count == 0) {
                throw noJobs(file);
            }
            if (!ids.increasing()) {
                checkIds(file, opener, options);
            }
            Trace t = new Trace(file, opener, options, reader.header(), count, inOrder, tight);
            if (keeping != null) {
                if (!inOrder) {
                    keeping.sort(Comparator.comparingLong(Job::arrival).thenComparingInt(Job::index));
                }
                t.kept = List.copyOf(keeping);
            }
            return t;
        } catch (IOException e) {
            throw FileErrors.reading(file, null, e);
        }
    }

    /** A second pass over a trace whose ids are not in increasing order, which gathers them to compare. */
    private static void checkIds(Path file, TraceOpener opener, WorkloadOptions options) throws IOException {
        JobIds.Gathered all = new JobIds.Gathered();
        try (TraceReader reader = opener.open(file, options)) {
            Job j;
            while ((j = reader.next()) != null) {
                all.add(j);
            }
        }
        all.check(file);
    }

    /**
     * A trace with no job: bad input wherever a trace is read, since a run of it would report zeros
     * (a mean bounded slowdown of 0) as if something had run.
     */
    static InputException noJobs(Path file) {
        return new InputException(file, 0, null, "no jobs (the file is empty or holds only comments)");
    }

    /**
     * Jobs whose estimate equals their run time (as when a trace has no requested times and the
     * estimate is the run time): any lengthening of their run gets them killed at their estimate.
     */
    public int tightEstimates() {
        return tightEstimates;
    }

    public Path file() {
        return file;
    }

    public TraceHeader header() {
        return header;
    }

    /** Number of jobs (job lines) in the trace. */
    public int jobs() {
        return jobs;
    }

    /** Whether the lines are in arrival order (then the trace is streamed). */
    public boolean sorted() {
        return sorted;
    }

    /** Opens the jobs in arrival order. */
    public JobStream open() {
        try {
            TraceReader reader = opener.open(file, options);
            if (sorted) {
                return new Streamed(reader);
            }
            List<Job> all = new ArrayList<>(jobs);
            try (reader) {
                Job j;
                while ((j = reader.next()) != null) {
                    all.add(j);
                }
            }
            all.sort(Comparator.comparingLong(Job::arrival).thenComparingInt(Job::index));
            return new InMemory(all);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static final class Streamed implements JobStream {
        private final TraceReader reader;
        private Job next;
        private boolean done;

        Streamed(TraceReader reader) {
            this.reader = reader;
        }

        @Override
        public Job peek() {
            if (next == null && !done) {
                try {
                    next = reader.next();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                done = next == null;
            }
            return next;
        }

        @Override
        public Job next() {
            Job j = peek();
            next = null;
            return j;
        }

        @Override
        public void close() {
            try {
                reader.close();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** Lets the jobs a scan kept go (the run streams the trace instead). */
    public void forgetKept() {
        kept = null;
    }

    /** As {@link #open()}, read ahead on a thread of its own into a bounded queue (see {@link ReadAhead}). */
    public JobStream openReadingAhead() {
        return new ReadAhead(open());
    }

    /** Every job, in arrival order (then trace order), in memory: for runs that read the trace from several points. */
    public List<Job> load() {
        List<Job> k = kept;
        if (k != null) {
            return k;
        }
        try (JobStream s = open()) {
            List<Job> all = new ArrayList<>(jobs);
            Job j;
            while ((j = s.next()) != null) {
                all.add(j);
            }
            return List.copyOf(all);
        }
    }

    /** The jobs of {@code all} (in arrival order) from position {@code from} on. */
    public static JobStream stream(List<Job> all, int from) {
        InMemory s = new InMemory(all);
        s.position = from;
        return s;
    }

    private static final class InMemory implements JobStream {
        private final List<Job> jobs;
        private int position;

        InMemory(List<Job> jobs) {
            this.jobs = jobs;
        }

        @Override
        public Job peek() {
            return position < jobs.size() ? jobs.get(position) : null;
        }

        @Override
        public Job next() {
            return position < jobs.size() ? jobs.get(position++) : null;
        }

        @Override
        public void close() {
            position = jobs.size();
        }
    }
}
