package org.hpcsim.plot;

import java.nio.file.Files;
import java.nio.file.Path;
import org.hpcsim.topology.NodeRanges;

/**
 * Which nodes were down or drained at one time, replayed from {@code events.csv} (node fail and
 * repair, drain and resume, in file order, which is the order they took effect). Replaying is enough:
 * every event sets a state, so one that changed nothing (a repair of a node that was up) changes
 * nothing here either. Link, CRAC and supply events are not about nodes and are passed over.
 */
final class NodeStates {
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
    static NodeStates at(Path eventsCsv, int nodes, double time) {
        NodeStates s = new NodeStates(new boolean[nodes], new boolean[nodes]);
        if (!Files.exists(eventsCsv)) {
            return s;
        }
        try (Csv csv = Csv.open(eventsCsv)) {
            int cTime = csv.column("time");
            int cEvent = csv.column("event");
            int cTarget = csv.column("target");
            while (csv.next()) {
                if (csv.number(cTime) > time) {
                    break;
                }
                String event = csv.text(cEvent).strip();
                String target = csv.text(cTarget).strip();
                boolean[] state = switch (event) {
                    case "fail", "repair" -> s.failed;
                    case "drain", "resume" -> s.drained;
                    default -> null;
                };
                String ids = target.startsWith("nodes ") ? target.substring(6)
                        : target.startsWith("node ") ? target.substring(5) : null;
                if (state == null || ids == null) {
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
                    state[node] = on;
                }
            }
        }
        return s;
    }

    boolean failed(int node) {
        return failed[node];
    }

    boolean drained(int node) {
        return drained[node];
    }
}
