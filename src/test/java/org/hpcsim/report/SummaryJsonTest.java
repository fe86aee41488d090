package org.hpcsim.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.hpcsim.workload.InputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SummaryJsonTest {

    @Test
    void flattensNestedBlocksInFileOrderKeepingTheNumbersExactText(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("summary.json");
        Files.writeString(f, new JsonWriter()
                .put("jobs_total", 3)
                .put("mean_wait_s", 0.30000000000000004)
                .put("locality", new JsonWriter().put("jobs", 2).put("mean", new JsonWriter().put("avg_pairwise_hops", 1.5)))
                .put("network", null)
                .put("scheduler", "easy")
                .put("wall_clock_s", 0.53)
                .render());
        SummaryJson s = SummaryJson.read(f);
        assertEquals(List.of("jobs_total", "mean_wait_s", "locality.jobs", "locality.mean.avg_pairwise_hops", "network",
                "scheduler", "wall_clock_s"), List.copyOf(s.values().keySet()));
        assertEquals("0.30000000000000004", s.text("mean_wait_s"));
        assertEquals(1.5, s.number("locality.mean.avg_pairwise_hops"));
        assertNull(s.text("network"));
        assertTrue(Double.isNaN(s.number("network")));
        assertEquals("easy", s.text("scheduler"));
        assertTrue(SummaryJson.simulated("mean_wait_s"));
        assertFalse(SummaryJson.simulated("wall_clock_s"));
    }

    @Test
    void aMissingOrBrokenSummaryIsBadInputNamingTheFile(@TempDir Path dir) throws Exception {
        InputException missing = assertThrows(InputException.class, () -> SummaryJson.read(dir.resolve("summary.json")));
        assertTrue(missing.getMessage().contains("summary.json"), missing.getMessage());
        Path bad = dir.resolve("bad.json");
        Files.writeString(bad, "{\n\"a\": 1,\n\"b\": }\n");
        InputException broken = assertThrows(InputException.class, () -> SummaryJson.read(bad));
        assertTrue(broken.getMessage().contains("bad.json:3"), broken.getMessage());
    }
}
