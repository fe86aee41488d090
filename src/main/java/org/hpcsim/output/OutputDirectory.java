package org.hpcsim.output;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.stream.Stream;
import org.hpcsim.workload.InputException;

/**
 * An output directory, written all or nothing and owned by one process at a time.
 *
 * <p>Files are written into a hidden staging directory inside it and moved into place only when the
 * command has succeeded; if it fails, is interrupted or aborted, the staging directory is deleted,
 * and so is the output directory if this command created it. A lock ({@value #LOCK}, kept) makes a
 * second process writing into the same directory fail at once instead of silently replacing the
 * first one's results; staging directories left by killed processes are deleted by the next owner.
 *
 * <p>A whole-directory output ({@link #open}) records what it committed in a manifest
 * ({@value #MANIFEST}: its kind and its entries). The directory must be empty, hold a finished
 * output of the same kind (which is then replaced whole: no file of the earlier output survives) or
 * hold only other hpcsim outputs in subdirectories; anything else is refused unless {@code force},
 * which writes into it, replacing entries of the same names and keeping the rest.
 *
 * <p>A commit first rewrites the manifest as "committing" and lists the old and new entries, then
 * deletes {@value #MARKER} and the old entries, moves the new ones in with {@value #MARKER} last, and
 * finally marks the manifest complete: a directory that holds {@value #MARKER} holds the complete
 * outputs, and a process killed in the middle leaves a manifest that names everything to clear. A
 * sweep relies on the marker to tell finished runs from runs to do again.
 */
public final class OutputDirectory implements AutoCloseable {
    /** The file a commit moves in last: its presence marks a run's outputs complete. */
    public static final String MARKER = "config-used.conf";
    /** The manifest of a whole-directory output: its kind, state and entries. */
    public static final String MANIFEST = ".hpcsim-output";
    /** Locked while a process writes into the directory (the file stays; the system drops the lock if the process dies). */
    public static final String LOCK = ".hpcsim-lock";
    private static final String HIDDEN = ".hpcsim-";
    private static final String STAGING = ".hpcsim-staging-";
    private static final Set<OutputDirectory> OPEN = ConcurrentHashMap.newKeySet();
    /** Set by {@link #abortForExit}: from then on no output directory may be opened. */
    private static volatile boolean aborting;
    /**
     * Opening holds it shared, {@link #abortForExit} alone: an abort waits for the directories being opened
     * (then closes them), and nothing is created in a directory after it (a sweep's next run).
     */
    private static final ReentrantReadWriteLock OPENING = new ReentrantReadWriteLock();
    /** Tests only: runs before each entry is moved in, to stop a commit there as a kill would. */
    static volatile java.util.function.Consumer<String> beforeMove = name -> { };

    static {
        // SIGTERM, or an interrupt with no handler of its own: what was staged must not stay behind.
        Runtime.getRuntime().addShutdownHook(new Thread(OutputDirectory::abortForExit, "hpcsim-output-cleanup"));
    }

    private final Path dir;
    private final String kind;
    private final Path staging;
    private final boolean created;
    private final boolean lockCreated;
    private final FileChannel lockChannel;
    private final List<String> previous;
    private final List<String> files = new ArrayList<>();
    private final List<String> inPlace = new ArrayList<>();
    private boolean committed;
    private boolean closed;

    private OutputDirectory(Path dir, String kind, Path staging, boolean created, boolean lockCreated,
                            FileChannel lockChannel, List<String> previous) {
        this.dir = dir;
        this.lockCreated = lockCreated;
        this.kind = kind;
        this.staging = staging;
        this.created = created;
        this.lockChannel = lockChannel;
        this.previous = new ArrayList<>(previous);
    }

    /** A run's output directory, as {@link #open(Path, String, boolean)} with kind "run" and no force. */
    public static OutputDirectory open(Path dir) {
        return open(dir, "run", false);
    }

    /**
     * Takes {@code dir} for a whole-directory output of the given kind (run, plots, report,
     * experiment): creates it if needed, locks it and checks what it holds.
     *
     * @param force write into a directory that holds other files (those of the same names are replaced)
     * @throws InputException naming the directory if it is in use, holds other files (without
     *                        {@code force}) or cannot be created
     */
    public static OutputDirectory open(Path dir, String kind, boolean force) {
        return take(dir, kind, force, false);
    }

