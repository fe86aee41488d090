package org.hpcsim.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.hpcsim.testing.SharedData;
import org.junit.jupiter.api.Test;

class SyntheticWorkloadTest {
    @Test
    void theBundledDefaultTraceIsWhatTheDocumentedCommandGenerates() throws IOException {
        String bundled = Files.readString(SharedData.repoRoot().resolve("traces/synthetic-2000.swf"));
        assertEquals(SyntheticWorkload.generate(2000, 128, 0.75, 2026), bundled);
    }

    @Test
    void generatedJobsFitTheMachineAndArriveInOrder(@org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
        Path p = dir.resolve("g.swf");
        Files.writeString(p, SyntheticWorkload.generate(500, 64, 0.9, 3));
        Trace t = Trace.scan(p, TraceFormat.SWF, WorkloadOptions.DEFAULTS);
        assertEquals(500, t.jobs());
        assertTrue(t.sorted());
        assertEquals(64, t.header().maxProcs().getAsInt());
        try (JobStream s = t.open()) {
            for (Job j = s.next(); j != null; j = s.next()) {
                assertTrue(j.usable() && j.procs() >= 1 && j.procs() <= 64 && j.runTime() >= 1_000_000, j.toString());
            }
        }
    }
}
