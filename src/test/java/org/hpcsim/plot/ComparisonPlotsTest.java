package org.hpcsim.plot;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ComparisonPlotsTest {

    @Test
    void runsWithIdenticalCurvesAreNamedInTheOverlaysNotes(@TempDir Path dir) {
        Path a = dir.resolve("a");
        Path b = dir.resolve("b");
        Path c = dir.resolve("c");
        for (Path run : List.of(a, b)) {
            RunDirFixture.summary(run, "mesh:8x4", 32, null, null);
            RunDirFixture.jobs(run, 30, 32);
        }
        RunDirFixture.summary(c, "mesh:8x4", 32, null, null);
        RunDirFixture.jobs(c, 31, 32);
        List<ComparisonPlots.Overlay> o = ComparisonPlots.write(List.of(a, b, c), List.of("a", "b", "c"), dir);
        assertEquals(List.of("a = b"), o.get(0).identical(), "b waits as a does; c has one job more");
        assertEquals(List.of("a = b"), o.get(1).identical());
    }

    @Test
    void theOverlaysAreWideWithALegendInAReadableFont(@TempDir Path dir) throws Exception {
        List<Path> runs = new java.util.ArrayList<>();
        List<String> names = new java.util.ArrayList<>();
        for (int i = 0; i < 8; i++) {
            Path run = dir.resolve("r" + i);
            RunDirFixture.summary(run, "mesh:8x4", 32, null, null);
            RunDirFixture.jobs(run, 20 + i, 32);
            runs.add(run);
            names.add("allocator.policy=sorted-free-list[snake],seed=" + i);
        }
        List<ComparisonPlots.Overlay> o = ComparisonPlots.write(runs, names, dir);
        assertTrue(ComparisonPlots.LEGEND_FONT.getSize() >= 14, "legend text of at least 14 px at full size");
        for (ComparisonPlots.Overlay overlay : o) {
            java.awt.image.BufferedImage png = javax.imageio.ImageIO.read(overlay.image().toFile());
            int legend = 0;
            for (String name : names) {
                legend = Math.max(legend, png.getGraphics().getFontMetrics(ComparisonPlots.LEGEND_FONT).stringWidth(name));
            }
            assertTrue(png.getWidth() >= 1000 && png.getWidth() >= ComparisonPlots.PLOT_WIDTH + legend,
                    "the plot keeps its width beside the legend: " + png.getWidth());
        }
    }

    @Test
    void identicalValuesInAnyOrderPointToTheFirstRunWithThem() {
        int[] same = ComparisonPlots.sameAs(List.of(new double[] {1, 2, 3}, new double[] {3, 1, 2}, new double[] {1, 2},
                new double[0], new double[0], new double[] {2, 3, 1}));
        assertArrayEquals(new int[] {-1, 0, -1, -1, -1, 0}, same, "runs where no job ran have no curve to hide");
        List<String> names = List.of("a", "b", "c", "d", "e", "f");
        assertEquals(List.of("1. a", "2. b (identical to 1)", "3. c", "4. d", "5. e", "6. f (identical to 1)"),
                ComparisonPlots.legend(names, same));
        assertEquals(List.of("a = b = f"), ComparisonPlots.identical(names, same));
        assertEquals(List.of("a", "c"), ComparisonPlots.legend(List.of("a", "c"), new int[] {-1, -1}),
                "plain names when no curve hides another");
    }
}