    /**
     * Takes {@code dir}, an existing directory that holds other things (a sweep's), to add entries to:
     * each entry committed replaces the one of the same name; nothing else is touched.
     */
    public static OutputDirectory inside(Path dir) {
        return take(dir, null, true, true);
    }

    private static OutputDirectory take(Path dir, String kind, boolean force, boolean inside) {
        OPENING.readLock().lock();
        try {
            if (aborting) {
                throw new IllegalStateException("the process is aborting: no output directory may be opened");
            }
            return takeNow(dir, kind, force, inside);
        } finally {
            OPENING.readLock().unlock();
        }
    }

    private static OutputDirectory takeNow(Path dir, String kind, boolean force, boolean inside) {
        boolean created = false;
        boolean lockCreated = false;
        FileChannel channel = null;
        try {
            if (!Files.isDirectory(dir)) {
                Files.createDirectories(dir);
                created = true;
            }
            lockCreated = !Files.exists(dir.resolve(LOCK));
            channel = lock(dir);
            clearLeftovers(dir);
            List<String> previous = inside ? List.of() : check(dir, kind, force);
            Path staging = Files.createTempDirectory(dir, STAGING);
            OutputDirectory out = new OutputDirectory(dir, kind, staging, created, lockCreated, channel, previous);
            OPEN.add(out);
            return out;
        } catch (IOException | RuntimeException e) {
            String doing = Files.isDirectory(dir) ? "cannot write into output directory" : "cannot create output directory";
            if (created) {
                deleteTree(dir);
            } else if (lockCreated && channel != null) {
                // Refused: the directory is left exactly as it was.
                deleteQuietly(dir.resolve(LOCK));
            }
            closeQuietly(channel);
            if (e instanceof FileAlreadyExistsException) {
                throw new InputException(dir.toString(), 0, "--out", "exists and is not a directory");
            }
            if (e instanceof IOException io) {
                // The system refused (no permission, a read-only or full disk): not the user's input.
                throw new OutputException(doing, dir, io);
            }
            throw (RuntimeException) e;
        }
    }

    private static FileChannel lock(Path dir) throws IOException {
        FileChannel channel = FileChannel.open(dir.resolve(LOCK), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        FileLock lock;
        try {
            lock = channel.tryLock();
        } catch (OverlappingFileLockException e) {
            lock = null; // this process writes there already
        }
        if (lock == null) {
            channel.close();
            throw new InputException(dir.toString(), 0, "--out", "another hpcsim command is writing into this "
                    + "directory; wait for it to end or choose another directory");
        }
        return channel;
    }

    /** Staging directories and temporary files of killed processes: the lock says nobody else writes here. */
    private static void clearLeftovers(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            for (Path p : s.toList()) {
                String name = p.getFileName().toString();
                if (name.startsWith(STAGING) || name.startsWith(HIDDEN) && name.endsWith(".tmp")) {
                    deleteTree(p);
                }
            }
        }
    }

    /** What a whole-directory output may replace in {@code dir}: the entries of an earlier output. */
    private static List<String> check(Path dir, String kind, boolean force) throws IOException {
        Manifest found = Manifest.read(dir);
        List<String> foreign = new ArrayList<>();
        List<String> previous = new ArrayList<>();
        boolean legacyRun = found == null && Files.isRegularFile(dir.resolve(MARKER));
        try (Stream<Path> s = Files.list(dir)) {
            for (Path p : s.sorted().toList()) {
                String name = p.getFileName().toString();
                if (name.startsWith(HIDDEN)) {
                    continue;
                }
                if (found != null && found.entries().contains(name) || legacyRun && !holdsOutput(p)) {
                    previous.add(name);
                } else if (!holdsOutput(p)) {
                    foreign.add(name);
                }
            }
        }
        String held = found != null ? found.kind() : legacyRun ? "run" : null;
        if (held != null && !held.equals(kind) && !force) {
            throw new InputException(dir.toString(), 0, "--out", "holds an hpcsim " + held + " output, not a "
                    + kind + " output: choose another directory (or add --force to replace it)");
        }
        if (!foreign.isEmpty() && !force) {
            throw new InputException(dir.toString(), 0, "--out", "is not empty and holds no finished hpcsim "
                    + kind + " output (" + foreign.size() + (foreign.size() == 1 ? " entry" : " entries")
                    + ", such as '" + foreign.get(0) + "'): choose another directory, or add --force to write into it"
                    + " (entries of the same names are replaced, others kept)");
        }
        return previous;
    }

