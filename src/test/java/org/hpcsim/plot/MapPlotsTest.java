package org.hpcsim.plot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.EnumSet;
import org.hpcsim.topology.Machines;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MapPlotsTest {
    @TempDir
    Path dir;

    @Test
    void jobsDrawnSideBySideNeverShareAColour() {
        Path run = dir.resolve("run");
        RunDirFixture.summary(run, "torus:8x6x2", 96, null, null);
        RunDirFixture.jobs(run, 70, 96);
        MapPlots maps = new MapPlots(RunData.read(run), PlotOptions.defaults());
        // Small jobs in a checkerboard-like patchwork: 1 to 3 nodes each, 60 jobs.
        int[] jobOfNode = new int[96];
        for (int node = 0; node < 96; node++) {
            jobOfNode[node] = node % 7 == 3 ? -1 : (node * 5 / 8) % 60;
        }
        int[] colour = maps.colours(jobOfNode);
        int[][] neighbours = MachineLayout.of(Machines.parse("torus:8x6x2")).drawnNeighbours();
        int pairs = 0;
        for (int a = 0; a < 96; a++) {
            for (int b : neighbours[a]) {
                if (jobOfNode[a] >= 0 && jobOfNode[b] >= 0 && jobOfNode[a] != jobOfNode[b]) {
                    assertNotEquals(colour[jobOfNode[a]], colour[jobOfNode[b]], "nodes " + a + " and " + b);
                    pairs++;
                }
            }
        }
        assertTrue(pairs > 50, "the test compares many neighbours: " + pairs);
    }

    @Test
    void theBusyMapsMeanIsTheNodeTimeHeldOverNodesAndMakespan() {
        Path run = dir.resolve("run");
        RunDirFixture.summary(run, "mesh:4x4", 16, null, null);
        RunDirFixture.jobs(run, 3, 16);
        // Jobs 0-2 arrive at 0, 100, 200; wait 0, 30, 60; run 300, 337, 374 s on 1, 2, 3 nodes.
        double makespan = 200 + 60 + 374;
        double held = 300 + 2 * 337 + 3 * 374;
        String title = new MapPlots(RunData.read(run), new PlotOptions(null, EnumSet.of(PlotFormat.PNG), 9))
                .busyMap().figure().title();
        assertTrue(title.contains("(mean " + Numbers.format(100 * held / (16 * makespan), 1) + " %)"), title);
        assertTrue(title.contains("% of the " + Numbers.format(makespan / 60, 3) + " min makespan"), title);
    }

    @Test
    void roomRowsOutsideTheSummarysLayoutAreBadInput() {
        Path run = dir.resolve("run");
        RunDirFixture.summary(run, "mesh:4x5x2", 40, "2x5x3", 30.0);
        RunDirFixture.jobs(run, 3, 40);
        RunDirFixture.inlet(run, 2, 5, 4);
        org.hpcsim.workload.InputException e = org.junit.jupiter.api.Assertions.assertThrows(
                org.hpcsim.workload.InputException.class,
                () -> new MapPlots(RunData.read(run), PlotOptions.defaults()).inletMap("m", "max_inlet_c", "x"));
        assertEquals(run.resolve("inlet.csv") + ":5: slot: '3' is not a slot of the room (2x5x3)", e.getMessage());
    }

    @Test
    void nodesDownOrDrainedAreMarkedOnTheBusyMapAndADrainedNodeStillRunningItsJobOnTheMachineMap() {
        Path run = dir.resolve("run");
        RunDirFixture.summary(run, "mesh:4x4", 16, null, null);
        RunDirFixture.jobs(run, 10, 16);
        // Job 1 runs on nodes 3 and 4 from 130 s to 467 s; they are drained at 150 s.
        RunDirFixture.write(run.resolve("events.csv"), org.hpcsim.report.FailureLog.EVENTS_HEADER + "\n"
                + "50,fail,node 15,node down (idle),exponential\n60,repair,node 15,node up,exponential\n"
                + "150,drain,nodes 3-4,\"2 nodes drained, 2 still running a job\",scenario\n");
        Figure map = new MapPlots(RunData.read(run), new PlotOptions(200.0, EnumSet.of(PlotFormat.PNG), 9)).machineMap()
                .figure();
        assertTrue(map.title().endsWith("; 0 failed, 2 drained"), map.title());
        assertEquals(2 * 6, map.points("drained, running its job").x().length, "two marks");
        Figure busy = new MapPlots(RunData.read(run), PlotOptions.defaults()).busyMap().figure();
        assertTrue(busy.title().endsWith("; 1 down, 2 drained at some time"), busy.title());
        assertEquals(6, busy.points("down at some time").x().length);
        assertEquals(2 * 6, busy.points("drained at some time").x().length);
        Figure before = new MapPlots(RunData.read(run), new PlotOptions(100.0, EnumSet.of(PlotFormat.PNG), 9))
                .machineMap().figure();
        assertFalse(before.seriesNames().contains("drained, running its job"), "nothing drained yet");
    }
}
