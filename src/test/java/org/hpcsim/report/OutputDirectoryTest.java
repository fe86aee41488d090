package org.hpcsim.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OutputDirectoryTest {

    @Test
    void aCommitMovesEveryFileInAndLeavesNoStaging(@TempDir Path tmp) throws Exception {
        Path dir = tmp.resolve("run");
        OutputDirectory out = OutputDirectory.open(dir);
        Files.writeString(out.file(OutputDirectory.MARKER), "marker");
        Files.writeString(out.file("jobs.csv"), "jobs");
        out.commit();
        assertEquals("jobs", Files.readString(dir.resolve("jobs.csv")));
        assertEquals("marker", Files.readString(dir.resolve(OutputDirectory.MARKER)));
        try (Stream<Path> s = Files.list(dir)) {
            assertEquals(2, s.count(), "no staging directory left");
        }
    }

    @Test
    void theMarkerMovesInLastSoACommitThatFailsHalfwayLeavesNoMarker(@TempDir Path tmp) throws Exception {
        Path dir = tmp.resolve("run");
        // A non-empty directory where jobs.csv should go makes that move fail.
        Files.createDirectories(dir.resolve("jobs.csv"));
        Files.writeString(dir.resolve("jobs.csv").resolve("in-the-way"), "x");
        OutputDirectory out = OutputDirectory.open(dir);
        Files.writeString(out.file(OutputDirectory.MARKER), "staged first");
        Files.writeString(out.file("summary.json"), "{}");
        Files.writeString(out.file("jobs.csv"), "jobs");
        assertThrows(UncheckedIOException.class, out::commit);
        assertTrue(Files.exists(dir.resolve("summary.json")), "files before the failure were moved in");
        assertFalse(Files.exists(dir.resolve(OutputDirectory.MARKER)));
    }

    @Test
    void aFailedRunLeavesNoDirectoryItCreated(@TempDir Path tmp) throws Exception {
        Path dir = tmp.resolve("run");
        OutputDirectory out = OutputDirectory.open(dir);
        Files.writeString(out.file("jobs.csv"), "half");
        out.close();
        assertFalse(Files.exists(dir));
    }
}
