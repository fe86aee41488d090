package org.hpcsim.sweep;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigValue;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import java.util.stream.Stream;
import java.util.function.Supplier;
import org.hpcsim.config.ConfigLoader;
import org.hpcsim.kernel.pekko.ActorRuntime;
import org.hpcsim.registry.Registry;
import org.hpcsim.plot.PlotOptions;
import org.hpcsim.plot.RunPlots;
import org.hpcsim.output.AtomicFile;
import org.hpcsim.output.OutputDirectory;
import org.hpcsim.output.OutputException;
import org.hpcsim.report.SummaryJson;
import org.hpcsim.sim.Simulation;
import org.hpcsim.sweep.SweepPlan.Combination;
import org.hpcsim.workload.InputException;
import org.hpcsim.workload.ScanProgress;

/**
 * Runs a sweep's combinations, several at once in one actor runtime, each exactly as {@code hpcsim
 * run} would (the runs share no state, so each one's outputs are the same as alone), and keeps
 * {@code results.csv} up to date.
 *
 * <p>A sweep resumes: a run whose directory holds {@value OutputDirectory#MARKER} (moved in last at
 * its commit) is finished and is not run again, provided that file is what this combination would
 * write, {@code output.dir} aside; otherwise the sweep changed and nothing is touched. Directories of
 * runs that did not finish (a killed sweep) and stale staging directories are deleted and those runs
 * done again. A lock file keeps two sweeps out of one directory.
 *
 * <p>A run that fails on bad input stops the sweep from starting new runs (those in flight finish);
 * a run that fails otherwise (a bug) is reported and the others go on.
 *
 * <p>A {@link Shard} of a sweep (a task of a batch system's job array) runs only its own runs, touches
 * no other run's directory, and writes no {@code results.csv}: several shards may run at once in one
 * (shared) directory, each holding the sweep's lock file shared and its own shard's lock file alone, and
 * {@link #collect} merges their runs afterwards into the {@code results.csv} the whole sweep writes.
 */
public final class SweepRunner implements AutoCloseable {
    /** Locked while a sweep runs in the directory (the file stays); the operating system drops the lock if the process dies. */
    static final String LOCK = ".hpcsim-sweep.lock";
    static final String RESULTS = "results.csv";
    static final String SWEEP_USED = "sweep-used.conf";

    /** A run that failed, and why. */
    public record Failure(Combination run, RuntimeException error) {
    }

    /**
     * What {@link #collect} found: the results file it wrote (null if some run is not finished) and the
     * runs not finished, in combination order.
     */
    public record Collected(Path results, int runs, List<Combination> missing) {
        public Collected {
            missing = List.copyOf(missing);
        }
    }

    /**
     * Runs a sweep's combinations somewhere else than in this process (the workers of a cluster),
     * committing each finished run's outputs into its directory, as a local run would.
     */
    public interface Remote {
        /**
         * Runs {@code runs} (in combination order), telling {@code ends} of each one's end; returns once
         * every run has ended, or once {@link RunEnds#stopped()} and every run handed out has ended.
         */
        void runAll(List<Combination> runs, RunEnds ends) throws InterruptedException;
    }

    /** What a {@link Remote} tells the sweep. */
    public interface RunEnds {
        /** The run's outputs are committed in its directory; it ran for {@code seconds} on {@code where}. */
        void finished(Combination run, double seconds, String where);

        /** The run failed on {@code where}. */
        void failed(Combination run, RuntimeException error, String where);

        /** Whether no more runs may start (a run met bad input). */
        boolean stopped();

        /** A line for the sweep's log (a worker joined or left). */
        void say(String line);
    }

    /**
     * What an abandoned sweep leaves ({@link #abandon}).
     *
     * @param finished runs of this sweep (of its shard) finished in the directory, earlier sweeps' included
     * @param total    runs in the sweep (in the shard, for a shard)
     * @param removed  whether the directory was removed (this sweep created it and no run finished)
     */
    public record Abandoned(Path dir, int finished, int total, boolean removed) {
    }

    /** Where a sweep reports as it runs. */
    public interface Reporter {
        /** Reports nothing. */
        Reporter QUIET = line -> { };

        /** A line of the log: the sweep's start, each run's end (with the time left), the sweep's end. */
        void say(String line);

