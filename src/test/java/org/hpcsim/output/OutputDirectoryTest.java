package org.hpcsim.output;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.hpcsim.workload.InputException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OutputDirectoryTest {
    @TempDir
    Path tmp;

    @AfterEach
    void noInjectedFailure() {
        OutputDirectory.beforeMove = name -> { };
    }

    /** Every name in the directory, hidden ones included, sorted. */
    private static List<String> all(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    private static void run(Path dir, String... names) throws IOException {
        OutputDirectory out = OutputDirectory.open(dir);
        for (String name : names) {
            Files.writeString(out.file(name), name + " of this run");
        }
        Files.writeString(out.file(OutputDirectory.MARKER), "marker");
        out.commit();
    }

    @Test
    void aCommitMovesEveryFileInAndLeavesOnlyTheLockAndTheManifestBeside() throws Exception {
        Path dir = tmp.resolve("run");
        run(dir, "jobs.csv");
        assertEquals("jobs.csv of this run", Files.readString(dir.resolve("jobs.csv")));
        assertEquals("marker", Files.readString(dir.resolve(OutputDirectory.MARKER)));
        assertEquals(List.of(OutputDirectory.LOCK, OutputDirectory.MANIFEST, OutputDirectory.MARKER, "jobs.csv"),
                all(dir));
    }

    @Test
    void aFinishedRunIsReplacedWholeSoNoFileOfTheEarlierRunSurvives() throws Exception {
        Path dir = tmp.resolve("run");
        run(dir, "jobs.csv", "thermal.csv", "inlet.csv");
        Files.createDirectories(dir.resolve("plots"));
        OutputDirectory plots = OutputDirectory.open(dir.resolve("plots"), "plots", false);
        Files.writeString(plots.file("power.png"), "png");
        plots.commit();
        OutputDirectory.adopt(dir, "plots");

        run(dir, "jobs.csv");
        assertEquals(List.of(OutputDirectory.LOCK, OutputDirectory.MANIFEST, OutputDirectory.MARKER, "jobs.csv"),
                all(dir));
    }

    @Test
    void aRunDirectoryFromBeforeManifestsIsStillRecognisedAndReplacedWhole() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("old"));
        Files.writeString(dir.resolve(OutputDirectory.MARKER), "old");
        Files.writeString(dir.resolve("thermal.csv"), "old");
        Files.createDirectories(dir.resolve("plots")).resolve("a.png").toFile().createNewFile();
        run(dir, "jobs.csv");
        assertEquals(List.of(OutputDirectory.LOCK, OutputDirectory.MANIFEST, OutputDirectory.MARKER, "jobs.csv"),
                all(dir));
    }

    @Test
    void aDirectoryWithOtherFilesIsRefusedUnlessForcedAndForcedKeepsThem() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("mine"));
        Files.writeString(dir.resolve("notes.txt"), "mine");
        Files.writeString(dir.resolve("jobs.csv"), "mine too");
        InputException e = assertThrows(InputException.class, () -> OutputDirectory.open(dir));
        assertTrue(e.getMessage().contains("is not empty and holds no finished hpcsim run output (2 entries, such as"
                + " 'jobs.csv')") && e.getMessage().contains("--force"), e.getMessage());
        assertEquals(List.of("jobs.csv", "notes.txt"), all(dir), "left as it was, no lock file either");

        OutputDirectory out = OutputDirectory.open(dir, "run", true);
        Files.writeString(out.file("jobs.csv"), "new");
        out.commit();
        assertEquals("mine", Files.readString(dir.resolve("notes.txt")));
        assertEquals("new", Files.readString(dir.resolve("jobs.csv")));
        // The user's files are still there: the next run needs --force too, and replaces only what hpcsim wrote.
        assertThrows(InputException.class, () -> OutputDirectory.open(dir));
        OutputDirectory next = OutputDirectory.open(dir, "run", true);
        Files.writeString(next.file("summary.json"), "{}");
        next.commit();
        assertEquals("mine", Files.readString(dir.resolve("notes.txt")));
        assertFalse(Files.exists(dir.resolve("jobs.csv")));
    }

    @Test
    void subdirectoriesHoldingOtherOutputsAreNeitherInTheWayNorReplaced() throws Exception {
        Path parent = tmp.resolve("out");
        run(parent.resolve("crac"), "jobs.csv");
        run(parent, "jobs.csv");
        run(parent, "jobs.csv");
        assertTrue(Files.exists(parent.resolve("crac").resolve("jobs.csv")));
    }

    @Test
    void anOutputOfAnotherKindIsNotReplacedWithoutForce() throws Exception {
        Path dir = tmp.resolve("run");
        run(dir, "jobs.csv");
        InputException e = assertThrows(InputException.class, () -> OutputDirectory.open(dir, "plots", false));
        assertTrue(e.getMessage().contains("holds an hpcsim run output, not a plots output"), e.getMessage());
        assertTrue(Files.exists(dir.resolve("jobs.csv")));
    }

    @Test
    void aSecondWriterIsRefusedWhileTheFirstHoldsTheDirectoryAndMayTakeItAfter() throws Exception {
        Path dir = tmp.resolve("run");
        OutputDirectory first = OutputDirectory.open(dir);
        InputException e = assertThrows(InputException.class, () -> OutputDirectory.open(dir));
        assertTrue(e.getMessage().contains("another hpcsim command is writing into this directory"), e.getMessage());
        Files.writeString(first.file("jobs.csv"), "first");
        first.commit();
        run(dir, "jobs.csv");
        assertEquals("jobs.csv of this run", Files.readString(dir.resolve("jobs.csv")));
    }

    @Test
    void aCommitStoppedHalfwayLeavesNoMarkerAndTheNextRunClearsBothRunsFiles() throws Exception {
        Path dir = tmp.resolve("run");
        run(dir, "a.csv", "old-only.csv");
        OutputDirectory.beforeMove = name -> {
            if (name.equals("b.csv")) {
                throw new UncheckedIOException(new IOException("killed"));
            }
        };
        OutputDirectory out = OutputDirectory.open(dir);
        Files.writeString(out.file(OutputDirectory.MARKER), "new marker");
        Files.writeString(out.file("a.csv"), "new");
        Files.writeString(out.file("b.csv"), "new");
        assertThrows(OutputException.class, out::commit);
        assertFalse(Files.exists(dir.resolve(OutputDirectory.MARKER)), "no marker over a mix of two runs");
        assertFalse(Files.exists(dir.resolve("old-only.csv")), "the old run's files went before the new came");
        assertEquals("new", Files.readString(dir.resolve("a.csv")));

        OutputDirectory.beforeMove = name -> { };
        run(dir, "c.csv");
        assertEquals(List.of(OutputDirectory.LOCK, OutputDirectory.MANIFEST, "c.csv", OutputDirectory.MARKER),
                all(dir));
    }

    @Test
    void stagingLeftByAKilledProcessIsDeletedByTheNextOwner() throws Exception {
        Path dir = tmp.resolve("run");
        run(dir, "jobs.csv");
        Path killed = Files.createDirectories(dir.resolve(".hpcsim-staging-123"));
        Files.writeString(killed.resolve("jobs.csv"), "55 MB of a killed run");
        run(dir, "jobs.csv");
        assertFalse(Files.exists(killed));
    }

    @Test
    void aFailedOrAbortedRunLeavesNoDirectoryItCreatedAndNoStagingInOneItDidNot() throws Exception {
        Path dir = tmp.resolve("run");
        OutputDirectory out = OutputDirectory.open(dir);
        Files.writeString(out.file("jobs.csv"), "half");
        out.close();
        assertFalse(Files.exists(dir));

        Path existing = tmp.resolve("kept");
        run(existing, "jobs.csv");
        OutputDirectory aborted = OutputDirectory.open(existing);
        Files.writeString(aborted.file("jobs.csv"), "half");
        OutputDirectory.abortAll();
        assertEquals(List.of(OutputDirectory.LOCK, OutputDirectory.MANIFEST, OutputDirectory.MARKER, "jobs.csv"),
                all(existing));
        assertEquals("jobs.csv of this run", Files.readString(existing.resolve("jobs.csv")));
        assertThrows(IllegalStateException.class, aborted::commit);
    }
}
