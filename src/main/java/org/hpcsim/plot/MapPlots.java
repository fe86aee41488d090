package org.hpcsim.plot;

import java.awt.Color;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.hpcsim.thermal.RoomLayout;
import org.hpcsim.workload.InputException;

/**
 * Maps: the machine at one time (each node coloured by the job on it, idle, drained and failed nodes
 * apart, a drained node still running its job marked), each node's busy time (nodes down or drained at
 * some time marked), and the room's inlet temperatures per server position.
 */
final class MapPlots {
    /** Bins of the busy-time scale: 10 % each. */
    private static final int BUSY_BINS = 10;
    /** At most this many bins on the temperature scales. */
    private static final int INLET_BINS = 8;

    private final RunData run;
    private final PlotOptions options;
    private final MachineLayout layout;

    MapPlots(RunData run, PlotOptions options) {
        this.run = run;
        this.options = options;
        this.layout = MachineLayout.of(run.machine);
    }

    List<Plot> all() {
        List<Plot> plots = new ArrayList<>();
        plots.add(machineMap());
        plots.add(busyMap());
        plots.add(inletMap("room-inlet-map", "max_inlet_c", "Hottest inlet temperature per server position"));
        plots.add(inletMap("room-inlet-mean-map", "mean_inlet_c", "Mean inlet temperature per server position"));
        return plots;
    }

    /** The time the machine map shows (s), and why that one. */
    private record Instant(double time, String why) {
    }

    /** --at, else the busiest instant (see {@link Occupancy#busiestTime}), else mid-run. */
    private Instant instant() {
        if (options.at() != null) {
            return new Instant(options.at(), "--at");
        }
        double peak = new Occupancy(run.jobs.holds, run.machine.size()).busiestTime();
        if (!Double.isNaN(peak)) {
            return new Instant(peak, "most nodes busy");
        }
        return new Instant(run.end() / 2, "mid-run");
    }

    Plot machineMap() {
        Instant at = instant();
        int nodes = run.machine.size();
        int[] job = new Occupancy(run.jobs.holds, nodes).jobsAt(at.time());
        NodeStates states = NodeStates.at(run.eventsCsv(), nodes, at.time());
        int[] colour = colours(job);
        int running = 0;
        int busy = 0;
        boolean[] seen = new boolean[run.jobs.count];
        for (int node = 0; node < nodes; node++) {
            if (job[node] >= 0) {
                busy++;
                running += seen[job[node]] ? 0 : 1;
                seen[job[node]] = true;
            }
        }
        List<CellMap.Category> categories = new ArrayList<>(List.of(new CellMap.Category("idle", Palette.IDLE),
                new CellMap.Category("drained", Palette.DRAINED), new CellMap.Category("failed", Palette.FAILED),
                new CellMap.Category("I/O node", Palette.IO_NODE)));
        for (int c = 0; c < Palette.JOBS.length; c++) {
            categories.add(new CellMap.Category(null, Palette.JOBS[c]));
        }
        int[] category = new int[nodes];
        // A drained node still running its job shows the job's colour, marked as drained.
        boolean[] drainedBusy = new boolean[nodes];
        int failed = 0;
        int drained = 0;
        for (int node = 0; node < nodes; node++) {
            category[node] = states.failed(node) ? 2 : job[node] >= 0 ? 4 + colour[job[node]]
                    : states.drained(node) ? 1 : 0;
            failed += states.failed(node) ? 1 : 0;
            drained += states.drained(node) && !states.failed(node) ? 1 : 0;
            drainedBusy[node] = states.drained(node) && !states.failed(node) && job[node] >= 0;
        }
        TimeUnit unit = TimeUnit.forSpan(run.end());
        String title = "Jobs on " + run.machine.spec() + " at t = " + unit.format(at.time()) + " (" + at.why() + "): "
                + Numbers.count(running) + " jobs on " + Numbers.count(busy) + " of " + Numbers.count(nodes)
                + " nodes, a colour each" + (failed + drained == 0 ? "" : "; " + Numbers.count(failed) + " failed, "
                + Numbers.count(drained) + " drained");
        return Plot.of("machine-map", layout.figure(title, category, 3, categories,
                List.of(new CellMap.Mark("drained, running its job", Palette.DRAINED, drainedBusy))));
    }

    /**
     * A palette colour for each job on the map (by job index; -1 for jobs not on it) such that jobs
     * drawn side by side differ: jobs in the order of their lowest node, each taking the first colour,
     * counting on from the previous job's, that none of its drawn neighbours has (with 18 colours there
     * is always one unless a job borders 18 others; then the count goes on regardless).
     */
    int[] colours(int[] jobOfNode) {
        java.util.Map<Integer, List<Integer>> nodesOf = new java.util.LinkedHashMap<>();
        for (int node = 0; node < jobOfNode.length; node++) {
            if (jobOfNode[node] >= 0) {
                nodesOf.computeIfAbsent(jobOfNode[node], j -> new ArrayList<>()).add(node);
            }
        }
        int[] colour = new int[run.jobs.count];
        Arrays.fill(colour, -1);
        int[][] neighbours = layout.drawnNeighbours();
        int colours = Palette.JOBS.length;
        int next = 0;
        for (java.util.Map.Entry<Integer, List<Integer>> e : nodesOf.entrySet()) {
            int job = e.getKey();
            boolean[] taken = new boolean[colours];
            for (int n : e.getValue()) {
                for (int m : neighbours[n]) {
                    int other = jobOfNode[m];
                    if (other >= 0 && other != job && colour[other] >= 0) {
                        taken[colour[other]] = true;
                    }
                }
            }
            int c = next;
            for (int tries = 0; tries < colours && taken[c]; tries++) {
                c = (c + 1) % colours;
            }
            colour[job] = c;
            next = (c + 1) % colours;
        }
        return colour;
    }

