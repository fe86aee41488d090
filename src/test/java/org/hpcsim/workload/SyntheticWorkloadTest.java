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

    @Test
    void allAtZeroGivesTheSameJobsArrivingAtTimeZero() {
        String poisson = SyntheticWorkload.generate(300, 64, 0.8, 4);
        String zero = text(new SyntheticWorkload.Spec(300, 64, 64, 0.8, 4, true));
        java.util.List<String[]> a = jobs(poisson);
        java.util.List<String[]> b = jobs(zero);
        assertEquals(300, b.size());
        assertTrue(a.stream().anyMatch(f -> !f[1].equals("0")), "Poisson arrivals spread out");
        for (int i = 0; i < a.size(); i++) {
            assertEquals("0", b.get(i)[1], "job " + (i + 1) + " submit");
            String[] same = a.get(i).clone();
            same[1] = "0";
            assertEquals(java.util.List.of(same), java.util.List.of(b.get(i)), "job " + (i + 1));
        }
        assertTrue(zero.contains("arrivals all at time 0"), zero.substring(0, 400));
    }

    @Test
    void maxSizeCapsTheSizesAndKeepsTheMachineInTheHeader() {
        String capped = text(new SyntheticWorkload.Spec(2000, 4096, 64, 0.9, 8, false));
        java.util.List<String[]> jobs = jobs(capped);
        int largest = jobs.stream().mapToInt(f -> Integer.parseInt(f[4])).max().getAsInt();
        assertEquals(64, largest, "sizes reach the cap and no further");
        assertTrue(capped.contains("; MaxProcs: 4096\n"), capped.substring(0, 400));
        assertTrue(capped.contains("largest job 64 processors"), capped.substring(0, 400));
    }

    @Test
    void maxSizeOfTheWholeMachineIsTheDefaultModel() {
        assertEquals(SyntheticWorkload.generate(200, 32, 0.7, 2), text(new SyntheticWorkload.Spec(200, 32, 32, 0.7, 2,
                false)));
    }

    @Test
    void aMaxSizeBeyondTheMachineIsRefused() {
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> new SyntheticWorkload.Spec(10, 16, 32, 0.5, 1, false));
        assertTrue(e.getMessage().contains("--max-size"), e.getMessage());
    }

    private static String text(SyntheticWorkload.Spec spec) {
        StringBuilder sb = new StringBuilder();
        try {
            SyntheticWorkload.write(spec, sb);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return sb.toString();
    }

    /** The job lines' fields. */
    private static java.util.List<String[]> jobs(String swf) {
        return swf.lines().filter(l -> !l.startsWith(";")).map(l -> l.trim().split("\\s+")).toList();
    }
}
