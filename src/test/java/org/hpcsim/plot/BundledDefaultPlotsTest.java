package org.hpcsim.plot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.hpcsim.cli.Main;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The plots of the bundled default, read back: every kind, in both formats, titled, with units on its axes. */
class BundledDefaultPlotsTest {

    @Test
    void runPlotsOnTheBundledDefaultWithRoomAndLinksGivesEveryPlotReadableWithLabelledAxes(@TempDir Path dir) {
        Path run = dir.resolve("default");
        // The default scenario, with the room, link and power-state models on so that their plots exist too.
        assertEquals(0, Main.execute("run", "-q", "--plots", "--out", run.toString(), "-Dthermal.enabled=true",
                "-Dnetwork.model=links", "-Denergy.enabled=true"));
        Path plots = run.resolve("plots");
        List<Plot> all = RunPlots.plots(RunData.read(run), PlotOptions.defaults());
        assertEquals(RunPlotsTest.ALL, all.stream().map(Plot::name).toList(), "nothing skipped");
        for (Plot p : all) {
            Figure f = p.figure();
            PlotFiles.assertPng(plots.resolve(p.name() + ".png"), f.width(), f.height());
            String text = PlotFiles.svgText(plots.resolve(p.name() + ".svg"), f.width(), f.height());
            for (String title : List.of(f.title(), f.xTitle(), f.yTitle())) {
                assertTrue(text.contains(title), p.name() + ".svg has '" + title + "' as text");
            }
            assertTrue(f.xTitle().matches(".*\\(.+\\).*") || f.xTitle().startsWith("rack") || f.xTitle().startsWith("x"),
                    p.name() + ": x axis with its unit: " + f.xTitle());
        }
    }
}