    Plot busyMap() {
        double first = run.firstArrival();
        double makespan = run.lastEnd() - first;
        if (Double.isNaN(makespan) || makespan <= 0) {
            return Plot.skip("busy-map", "no job ran for any time (no makespan)");
        }
        int nodes = run.machine.size();
        double[] busy = new Occupancy(run.jobs.holds, nodes).busySeconds();
        CellMap.Scale scale = new CellMap.Scale(0, 100.0 / BUSY_BINS, BUSY_BINS);
        List<CellMap.Category> categories = new ArrayList<>(scale.categories(0, "%"));
        categories.add(new CellMap.Category("I/O node", Palette.IO_NODE_ON_SCALE));
        int[] category = new int[nodes];
        double sum = 0;
        for (int node = 0; node < nodes; node++) {
            double fraction = busy[node] / makespan;
            sum += fraction;
            category[node] = scale.bin(100 * fraction);
        }
        // Nodes that were down or drained for a while were busy less for it: marked, so a reader knows why.
        boolean[] down = new boolean[nodes];
        boolean[] drained = new boolean[nodes];
        for (NodeStates.Period p : NodeStates.periods(run.eventsCsv(), nodes, run.end())) {
            (p.failed() ? down : drained)[p.node()] = true;
        }
        CellMap.Mark drainedMark = new CellMap.Mark("drained at some time", Color.WHITE, drained);
        CellMap.Mark downMark = new CellMap.Mark("down at some time", Palette.FAILED_MARK, down);
        TimeUnit unit = TimeUnit.forSpan(makespan);
        String title = "Busy time per node, % of the " + unit.format(makespan) + " makespan (mean "
                + Numbers.format(100 * sum / nodes, 1) + " %)" + (downMark.count() + drainedMark.count() == 0 ? ""
                : "; " + Numbers.count(downMark.count()) + " down, " + Numbers.count(drainedMark.count())
                + " drained at some time");
        return Plot.of("busy-map", layout.figure(title, category, BUSY_BINS, categories, List.of(drainedMark, downMark)));
    }

    Plot inletMap(String name, String column, String what) {
        Table t = run.inlet;
        if (t == null) {
            return Plot.skip(name, run.summary.text("thermal.layout") == null ? "no inlet.csv (thermal model off)"
                    : "no inlet.csv (a run older than inlet.csv)");
        }
        if (t.rows() == 0) {
            return Plot.skip(name, "inlet.csv has no rows");
        }
        RoomLayout room = roomLayout(t);
        double[] value = t.column(column);
        CellMap.Scale scale = CellMap.Scale.covering(TimeSeriesPlots.min(value), TimeSeriesPlots.max(value), INLET_BINS);
        int n = t.rows();
        int[] panel = new int[n];
        int[] x = new int[n];
        int[] y = new int[n];
        int[] category = new int[n];
        for (int i = 0; i < n; i++) {
            panel[i] = (int) t.column("row")[i];
            x[i] = (int) t.column("rack")[i];
            y[i] = (int) t.column("slot")[i];
            category[i] = scale.bin(value[i]);
        }
        List<String> labels = null;
        if (room.rows() > 1) {
            labels = new ArrayList<>();
            for (int r = 0; r < room.rows(); r++) {
                labels.add("row " + r);
            }
        }
        double redline = run.summary.number("thermal.redline_c");
        String title = what + " (°C" + (Double.isNaN(redline) ? "" : "; redline " + Numbers.format(redline, 2) + " °C")
                + "; hottest " + Numbers.format(TimeSeriesPlots.max(value), 2) + " °C)";
        return Plot.of(name, CellMap.figure(title, "rack (position in row)", "slot (0 = bottom)", room.racksPerRow(),
                room.nodesPerRack(), labels, new CellMap.Cells(panel, x, y, category),
                scale.categories(2, "°C"), List.of()));
    }

    /**
     * The room's rows, racks and slots: the summary's {@code thermal.layout} when it has one, else as
     * many as inlet.csv uses; every row of inlet.csv must fall inside it.
     */
    private RoomLayout roomLayout(Table t) {
        String text = run.summary.text("thermal.layout");
        int[] size = new int[3];
        String[] names = {"row", "rack", "slot"};
        if (text != null) {
            try {
                RoomLayout l = RoomLayout.parse(text, 1, 1);
                size = new int[] {l.rows(), l.racksPerRow(), l.nodesPerRack()};
            } catch (IllegalArgumentException e) {
                throw new InputException(run.summary.file(), 0, "thermal.layout", e.getMessage());
            }
        } else {
            for (int d = 0; d < 3; d++) {
                size[d] = (int) TimeSeriesPlots.max(t.column(names[d])) + 1;
            }
        }
        for (int d = 0; d < 3; d++) {
            double[] v = t.column(names[d]);
            for (int i = 0; i < v.length; i++) {
                if (!(v[i] >= 0 && v[i] < size[d] && v[i] == Math.rint(v[i]))) {
                    throw new InputException(t.file(), t.line(i), names[d], "'" + Numbers.format(v[i], 6) + "' is not a "
                            + names[d] + " of the room (" + size[0] + "x" + size[1] + "x" + size[2] + ")");
                }
            }
        }
        return new RoomLayout(size[0], size[1], size[2], 1, 1);
    }
}
