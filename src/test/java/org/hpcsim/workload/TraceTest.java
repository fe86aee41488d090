package org.hpcsim.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.hpcsim.testing.SharedData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TraceTest {
    @TempDir
    Path dir;

    private static List<Long> ids(Trace t) {
        List<Long> ids = new ArrayList<>();
        try (JobStream s = t.open()) {
            Job j;
            while ((j = s.next()) != null) {
                ids.add(j.id());
            }
        }
        return ids;
    }

    @Test
    void aTraceInArrivalOrderIsStreamedInFileOrder() throws IOException {
        Path p = dir.resolve("a.sim");
        Files.writeString(p, "0 1 5 -1\n0 1 5 -1\n10 1 5 -1\n");
        Trace t = Trace.scan(p, TraceFormat.SIM, WorkloadOptions.DEFAULTS);
        assertTrue(t.sorted());
        assertEquals(3, t.jobs());
        assertEquals(List.of(0L, 1L, 2L), ids(t));
    }

    @Test
    void aScanReportsTheBytesAndJobsItHasReadAndWhenItIsDone() throws IOException {
        Path plain = dir.resolve("s.swf");
        Files.writeString(plain, SyntheticWorkload.generate(3000, 32, 0.8, 3));
        Path gz = dir.resolve("s.swf.gz");
        try (var out = new java.util.zip.GZIPOutputStream(Files.newOutputStream(gz))) {
            out.write(Files.readAllBytes(plain));
        }
        for (Path p : List.of(plain, gz)) {
            ScanProgress progress = new ScanProgress();
            assertFalse(progress.done());
            Trace t = Trace.scan(p, TraceFormat.SWF, WorkloadOptions.DEFAULTS, progress);
            assertTrue(progress.done(), p.toString());
            assertEquals(3000, t.jobs());
            assertEquals(3000, progress.jobs(), p.toString());
            // of a gzip file, the compressed bytes: all of the file once it has been read
            assertEquals(Files.size(p), progress.bytesRead(), p.toString());
        }
    }

    @Test
    void anOutOfOrderTraceIsDeliveredByArrivalThenTraceOrder() throws IOException {
        Path p = dir.resolve("b.sim");
        Files.writeString(p, "50 1 5 -1\n10 1 5 -1\n50 1 5 -1\n20 1 5 -1\n");
        Trace t = Trace.scan(p, TraceFormat.SIM, WorkloadOptions.DEFAULTS);
        assertFalse(t.sorted());
        assertEquals(List.of(1L, 3L, 0L, 2L), ids(t));
    }

    @Test
    void aMalformedLineAnywhereIsFoundBeforeAnythingRuns() throws IOException {
        Path p = dir.resolve("c.sim");
        Files.writeString(p, "0 1 5 -1\n".repeat(1000) + "0 1 x -1\n");
        InputException e = assertThrows(InputException.class, () -> Trace.scan(p, TraceFormat.SIM,
                WorkloadOptions.DEFAULTS));
        assertEquals(1001, e.line());
    }

    @Test
    void theFormatComesFromTheFileNameWhenAuto() {
        assertEquals(TraceFormat.SWF, TraceFormat.resolve("auto", Path.of("x/CTC.swf.gz")));
        assertEquals(TraceFormat.SIM, TraceFormat.resolve("auto", Path.of("t.sim")));
        assertEquals(TraceFormat.SIM, TraceFormat.resolve("sim", Path.of("t.txt")));
        assertThrows(InputException.class, () -> TraceFormat.resolve("auto", Path.of("t.txt")));
        assertThrows(InputException.class, () -> TraceFormat.resolve("csv", Path.of("t.sim")));
    }

    @Test
    void realArchiveTracesParseCompletely() {
        Trace nasa = Trace.scan(SharedData.file("traces/NASA-iPSC-1993-3.1-cln.swf.gz"), TraceFormat.SWF,
                WorkloadOptions.DEFAULTS);
        assertEquals(18_239, nasa.jobs());
        assertEquals(128, nasa.header().maxProcs().getAsInt());
        Trace das2 = Trace.scan(SharedData.file("traces/DAS2-fs1-2003-1.swf"), TraceFormat.SWF, WorkloadOptions.DEFAULTS);
        assertEquals(40_315, das2.jobs());
        assertEquals(32, das2.header().maxNodes().getAsInt(), "MaxNodes: 32 (dual CPU)");
    }
}
