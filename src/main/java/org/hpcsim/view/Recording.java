package org.hpcsim.view;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.hpcsim.events.ScenarioEvent;
import org.hpcsim.plot.Csv;
import org.hpcsim.plot.NodeStates;
import org.hpcsim.report.SummaryJson;
import org.hpcsim.sim.LiveFrame;
import org.hpcsim.sim.LiveLayout;
import org.hpcsim.thermal.RoomLayout;
import org.hpcsim.time.SimTime;
import org.hpcsim.topology.Machines;
import org.hpcsim.topology.Topology;
import org.hpcsim.workload.InputException;

/**
 * {@code hpcsim view DIR}: a finished run's outputs in the live view's page, at any time its slider
 * picks. The nodes' jobs come from jobs.csv (and attempts.csv, the attempts a failure cut short), their
 * failures and drains from events.csv, the time series from timeseries.csv, the room's figures from
 * thermal.csv, and its map from inlet.csv (each node's hottest inlet over the run: the outputs keep no
 * node's inlet over time). Queue work is not in the outputs and is left out of the chart.
 */
public final class Recording implements Controls {
    private final Path dir;
    private final Topology machine;
    private final LiveLayout layout;
    private final FrameHub hub;
    /** Each hold of nodes (a job's last attempt, or an earlier one): job id, start, end (s), nodes. */
    private final long[] holdJob;
    private final double[] holdStart;
    private final double[] holdEnd;
    private final int[][] holdNodes;
    /** Each job: id, submit, first start (NaN: never), nodes, estimate (s). */
    private final long[] jobId;
    private final double[] submit;
    private final double[] firstStart;
    private final int[] jobNodes;
    private final double[] estimate;
    private final double end;
    private final double[] roomMax;
    private final double redline;
    private final int cracUnits;
    private final List<String[]> events = new ArrayList<>();
    private final List<double[]> thermal = new ArrayList<>();

