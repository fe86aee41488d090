package org.hpcsim.malleable;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.hpcsim.topology.LineTopology;

/**
 * Checks any schedule of an instance: completeness (every job exactly once, nothing else), node
 * counts (1 <= q_j <= Q_j, or q_j = Q_j for a rigid job), run times (end - start = p_j(q_j)),
 * contiguity (consecutive compute nodes), locality (the job's own I/O node is adjacent to or inside
 * its range) and exclusivity (no two jobs overlap in time on any node of their hulls, compute or I/O;
 * touching intervals are fine). Times are compared with a relative tolerance of 1e-9 of the makespan.
 */
public final class Verifier {
    private static final int MAX_REPORTED = 20;

    private Verifier() {
    }

    /**
     * What the verifier found.
     *
     * @param violations what is wrong (at most 20 listed), empty when the schedule is valid
     * @param total      how many violations there were in all
     * @param makespan   the latest end (0 for an empty schedule)
     */
    public record Report(List<String> violations, int total, double makespan) {
        public boolean valid() {
            return total == 0;
        }

        /** Makespan over a lower bound. */
        public double ratio(double lowerBound) {
            return lowerBound > 0 ? makespan / lowerBound : Double.NaN;
        }
    }

    /** Checks {@code schedule} against {@code instance}. */
    public static Report check(Instance instance, List<Placement> schedule) {
        LineTopology line = instance.line();
        List<String> violations = new ArrayList<>();
        int[] total = {0};
        Map<Long, MalleableJob> jobs = new HashMap<>();
        for (MalleableJob j : instance.jobs()) {
            jobs.put(j.id(), j);
        }
        double makespan = 0;
        for (Placement p : schedule) {
            makespan = Math.max(makespan, p.end());
        }
        double eps = 1e-9 * Math.max(1, makespan);
        Map<Long, Integer> seen = new HashMap<>();
        List<Placement> valid = new ArrayList<>();
        for (Placement p : schedule) {
            String who = "job " + p.job();
            MalleableJob j = jobs.get(p.job());
            if (j == null) {
                add(violations, total, who + " is not in the instance");
                continue;
            }
            if (seen.merge(p.job(), 1, Integer::sum) > 1) {
                add(violations, total, who + " is scheduled more than once");
                continue;
            }
            if (p.nodes().length == 0) {
                add(violations, total, who + " has no compute nodes");
                continue;
            }
            boolean placeable = true;
            for (int i = 0; i < p.nodes().length; i++) {
                int n = p.nodes()[i];
                if (n < 0 || n >= line.size()) {
                    add(violations, total, who + ": compute node " + n + " is not on the line (0.." + (line.size() - 1)
                            + ")");
                    placeable = false;
                } else if (i > 0 && n != p.nodes()[i - 1] + 1) {
                    add(violations, total, who + " is not contiguous: nodes " + p.nodes()[i - 1] + " and " + n
                            + " are not consecutive");
                    placeable = false;
                }
            }
            int q = p.count();
            if (q < j.minNodes() || q > j.maxNodes()) {
                add(violations, total, who + " runs on " + q + " nodes; it may use "
                        + (j.rigid() ? "exactly " + j.maxNodes() : "1.." + j.maxNodes()));
            }
            if (p.io() != j.io()) {
                add(violations, total, who + " uses I/O node " + p.io() + " but needs I/O node " + j.io());
                placeable = false;
            }
            if (placeable && !line.isLocal(p.first(), p.last(), p.io())) {
                add(violations, total, who + " is not local: I/O node " + p.io() + " (between compute nodes "
                        + (line.gap(p.io()) - 1) + " and " + line.gap(p.io()) + ") is not adjacent to nodes "
                        + p.first() + ".." + p.last());
            }
            if (!(p.start() >= -eps)) {
                add(violations, total, who + " starts before time 0: " + p.start());
            }
            double expected = j.time(q, instance.speedup());
            if (Math.abs(p.end() - p.start() - expected) > 1e-9 * Math.max(1, expected) + eps) {
                add(violations, total, who + " runs " + (p.end() - p.start()) + " but p_j(" + q + ") = " + expected);
            }
            if (placeable) {
                valid.add(p);
            }
        }
        for (MalleableJob j : instance.jobs()) {
            if (!seen.containsKey(j.id())) {
                add(violations, total, "job " + j.id() + " is not scheduled");
            }
        }
        overlaps(line, valid, eps, violations, total);
        return new Report(List.copyOf(violations), total[0], makespan);
    }

    /** Every pair of jobs whose hulls share a node and whose intervals overlap. */
    private static void overlaps(LineTopology line, List<Placement> placed, double eps, List<String> violations,
                                 int[] total) {
        int n = placed.size();
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> Double.compare(placed.get(a).start(), placed.get(b).start()));
        int[] from = new int[n];
        int[] to = new int[n];
        for (int i = 0; i < n; i++) {
            Placement p = placed.get(i);
            from[i] = line.hullStart(p.first(), p.io());
            to[i] = line.hullEnd(p.last(), p.io());
        }
        // Sweep in start order; only jobs still running at a start can overlap it.
        List<Integer> active = new ArrayList<>();
        for (int k = 0; k < n; k++) {
            int i = order[k];
            Placement p = placed.get(i);
            active.removeIf(a -> placed.get(a).end() <= p.start() + eps);
            for (int a : active) {
                if (from[a] <= to[i] && from[i] <= to[a]) {
                    Placement o = placed.get(a);
                    int shared = Math.max(from[a], from[i]);
                    add(violations, total, "jobs " + o.job() + " and " + p.job() + " overlap on line position "
                            + shared + " during (" + p.start() + ", " + Math.min(o.end(), p.end()) + "]");
                }
            }
            if (p.end() > p.start() + eps) {
                active.add(i);
            }
        }
    }

    private static void add(List<String> violations, int[] total, String message) {
        total[0]++;
        if (violations.size() < MAX_REPORTED) {
            violations.add(message);
        }
    }
}