    /** Whether {@code p} is a directory holding an hpcsim output or sweep of its own (never replaced from outside). */
    private static boolean holdsOutput(Path p) {
        return Files.isDirectory(p) && (Files.exists(p.resolve(MANIFEST)) || Files.exists(p.resolve(MARKER))
                || Files.exists(p.resolve("sweep-used.conf")));
    }

    public Path dir() {
        return dir;
    }

    /** Where to write an output file (or directory) before the commit. */
    public synchronized Path file(String name) {
        if (!files.contains(name)) {
            files.add(name);
        }
        return staging.resolve(name);
    }

    /**
     * Claims {@code name} for an entry written straight into the directory, not staged (the runs of
     * an experiment, each an output directory of its own): the earlier output's entry of that name is
     * deleted now, and the manifest says "committing" until the commit, so a failure or a kill before
     * it leaves the directory marked unfinished.
     */
    public synchronized Path inPlace(String name) {
        Path entry = dir.resolve(name);
        try {
            Set<String> union = new LinkedHashSet<>(previous);
            union.add(name);
            new Manifest(kind, false, List.copyOf(union)).write(dir);
            Files.deleteIfExists(dir.resolve(MARKER));
            deleteTree(entry);
        } catch (IOException | UncheckedIOException e) {
            throw new OutputException(entry, e instanceof UncheckedIOException u ? u.getCause() : (IOException) e);
        }
        previous.remove(name);
        inPlace.add(name);
        return entry;
    }

    /**
     * Moves every staged entry into the output directory, {@value #MARKER} last, after deleting the
     * earlier output's (see the class comment).
     *
     * @throws OutputException naming the file that could not be moved or deleted
     */
    public synchronized void commit() {
        if (closed) {
            throw new IllegalStateException("the output directory was closed (aborted) before its commit");
        }
        List<String> moving = new ArrayList<>();
        List<String> entries = new ArrayList<>(inPlace);
        // By name: the outputs may be created in any order (a run's sinks are created on the executor's threads).
        for (String name : new java.util.TreeSet<>(files)) {
            if (!name.equals(MARKER) && Files.exists(staging.resolve(name))) {
                moving.add(name);
            }
        }
        if (files.contains(MARKER) && Files.exists(staging.resolve(MARKER))) {
            moving.add(MARKER);
        }
        Path current = dir;
        try {
            if (kind != null) {
                Set<String> union = new LinkedHashSet<>(previous);
                union.addAll(inPlace);
                union.addAll(moving);
                new Manifest(kind, false, List.copyOf(union)).write(dir);
                current = dir.resolve(MARKER);
                Files.deleteIfExists(current);
                for (String name : previous) {
                    current = dir.resolve(name);
                    deleteTree(current);
                }
            }
            for (String name : moving) {
                current = dir.resolve(name);
                beforeMove.accept(name);
                deleteTree(current);
                move(staging.resolve(name), current);
            }
            if (kind != null) {
                current = dir.resolve(MANIFEST);
                entries.addAll(moving);
                new Manifest(kind, true, entries).write(dir);
            }
            committed = true;
        } catch (IOException | UncheckedIOException e) {
            throw new OutputException(current, e instanceof UncheckedIOException u ? u.getCause() : (IOException) e);
        } finally {
            close();
        }
    }