        /** A run started, or its simulation has been built: a display of {@link #status} may redraw. */
        default void changed() {
        }
    }

    /** A run in progress: its trace scan's counters, then its simulation; read by displays only. */
    public static final class Running {
        private final Combination run;
        private final ScanProgress scan = new ScanProgress();
        private volatile Simulation simulation;

        Running(Combination run) {
            this.run = run;
        }

        public Combination run() {
            return run;
        }

        public ScanProgress scan() {
            return scan;
        }

        /** The run's simulation once built, else null. */
        public Simulation simulation() {
            return simulation;
        }
    }

    /**
     * Where the sweep stands.
     *
     * @param total    runs in the sweep (in the shard, for a shard)
     * @param earlier  runs finished by an earlier sweep
     * @param toDo     runs this sweep had to do
     * @param finished of those, finished
     * @param failed   of those, failed
     * @param running  runs in progress, in combination order
     */
    public record Status(int total, int earlier, int toDo, int finished, int failed, List<Running> running) {
        public Status {
            running = List.copyOf(running);
        }
    }

    private final SweepPlan plan;
    private final Shard shard;
    private final Registry registry;
    private final int parallel;
    private final Predicate<Throwable> inputError;
    private final boolean created;
    private final List<FileChannel> lockChannels;
    private final List<Combination> pending = new ArrayList<>();
    private final Map<Integer, SummaryJson> summaries = new TreeMap<>();
    private final List<Failure> failures = new ArrayList<>();
    // read by displays without the lock (so that one drawing under its own lock never waits for this one)
    private final Map<Integer, Running> running = new ConcurrentSkipListMap<>();
    private volatile int finishedCount;
    private volatile int failedCount;
    private final AtomicBoolean stop = new AtomicBoolean();
    private boolean abandoned;
    private Reporter reporter = Reporter.QUIET;
    private int earlier;
    private int finished;
    private double sessionRunSeconds;
    /** Runs at once in this process; 0 when they run on a cluster's workers. */
    private int workers;
    private long start;

    private SweepRunner(SweepPlan plan, Shard shard, Registry registry, int parallel, Predicate<Throwable> inputError,
                        boolean created, List<FileChannel> lockChannels) {
        this.plan = plan;
        this.shard = shard;
        this.registry = registry;
        this.parallel = parallel;
        this.inputError = inputError;
        this.created = created;
        this.lockChannels = lockChannels;
    }

    /**
     * Takes the sweep directory: locks it, checks that its finished runs belong to this sweep, deletes
     * what killed runs left, and writes {@code sweep-used.conf}. On bad input it leaves the directory
     * as it was.
     *
     * @param parallel   runs at once
     * @param inputError which failures of a run are bad input
     */
    public static SweepRunner open(SweepPlan plan, Registry registry, int parallel, Predicate<Throwable> inputError) {
        return open(plan, registry, parallel, inputError, false);
    }

    /**
     * As {@link #open(SweepPlan, Registry, int, Predicate)}; a directory that is neither empty nor a
     * sweep's is refused unless {@code force}.
     */
    public static SweepRunner open(SweepPlan plan, Registry registry, int parallel, Predicate<Throwable> inputError,
                                   boolean force) {
        return open(plan, Shard.ALL, registry, parallel, inputError, force);
    }

    /**
     * As {@link #open(SweepPlan, Registry, int, Predicate, boolean)}, for one shard of the sweep's runs:
     * other shards of it may run in the directory at the same time, a whole sweep may not.
     */
    public static SweepRunner open(SweepPlan plan, Shard shard, Registry registry, int parallel,
                                   Predicate<Throwable> inputError, boolean force) {
        if (parallel < 1) {
            throw new InputException("command line", 0, "--parallel", "must be >= 1, got " + parallel);
        }
        Path dir = plan.dir();
        boolean created = !Files.exists(dir);
        List<FileChannel> channels = new ArrayList<>();
        try {
            Files.createDirectories(dir);
            if (shard.whole()) {
                lock(dir, LOCK, false, channels, "another hpcsim sweep (or a shard of one) is running in this directory");
            } else {
                lock(dir, LOCK, true, channels, "a whole sweep (or --collect) is running in this directory");
                lock(dir, shardLock(shard), false, channels, "shard " + shard + " of this sweep is already running in"
                        + " this directory");
            }
            if (!force && !Files.exists(dir.resolve(SWEEP_USED))) {
                refuseForeign(dir, shard);
            }
            SweepRunner runner = new SweepRunner(plan, shard, registry, parallel, inputError, created, channels);
            runner.takeOver();
            return runner;
        } catch (IOException | RuntimeException e) {
            String doing = Files.isDirectory(dir) ? "cannot write into sweep directory" : "cannot create sweep directory";
            channels.forEach(SweepRunner::closeQuietly); // and with them the locks
            // Another shard may have started in a directory this one made.
            if (created && shard.whole()) {
                OutputDirectory.deleteTree(dir);
            }
            if (e instanceof IOException io) {
                throw new OutputException(doing, dir, io);
            }
            throw (RuntimeException) e;
        }
    }