    private Recording(Path dir) {
        this.dir = dir;
        if (!Files.isDirectory(dir)) {
            throw new InputException(dir, 0, null, Files.exists(dir) ? "not a directory" : "no such directory");
        }
        SummaryJson summary = SummaryJson.read(dir.resolve("summary.json"));
        try {
            machine = Machines.parse(summary.text("machine"));
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new InputException(summary.file(), 0, "machine", e.getMessage() == null ? "missing" : e.getMessage());
        }
        int n = machine.size();
        List<long[]> ids = new ArrayList<>();
        List<double[]> times = new ArrayList<>();
        List<int[]> nodes = new ArrayList<>();
        List<double[]> jobs = new ArrayList<>();
        double last = 0;
        try (Csv csv = Csv.open(dir.resolve("jobs.csv"))) {
            int cId = csv.column("id");
            int cSubmit = csv.column("submit");
            int cStart = csv.column("start");
            int cEnd = csv.column("end");
            int cNodes = csv.column("nodes");
            int cEstimate = csv.column("estimate");
            int cProcs = csv.column("procs");
            int cFirst = csv.has("first_start") ? csv.column("first_start") : cStart;
            while (csv.next()) {
                long id = Long.parseLong(csv.text(cId).strip());
                double start = csv.number(cStart);
                double stop = csv.number(cEnd);
                int[] held = csv.text(cNodes).isBlank() ? new int[0]
                        : Arrays.stream(csv.text(cNodes).split(";")).mapToInt(Integer::parseInt).toArray();
                jobs.add(new double[] {id, csv.number(cSubmit), csv.number(cFirst), held.length == 0
                        ? csv.number(cProcs) : held.length, csv.number(cEstimate)});
                if (!Double.isNaN(start) && !Double.isNaN(stop)) {
                    ids.add(new long[] {id});
                    times.add(new double[] {start, stop});
                    nodes.add(held);
                    last = Math.max(last, stop);
                }
            }
        }
        Path attempts = dir.resolve("attempts.csv");
        if (Files.exists(attempts)) {
            try (Csv csv = Csv.open(attempts)) {
                int cId = csv.column("id");
                int cStart = csv.column("start");
                int cEnd = csv.column("end");
                int cNodes = csv.column("nodes");
                int cOutcome = csv.column("outcome");
                while (csv.next()) {
                    if (csv.text(cOutcome).strip().equals("failed")) {
                        continue; // the job's last attempt, in jobs.csv already
                    }
                    ids.add(new long[] {Long.parseLong(csv.text(cId).strip())});
                    times.add(new double[] {csv.number(cStart), csv.number(cEnd)});
                    nodes.add(Arrays.stream(csv.text(cNodes).split(";")).mapToInt(Integer::parseInt).toArray());
                }
            }
        }
        int holds = ids.size();
        holdJob = new long[holds];
        holdStart = new double[holds];
        holdEnd = new double[holds];
        holdNodes = new int[holds][];
        for (int i = 0; i < holds; i++) {
            holdJob[i] = ids.get(i)[0];
            holdStart[i] = times.get(i)[0];
            holdEnd[i] = times.get(i)[1];
            holdNodes[i] = nodes.get(i);
        }
        int count = jobs.size();
        jobId = new long[count];
        submit = new double[count];
        firstStart = new double[count];
        jobNodes = new int[count];
        estimate = new double[count];
        for (int i = 0; i < count; i++) {
            double[] j = jobs.get(i);
            jobId[i] = (long) j[0];
            submit[i] = j[1];
            firstStart[i] = j[2];
            jobNodes[i] = (int) j[3];
            estimate[i] = j[4];
        }
        Path eventsCsv = dir.resolve("events.csv");
        if (Files.exists(eventsCsv)) {
            try (Csv csv = Csv.open(eventsCsv)) {
                int[] c = {csv.column("time"), csv.column("event"), csv.column("target"), csv.column("effect"),
                    csv.column("cause")};
                while (csv.next()) {
                    String[] row = new String[5];
                    for (int k = 0; k < 5; k++) {
                        row[k] = csv.text(c[k]);
                    }
                    events.add(row);
                }
            }
        }
        RoomLayout room = null;
        double[] max = null;
        Path inlet = dir.resolve("inlet.csv");
        if (Files.exists(inlet)) {
            List<double[]> rows = new ArrayList<>();
            try (Csv csv = Csv.open(inlet)) {
                int[] c = {csv.column("node"), csv.column("row"), csv.column("rack"), csv.column("slot"),
                    csv.column("max_inlet_c")};
                while (csv.next()) {
                    rows.add(new double[] {csv.number(c[0]), csv.number(c[1]), csv.number(c[2]), csv.number(c[3]),
                        csv.number(c[4])});
                }
            }
            int r = 0;
            int k = 0;
            int s = 0;
            max = new double[n];
            Arrays.fill(max, Double.NaN);
            for (double[] row : rows) {
                r = Math.max(r, (int) row[1] + 1);
                k = Math.max(k, (int) row[2] + 1);
                s = Math.max(s, (int) row[3] + 1);
                if ((int) row[0] < n) {
                    max[(int) row[0]] = row[4];
                }
            }
            if (!rows.isEmpty()) {
                room = new RoomLayout(r, k, s, 1, 1);
            }
        }
        roomMax = max;
        Path thermalCsv = dir.resolve("thermal.csv");
        if (Files.exists(thermalCsv)) {
            try (Csv csv = Csv.open(thermalCsv)) {
                int[] c = {csv.column("time"), csv.column("it_power_w"), csv.column("cooling_power_w"),
                    csv.column("supply_c"), csv.column("max_inlet_c")};
                while (csv.next()) {
                    thermal.add(new double[] {csv.number(c[0]), csv.number(c[1]), csv.number(c[2]), csv.number(c[3]),
                        csv.number(c[4])});
                }
            }
        }
        String red = summary.text("thermal.redline_c");
        redline = red == null ? Double.NaN : Double.parseDouble(red);
        String units = summary.text("thermal.crac_units");
        cracUnits = units == null ? 0 : Integer.parseInt(units);
        end = last;
        layout = LiveLayout.of(machine, null, room);
        hub = new FrameHub(layout, "recording");
        series(dir.resolve("timeseries.csv"));
        hub.publish(frame(end));
    }

    /**
     * Reads a finished run's directory.
     *
     * @throws InputException naming the file, line and column of bad input
     */
    public static Recording read(Path dir) {
        return new Recording(dir);
    }

    FrameHub hub() {
        return hub;
    }

    private void series(Path file) {
        if (!Files.exists(file)) {
            return;
        }
        int n = machine.size();
        try (Csv csv = Csv.open(file)) {
            int cTime = csv.column("time");
            int cBusy = csv.column("busy_nodes");
            int cQueued = csv.column("queued_jobs");
            int cIt = csv.has("it_power_w") ? csv.column("it_power_w") : -1;
            int cCool = csv.has("cooling_power_w") ? csv.column("cooling_power_w") : -1;
            int cInlet = csv.has("max_inlet_c") ? csv.column("max_inlet_c") : -1;
            while (csv.next()) {
                hub.point(csv.number(cTime), csv.number(cBusy) / n, csv.number(cQueued), Double.NaN,
                        cIt < 0 ? Double.NaN : csv.number(cIt) / 1000, cCool < 0 ? Double.NaN : csv.number(cCool) / 1000,
                        cInlet < 0 ? Double.NaN : csv.number(cInlet));
            }
        }
    }

