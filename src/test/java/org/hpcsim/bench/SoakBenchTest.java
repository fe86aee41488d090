package org.hpcsim.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** How {@link SoakBench} compares a run's output files with the one-thread run's. */
class SoakBenchTest {
    @Test
    void soakComparisonNamesChangedMissingAndExtraFiles() {
        Map<String, byte[]> expected = Map.of("jobs.csv", new byte[] {1}, "events.csv", new byte[] {2},
                "inlet.csv", new byte[] {3});
        Map<String, byte[]> got = new TreeMap<>(Map.of("jobs.csv", new byte[] {1},
                "events.csv", new byte[] {9}, "links.csv", new byte[] {4}));
        assertEquals(List.of("events.csv", "inlet.csv missing", "links.csv extra"),
                SoakBench.differing(new TreeMap<>(expected), got));
    }
}
