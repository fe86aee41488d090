package org.hpcsim.plot;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.hpcsim.topology.NodeRanges;

/**
 * Which nodes were down or drained at one time, and when, replayed from {@code events.csv} (node fail and
 * repair, drain and resume, in file order, which is the order they took effect). Replaying is enough:
 * every event sets a state, so one that changed nothing (a repair of a node that was up) changes
 * nothing here either. Link, CRAC and supply events are not about nodes and are passed over.
 */
public final class NodeStates {
    private final boolean[] failed;
    private final boolean[] drained;

    private NodeStates(boolean[] failed, boolean[] drained) {
        this.failed = failed;
        this.drained = drained;
    }

    /**
     * The states after every event at or before {@code time} (s), on a machine of {@code nodes} nodes;
     * all up when the file does not exist.
     *
     * @throws org.hpcsim.workload.InputException naming the file, line and column of bad input
     */
    public static NodeStates at(Path eventsCsv, int nodes, double time) {
        NodeStates s = new NodeStates(new boolean[nodes], new boolean[nodes]);
        replay(eventsCsv, nodes, time, (t, node, failed, on) -> (failed ? s.failed : s.drained)[node] = on);
        return s;
    }

    /** A stretch of time {@code [from, to)} during which a node was down ({@code failed}) or drained. */
    record Period(int node, double from, double to, boolean failed) {
    }

    /**
     * Every stretch of time a node was down or drained, in the order they ended; one still open at the
     * last event ends at {@code end} (s). Empty when the file does not exist.
     *
     * @throws org.hpcsim.workload.InputException naming the file, line and column of bad input
     */
    static List<Period> periods(Path eventsCsv, int nodes, double end) {
        double[] downSince = new double[nodes];
        double[] drainedSince = new double[nodes];
        Arrays.fill(downSince, Double.NaN);
        Arrays.fill(drainedSince, Double.NaN);
        List<Period> out = new ArrayList<>();
        replay(eventsCsv, nodes, Double.POSITIVE_INFINITY, (t, node, failed, on) -> {
            double[] since = failed ? downSince : drainedSince;
            if (on && Double.isNaN(since[node])) {
                since[node] = t;
            } else if (!on && !Double.isNaN(since[node])) {
                out.add(new Period(node, since[node], t, failed));
                since[node] = Double.NaN;
            }
        });
        for (int node = 0; node < nodes; node++) {
            if (!Double.isNaN(downSince[node])) {
                out.add(new Period(node, downSince[node], Math.max(end, downSince[node]), true));
            }
            if (!Double.isNaN(drainedSince[node])) {
                out.add(new Period(node, drainedSince[node], Math.max(end, drainedSince[node]), false));
            }
        }
        return out;
    }

    /** What one event did to one node: down or drained ({@code failed} false), or back ({@code on} false). */
    private interface Change {
        void apply(double time, int node, boolean failed, boolean on);
    }

    /** Every node event at or before {@code until}, node by node, in file order. */
    private static void replay(Path eventsCsv, int nodes, double until, Change change) {
        if (!Files.exists(eventsCsv)) {
            return;
        }
        try (Csv csv = Csv.open(eventsCsv)) {
            int cTime = csv.column("time");
            int cEvent = csv.column("event");
            int cTarget = csv.column("target");
            while (csv.next()) {
                double time = csv.number(cTime);
                if (time > until) {
                    break;
                }
                String event = csv.text(cEvent).strip();
                String target = csv.text(cTarget).strip();
                Boolean failed = switch (event) {
                    case "fail", "repair" -> true;
                    case "drain", "resume" -> false;
                    default -> null;
                };
                String ids = target.startsWith("nodes ") ? target.substring(6)
                        : target.startsWith("node ") ? target.substring(5) : null;
                if (failed == null || ids == null) {
                    continue;
                }
                boolean on = event.equals("fail") || event.equals("drain");
                int[] list;
                try {
                    list = NodeRanges.parse(ids);
                } catch (IllegalArgumentException e) {
                    throw csv.bad(cTarget, e.getMessage());
                }
                for (int node : list) {
                    if (node >= nodes) {
                        throw csv.bad(cTarget, "node " + node + " is not on the machine (" + nodes + " nodes)");
                    }
                    change.apply(time, node, failed, on);
                }
            }
        }
    }

    public boolean failed(int node) {
        return failed[node];
    }

    public boolean drained(int node) {
        return drained[node];
    }
}