    private static void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** Without a commit: deletes what was staged (and the directory, if this created it). Releases the lock. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        OPEN.remove(this);
        try {
            deleteTree(staging);
            if (!committed && created && onlyHidden(dir)) {
                deleteTree(dir);
            } else if (!committed && lockCreated && !Files.exists(dir.resolve(MANIFEST))) {
                deleteQuietly(dir.resolve(LOCK));
            }
        } catch (IOException | UncheckedIOException e) {
            throw new OutputException(staging, e instanceof UncheckedIOException u ? u.getCause() : (IOException) e);
        } finally {
            closeQuietly(lockChannel);
        }
    }

    /** Closes every output directory still open in this process (an abort, or the process ending). */
    public static void abortAll() {
        for (OutputDirectory out : List.copyOf(OPEN)) {
            try {
                out.close();
            } catch (RuntimeException e) {
                // Best effort while the process ends: the next owner of the directory clears what is left.
            }
        }
    }

    /**
     * As {@link #abortAll}, for a process about to end (an interrupt, SIGTERM): from then on no output
     * directory may be opened, so that another thread (a sweep's next run) leaves none half made.
     */
    public static void abortForExit() {
        OPENING.writeLock().lock();
        try {
            aborting = true;
        } finally {
            OPENING.writeLock().unlock();
        }
        abortAll();
    }

    /** Whether {@link #abortForExit} was called: the process is ending, and what fails now fails for that. */
    public static boolean aborting() {
        return aborting;
    }

    private static boolean onlyHidden(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.allMatch(p -> p.getFileName().toString().startsWith(HIDDEN));
        }
    }

    private static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            // A lock file left behind is harmless: the next command takes it over.
        }
    }

    private static void closeQuietly(FileChannel channel) {
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException e) {
                // Closing releases the lock; nothing else depends on it.
            }
        }
    }

    /**
     * Adds {@code entry} (a subdirectory written by another output, such as a run's plots) to the
     * finished output in {@code dir}, so that replacing that output replaces it too; no-op if
     * {@code dir} holds no manifest.
     */
    public static void adopt(Path dir, String entry) {
        try {
            Manifest m = Manifest.read(dir);
            if (m != null && m.complete() && !m.entries().contains(entry)) {
                List<String> entries = new ArrayList<>(m.entries());
                entries.add(entry);
                new Manifest(m.kind(), true, entries).write(dir);
            }
        } catch (IOException e) {
            throw new OutputException(dir.resolve(MANIFEST), e);
        }
    }

    /** Deletes a file or a directory and everything in it, deepest first, if it exists. */
    public static void deleteTree(Path root) {
        if (!Files.exists(root, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (Stream<Path> s = Files.walk(root)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (NoSuchFileException e) {
            // Deleted meanwhile (an abort from another thread): nothing left to do.
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The manifest's content: {@code kind}, whether the commit completed, and the committed entries. */
    record Manifest(String kind, boolean complete, List<String> entries) {
        private static final String HEADER = "hpcsim output 1";

        static Manifest read(Path dir) throws IOException {
            Path file = dir.resolve(MANIFEST);
            if (!Files.isRegularFile(file)) {
                return null;
            }
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            String kind = null;
            boolean complete = false;
            List<String> entries = new ArrayList<>();
            for (String line : lines) {
                if (line.startsWith("kind ")) {
                    kind = line.substring(5);
                } else if (line.startsWith("state ")) {
                    complete = line.substring(6).equals("complete");
                } else if (line.startsWith("entry ")) {
                    entries.add(line.substring(6));
                }
            }
            if (lines.isEmpty() || !lines.get(0).equals(HEADER) || kind == null) {
                throw new InputException(file.toString(), 1, null, "not an hpcsim manifest; delete it, or choose "
                        + "another output directory");
            }
            return new Manifest(kind, complete, List.copyOf(entries));
        }

        /** Replaces the manifest in one move. */
        void write(Path dir) throws IOException {
            StringBuilder sb = new StringBuilder(HEADER).append('\n');
            sb.append("kind ").append(kind).append('\n');
            sb.append("state ").append(complete ? "complete" : "committing").append('\n');
            for (String e : entries) {
                sb.append("entry ").append(e).append('\n');
            }
            Path tmp = dir.resolve(MANIFEST + ".tmp");
            Files.writeString(tmp, sb, StandardCharsets.UTF_8);
            move(tmp, dir.resolve(MANIFEST));
        }
    }
}