    @Override
    public CompletionStage<String> submit(Command command) {
        if (!command.verb().equals("seek")) {
            return CompletableFuture.failedFuture(new IllegalArgumentException("a finished run takes no controls"
                    + " but seek (the time slider)"));
        }
        try {
            double t = SimTime.toSeconds(ScenarioEvent.time(command.argument()));
            hub.publish(frame(t));
            return CompletableFuture.completedFuture("at " + t + " s");
        } catch (IllegalArgumentException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /** The run as it was at {@code t} seconds, as far as its outputs tell. */
    LiveFrame frame(double t) {
        int n = machine.size();
        NodeStates states = NodeStates.at(dir.resolve("events.csv"), n, t);
        int[] state = new int[n];
        long[] job = new long[n];
        Arrays.fill(job, -1);
        int busy = 0;
        int running = 0;
        List<LiveFrame.RunningJob> runningJobs = new ArrayList<>();
        for (int h = 0; h < holdJob.length; h++) {
            if (holdStart[h] <= t && t < holdEnd[h]) {
                running++;
                busy += holdNodes[h].length;
                for (int node : holdNodes[h]) {
                    if (node < n) {
                        job[node] = holdJob[h];
                    }
                }
                if (runningJobs.size() < 30) {
                    runningJobs.add(new LiveFrame.RunningJob(holdJob[h], holdNodes[h].length,
                            SimTime.fromSeconds(holdStart[h]), SimTime.fromSeconds(holdEnd[h])));
                }
            }
        }
        int down = 0;
        int drained = 0;
        for (int node = 0; node < n; node++) {
            if (states.failed(node)) {
                state[node] = LiveFrame.DOWN;
                down++;
            } else if (states.drained(node) && job[node] < 0) {
                state[node] = LiveFrame.DRAINED;
                drained++;
            } else {
                state[node] = job[node] >= 0 ? LiveFrame.BUSY : LiveFrame.FREE;
            }
        }
        List<LiveFrame.QueuedJob> queue = new ArrayList<>();
        int queued = 0;
        int ended = 0;
        double work = 0;
        for (int i = 0; i < jobId.length; i++) {
            boolean waiting = submit[i] <= t && (Double.isNaN(firstStart[i]) || t < firstStart[i]);
            if (waiting && !Double.isNaN(firstStart[i])) {
                queued++;
                work += jobNodes[i] * estimate[i] / 3600;
                if (queue.size() < 30) {
                    queue.add(new LiveFrame.QueuedJob(jobId[i], jobNodes[i], SimTime.fromSeconds(estimate[i]),
                            SimTime.fromSeconds(submit[i])));
                }
            }
        }
        for (int h = 0; h < holdJob.length; h++) {
            ended += holdEnd[h] <= t ? 1 : 0;
        }
        LiveFrame.RoomState room = null;
        double[] row = null;
        for (double[] r : thermal) {
            if (r[0] > t) {
                break;
            }
            row = r;
        }
        if (row != null) {
            room = new LiveFrame.RoomState(row[1], row[2], row[3], row[4], hottest(), redline, cracUnits,
                    unitsDown(t), roomMax);
        }
        List<LiveFrame.Event> shown = new ArrayList<>();
        for (String[] e : events) {
            double time = Double.parseDouble(e[0]);
            if (time > t) {
                break;
            }
            shown.add(new LiveFrame.Event(SimTime.fromSeconds(time), e[1], e[2], e[3], e[4]));
        }
        List<LiveFrame.Event> latest = shown.subList(Math.max(0, shown.size() - 100), shown.size());
        return new LiveFrame("recorded", SimTime.fromSeconds(t), SimTime.NEVER, state, job, queued, work, running, busy,
                down, drained, ended, queue, runningJobs, room, new long[0], new ArrayList<>(latest));
    }

    /** The CRAC units down at {@code t}, replayed from events.csv's unit failures and repairs that took effect. */
    private int[] unitsDown(double t) {
        boolean[] down = new boolean[cracUnits];
        for (String[] e : events) {
            if (Double.parseDouble(e[0]) > t) {
                break;
            }
            String target = e[2].strip();
            if (target.startsWith("crac ") && !e[3].startsWith("none: ")
                    && (e[1].equals("fail") || e[1].equals("repair"))) {
                int unit = Integer.parseInt(target.substring(5).strip());
                if (unit < cracUnits) {
                    down[unit] = e[1].equals("fail");
                }
            }
        }
        return java.util.stream.IntStream.range(0, cracUnits).filter(u -> down[u]).toArray();
    }

    private int hottest() {
        int best = 0;
        for (int i = 0; roomMax != null && i < roomMax.length; i++) {
            if (roomMax[i] > roomMax[best]) {
                best = i;
            }
        }
        return best;
    }

    /** Serves the recording at {@code where}; the caller closes it. */
    public ViewServer serve(ViewServer.Endpoint where) {
        return ViewServer.start(where, hub, this, () -> false);
    }

    /** The run's last end, seconds. */
    public double end() {
        return end;
    }
}