    /** The file a shard holds locked while it runs. */
    static String shardLock(Shard shard) {
        return ".hpcsim-sweep-shard-" + shard.index() + "-of-" + shard.count() + ".lock";
    }

    /**
     * Locks a file of the sweep's directory (shared or alone), adding its channel to {@code channels};
     * throws bad input saying {@code busy} if another process holds it.
     */
    private static void lock(Path dir, String name, boolean shared, List<FileChannel> channels, String busy)
            throws IOException {
        FileChannel channel = FileChannel.open(dir.resolve(name), StandardOpenOption.CREATE, StandardOpenOption.READ,
                StandardOpenOption.WRITE);
        channels.add(channel);
        FileLock lock;
        try {
            lock = channel.tryLock(0, Long.MAX_VALUE, shared);
        } catch (OverlappingFileLockException e) {
            lock = null;
        }
        if (lock == null) {
            throw new InputException(dir.toString(), 0, "--out", busy);
        }
    }

    /**
     * A directory that holds files, but no sweep, is someone else's: a sweep would mix its runs in. A
     * shard also accepts what another shard that started at the same moment writes there: its runs, and
     * {@code sweep-used.conf} renamed into place after this shard looked for it.
     */
    static void refuseForeign(Path dir, Shard shard) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            List<String> other = s.map(p -> p.getFileName().toString()).filter(n -> !n.startsWith(".hpcsim-"))
                    .filter(n -> shard.whole() || !n.equals("runs") && !n.equals(SWEEP_USED)).sorted().toList();
            if (!other.isEmpty()) {
                throw new InputException(dir.toString(), 0, "--out", "is not empty and holds no sweep ("
                        + other.size() + (other.size() == 1 ? " entry" : " entries") + ", such as '" + other.get(0)
                        + "'): choose another directory, or add --force to run the sweep in it");
            }
        }
    }

    /** Checks the finished runs, then deletes what killed runs left and writes sweep-used.conf. */
    private void takeOver() throws IOException {
        List<Combination> all = plan.combinations();
        boolean[] done = new boolean[all.size()];
        for (Combination c : all) {
            Path marker = c.scenario().outputDir().resolve(OutputDirectory.MARKER);
            if (Files.isRegularFile(marker)) {
                checkSameRun(c, marker);
                done[c.index()] = true;
            }
        }
        for (Combination c : all) {
            if (!shard.holds(c.index())) {
                continue;
            }
            Path runDir = c.scenario().outputDir();
            if (done[c.index()]) {
                try (Stream<Path> s = Files.list(runDir)) {
                    for (Path p : s.filter(p -> p.getFileName().toString().startsWith(".hpcsim-staging-")).toList()) {
                        OutputDirectory.deleteTree(p);
                    }
                }
                summaries.put(c.index(), SummaryJson.read(runDir.resolve("summary.json")));
                earlier++;
            } else {
                OutputDirectory.deleteTree(runDir);
                pending.add(c);
            }
        }
        if (shard.whole()) {
            // A shard's temporaries may be another shard's files being written.
            try (Stream<Path> s = Files.list(plan.dir())) {
                for (Path p : s.filter(SweepRunner::staleTemporary).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        }
        AtomicFile.write(plan.dir().resolve(SWEEP_USED), "--out",
                out -> {
                    out.write(plan.render().getBytes(StandardCharsets.UTF_8));
                    return null;
                });
    }

    /** A file a killed {@link AtomicFile#write} left behind. */
    private static boolean staleTemporary(Path p) {
        String name = p.getFileName().toString();
        return name.startsWith(".hpcsim-") && name.endsWith(".tmp");
    }

    /** A finished run must be this combination's: its config-used.conf the same but for output.dir. */
    private static void checkSameRun(Combination c, Path marker) throws IOException {
        Map<String, String> found;
        try {
            found = leaves(ConfigFactory.parseString(Files.readString(marker)));
        } catch (ConfigException e) {
            throw new InputException(marker.toString(), 0, null, "not a configuration (" + e.getMessage()
                    + "): the directory holds something else than this sweep's runs; use a new output directory");
        }
        Map<String, String> expected = leaves(ConfigFactory.parseString(ConfigLoader.render(c.scenario().config())));
        TreeSet<String> keys = new TreeSet<>(found.keySet());
        keys.addAll(expected.keySet());
        for (String key : keys) {
            if (!Objects.equals(found.get(key), expected.get(key))) {
                throw new InputException(marker.getParent().toString(), 0, null, "holds a finished run whose "
                        + key + " was " + found.get(key) + ", but this sweep has " + expected.get(key)
                        + ": the sweep changed; use a new output directory");
            }
        }
    }

    /** Every set key but output.dir (a sweep's directory may move), with its value's text. */
    private static Map<String, String> leaves(Config c) {
        Map<String, String> m = new TreeMap<>();
        for (Map.Entry<String, ConfigValue> e : c.withoutPath("output.dir").entrySet()) {
            m.put(e.getKey(), SweepPlan.text(e.getValue()));
        }
        return m;
    }

    /**
     * Runs every combination (of the shard) not finished yet (a whole sweep rewrites results.csv after
     * each), telling {@code reporter} how it goes, and returns the runs that failed, in combination order.
     */
    public List<Failure> run(Supplier<ActorRuntime> runtime, Reporter reporter) {
        workers = Math.max(1, Math.min(parallel, pending.size()));
        return run(reporter, Math.min(parallel, pending.size()) + " at a time", () -> runHere(runtime));
    }

    /**
     * As {@link #run(Supplier, Reporter)}, the runs going to {@code remote} (a cluster's workers)
     * instead of running in this process.
     */
    public List<Failure> run(Remote remote, Reporter reporter) {
        workers = 0;
        RunEnds ends = new RunEnds() {
            @Override
            public void finished(Combination run, double seconds, String where) {
                SweepRunner.this.finished(run, SummaryJson.read(run.scenario().outputDir().resolve("summary.json")),
                        seconds, where);
            }

            @Override
            public void failed(Combination run, RuntimeException error, String where) {
                SweepRunner.this.failed(new Failure(run, error), where);
            }

            @Override
            public boolean stopped() {
                return stop.get();
            }

            @Override
            public void say(String line) {
                SweepRunner.this.reporter.say(line);
            }
        };
        return run(reporter, "on the cluster's workers", () -> {
            try {
                remote.runAll(List.copyOf(pending), ends);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted", e);
            }
        });
    }

    private List<Failure> run(Reporter reporter, String how, Runnable runAll) {
        this.reporter = reporter;
        start = System.nanoTime();
        int total = total();
        String runs = shard.whole() ? total + " runs"
                : "shard " + shard + ", " + total + " of " + plan.combinations().size() + " runs";
        reporter.say(String.format(Locale.ROOT, "sweep: %s, %d already finished, %s, %s", runs, earlier, how, plan.dir()));
        if (!pending.isEmpty()) {
            runAll.run();
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        Path results = summaries.isEmpty() || !shard.whole() ? null : writeResults(plan, summaries);
        List<Failure> failed = new ArrayList<>(failures);
        failed.sort(Comparator.comparingInt(f -> f.run().index()));
        int notStarted = pending.size() - finished - failed.size();
        StringBuilder end = new StringBuilder(failed.isEmpty() && notStarted == 0 ? "sweep: done" : "sweep: stopped");
        end.append(String.format(Locale.ROOT, " in %s: %d of %d runs finished (%d now)", duration(seconds),
                earlier + finished, total, finished));
        if (!failed.isEmpty()) {
            end.append(", ").append(failed.size()).append(" failed");
        }
        if (notStarted > 0) {
            end.append(", ").append(notStarted).append(" not started");
        }
        if (!shard.whole()) {
            end.append("; once every shard is done, merge them with hpcsim sweep --collect");
        } else {
            end.append(results == null ? "; no results" : "; results in " + results);
        }
        reporter.say(end.toString());
        return List.copyOf(failed);
    }

    /** Runs the pending runs in this process, {@code workers} at once. */
    private void runHere(Supplier<ActorRuntime> runtime) {
        AtomicInteger next = new AtomicInteger();
        AtomicInteger worker = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(workers, r -> {
            Thread t = new Thread(r, "hpcsim-sweep-" + worker.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<?>> loops = new ArrayList<>();
            for (int w = 0; w < workers; w++) {
                loops.add(pool.submit(() -> {
                    for (int i = next.getAndIncrement(); i < pending.size() && !stop.get(); i = next.getAndIncrement()) {
                        runOne(pending.get(i), runtime);
                    }
                }));
            }
            for (Future<?> f : loops) {
                f.get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw new IllegalStateException(e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }

    private void runOne(Combination c, Supplier<ActorRuntime> runtime) {
        long t0 = System.nanoTime();
        Running r = new Running(c);
        running.put(c.index(), r);
        reporter.changed();
        SummaryJson summary;
        try {
            Simulation sim = Simulation.prepareBesideOthers(c.scenario(), registry, r.scan);
            r.simulation = sim;
            reporter.changed();
            sim.run(runtime);
            if (c.scenario().plots()) {
                Path dir = c.scenario().outputDir();
                RunPlots.write(dir, dir.resolve("plots"), PlotOptions.defaults());
            }
            summary = SummaryJson.read(c.scenario().outputDir().resolve("summary.json"));
        } catch (RuntimeException e) {
            failed(new Failure(c, e), null);
            return;
        }
        finished(c, summary, (System.nanoTime() - t0) / 1e9, null);
    }

    /** Where the sweep stands now; a display's snapshot, taken without waiting for the runs. */
    public Status status() {
        return new Status(total(), earlier, pending.size(), finishedCount, failedCount,
                new ArrayList<>(running.values()));
    }

    /** A run finished, here or ({@code where} not null) on a worker. */
    private synchronized void finished(Combination c, SummaryJson summary, double seconds, String where) {
        if (abandoned) {
            return;
        }
        summaries.put(c.index(), summary);
        finished++;
        finishedCount = finished;
        running.remove(c.index());
        sessionRunSeconds += seconds;
        if (shard.whole()) {
            writeResults(plan, summaries);
        }
        int total = total();
        int done = earlier + finished + failures.size();
        String left = "";
        if (done < total && !stop.get()) {
            // Remote runs: as many at once as the workers have slots, which come and go; so the time since the start.
            double estimate = workers > 0 ? (total - done) * (sessionRunSeconds / finished) / workers
                    : (total - done) * ((System.nanoTime() - start) / 1e9) / (finished + failures.size());
            left = "; about " + duration(estimate) + " left";
        }
        reporter.say(String.format(Locale.ROOT, "[%d/%d] %s  %.1f s%s%s", done, total, c.label(), seconds,
                where == null ? "" : " on " + where, left));
    }

    /** A run failed, here or ({@code where} not null) on a worker; bad input stops new runs from starting. */
    private synchronized void failed(Failure f, String where) {
        if (abandoned || OutputDirectory.aborting()) {
            // The abort closed its output directory (or refused to open it); the process is ending.
            return;
        }
        if (inputError.test(f.error())) {
            stop.set(true);
        }
        failures.add(f);
        failedCount = failures.size();
        running.remove(f.run().index());
        int done = earlier + finished + failures.size();
        String why = f.error().getMessage() != null ? f.error().getMessage() : f.error().toString();
        reporter.say(String.format(Locale.ROOT, "[%d/%d] %s  failed%s: %s", done, total(), f.run().label(),
                where == null ? "" : " on " + where, why));
    }

    /** The runs of this sweep (of its shard). */
    private int total() {
        int n = plan.combinations().size();
        return n / shard.count() + (shard.index() < n % shard.count() ? 1 : 0);
    }

    /**
     * Merges the runs that the shards of a sweep (or sweeps) finished in its directory: writes the
     * {@code results.csv} that the whole sweep writes, if every run is finished, and otherwise nothing.
     * Refused while a sweep or a shard of it runs in the directory, or if its runs are another sweep's.
     */
    public static Collected collect(SweepPlan plan) {
        Path dir = plan.dir();
        if (!Files.isRegularFile(dir.resolve(SWEEP_USED))) {
            throw new InputException(dir.toString(), 0, "--out", "holds no sweep to collect (no " + SWEEP_USED
                    + "): run the sweep's shards into it first");
        }
        List<FileChannel> channels = new ArrayList<>();
        try {
            lock(dir, LOCK, false, channels, "a sweep or a shard of it is still running in this directory; collect"
                    + " once every shard is done");
            Map<Integer, SummaryJson> summaries = new TreeMap<>();
            List<Combination> missing = new ArrayList<>();
            for (Combination c : plan.combinations()) {
                Path marker = c.scenario().outputDir().resolve(OutputDirectory.MARKER);
                if (Files.isRegularFile(marker)) {
                    checkSameRun(c, marker);
                    summaries.put(c.index(), SummaryJson.read(c.scenario().outputDir().resolve("summary.json")));
                } else {
                    missing.add(c);
                }
            }
            Path results = missing.isEmpty() ? writeResults(plan, summaries) : null;
            return new Collected(results, plan.combinations().size(), missing);
        } catch (IOException e) {
            throw new OutputException("cannot collect the sweep in", dir, e);
        } finally {
            channels.forEach(SweepRunner::closeQuietly);
        }
    }

    /** Rewrites results.csv from every finished run, in combination order. */
    private static Path writeResults(SweepPlan plan, Map<Integer, SummaryJson> summaries) {
        List<String> keys = plan.axes().stream().map(SweepPlan.Axis::key).toList();
        List<ResultsCsv.Row> rows = new ArrayList<>();
        for (Map.Entry<Integer, SummaryJson> e : summaries.entrySet()) {
            Combination c = plan.combinations().get(e.getKey());
            rows.add(new ResultsCsv.Row(c.label(), c.values(), e.getValue()));
        }
        byte[] csv = ResultsCsv.render(keys, rows).getBytes(StandardCharsets.UTF_8);
        Path file = plan.dir().resolve(RESULTS);
        AtomicFile.write(file, "--out", out -> {
            out.write(csv);
            return null;
        });
        return file;
    }

    /** Seconds under 100 as seconds, then minutes, then hours. */
    static String duration(double seconds) {
        if (seconds < 100) {
            return String.format(Locale.ROOT, "%.1f s", seconds);
        }
        if (seconds < 6000) {
            return String.format(Locale.ROOT, "%.0f min", seconds / 60);
        }
        return String.format(Locale.ROOT, "%.1f h", seconds / 3600);
    }

    /**
     * Gives the sweep up while runs are in flight (an abort, once their output directories are closed):
     * no run starts or reports any more, and a directory this sweep created is removed if no run in it
     * finished; otherwise the finished runs stay for the next start to resume from. Counts the finished
     * runs on disk, so a run that committed just before the abort counts.
     */
    public synchronized Abandoned abandon() {
        abandoned = true;
        stop.set(true);
        int done = 0;
        for (Combination c : plan.combinations()) {
            if (shard.holds(c.index()) && Files.isRegularFile(c.scenario().outputDir().resolve(OutputDirectory.MARKER))) {
                done++;
            }
        }
        boolean removed = false;
        if (created && done == 0 && shard.whole()) {
            lockChannels.forEach(SweepRunner::closeQuietly);
            try {
                OutputDirectory.deleteTree(plan.dir());
                removed = true;
            } catch (UncheckedIOException e) {
                // A run still writing got in the way: what stays holds no finished run, and the next start clears it.
            }
        }
        return new Abandoned(plan.dir(), done, total(), removed);
    }

    /**
     * Releases the directory. A sweep that leaves no finished run removes what it made in a directory
     * it created (so bad input leaves nothing behind).
     */
    @Override
    public synchronized void close() {
        lockChannels.forEach(SweepRunner::closeQuietly); // and with them the locks
        // A shard leaves the directory to the others that may have started in it.
        if (created && summaries.isEmpty() && shard.whole()) {
            OutputDirectory.deleteTree(plan.dir());
        }
    }

    private static void closeQuietly(FileChannel channel) {
        if (channel == null) {
            return;
        }
        try {
            channel.close();
        } catch (IOException e) {
            // Nothing depends on it: the lock goes with the channel or with the process.
        }
    }
}
