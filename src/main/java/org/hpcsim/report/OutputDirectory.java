package org.hpcsim.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.hpcsim.workload.InputException;

/**
 * A run's output directory, written atomically: files are written into a hidden staging directory
 * inside it and moved into place only when the run has succeeded. If the run fails, the staging
 * directory is deleted, and so is the output directory if this run created it: no partial output.
 *
 * <p>A commit moves {@value #MARKER} after every other file, whatever order they were staged in, so
 * a directory that holds it holds the run's complete outputs; a process killed during the commit
 * leaves it without one. A sweep relies on this to tell finished runs from runs to do again.
 */
public final class OutputDirectory implements AutoCloseable {
    /** The file a commit moves in last: its presence marks the outputs complete. */
    public static final String MARKER = "config-used.conf";

    private final Path dir;
    private final Path staging;
    private final boolean created;
    private final List<String> files = new ArrayList<>();
    private boolean committed;

    private OutputDirectory(Path dir, Path staging, boolean created) {
        this.dir = dir;
        this.staging = staging;
        this.created = created;
    }

    public static OutputDirectory open(Path dir) {
        boolean created = false;
        try {
            if (!Files.isDirectory(dir)) {
                Files.createDirectories(dir);
                created = true;
            }
            Path staging = Files.createTempDirectory(dir, ".hpcsim-staging-");
            return new OutputDirectory(dir, staging, created);
        } catch (FileAlreadyExistsException e) {
            throw new InputException(dir.toString(), 0, "--out", "exists and is not a directory");
        } catch (IOException e) {
            throw new InputException(dir.toString(), 0, "--out", "cannot create output directory: " + e.getMessage());
        }
    }

    public Path dir() {
        return dir;
    }

    /** Where to write an output file before the commit. */
    public Path file(String name) {
        if (!files.contains(name)) {
            files.add(name);
        }
        return staging.resolve(name);
    }

    /** Moves every staged file into the output directory, {@value #MARKER} last. */
    public void commit() {
        try {
            for (String name : files) {
                if (!name.equals(MARKER)) {
                    moveIn(name);
                }
            }
            if (files.contains(MARKER)) {
                moveIn(MARKER);
            }
            committed = true;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            close();
        }
    }

    private void moveIn(String name) throws IOException {
        Path from = staging.resolve(name);
        if (!Files.exists(from)) {
            return;
        }
        try {
            Files.move(from, dir.resolve(name), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, dir.resolve(name), StandardCopyOption.REPLACE_EXISTING);
        }
    }

    @Override
    public void close() {
        try {
            if (Files.exists(staging)) {
                // An output may be a directory of files (a report's figures).
                deleteTree(staging);
            }
            if (!committed && created) {
                try (Stream<Path> s = Files.list(dir)) {
                    if (s.findAny().isEmpty()) {
                        Files.deleteIfExists(dir);
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Deletes a file or a directory and everything in it, deepest first, if it exists. */
    public static void deleteTree(Path root) {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> s = Files.walk(root)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
