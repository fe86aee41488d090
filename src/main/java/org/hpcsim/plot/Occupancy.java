package org.hpcsim.plot;

import java.util.Arrays;

/**
 * Who held which node when, from the jobs' holds: the busiest instant, the jobs running at one time,
 * each node's busy time. A hold covers [start, end): at an instant the state shown is the one after
 * it, so a job starting then is running and a job ending then is not. Node ids are below the
 * machine's node count ({@link Jobs#read} checks them).
 */
final class Occupancy {
    private final Jobs.Holds holds;
    private final int nodes;

    Occupancy(Jobs.Holds holds, int nodes) {
        this.holds = holds;
        this.nodes = nodes;
    }

    /**
     * The first instant at which the most nodes were held (s), and of those the one with the most jobs
     * running (a full machine is held by one large job as often as by many small ones; the map of the
     * many shows more); NaN when no job held a node. Every instant at which holds start or end is a
     * candidate, with the counts after the instant.
     */
    double busiestTime() {
        int n = holds.count();
        if (n == 0) {
            return Double.NaN;
        }
        Integer[] byStart = order(holds.start());
        Integer[] byEnd = order(holds.end());
        long busy = 0;
        int jobs = 0;
        long best = -1;
        int bestJobs = -1;
        double bestTime = Double.NaN;
        int s = 0;
        int e = 0;
        while (s < n) {
            double t = Math.min(holds.start()[byStart[s]], e < n ? holds.end()[byEnd[e]] : Double.POSITIVE_INFINITY);
            for (; s < n && holds.start()[byStart[s]] == t; s++) {
                busy += holds.nodes()[byStart[s]].length;
                jobs++;
            }
            for (; e < n && holds.end()[byEnd[e]] == t; e++) {
                busy -= holds.nodes()[byEnd[e]].length;
                jobs--;
            }
            if (busy > best || busy == best && jobs > bestJobs) {
                best = busy;
                bestJobs = jobs;
                bestTime = t;
            }
        }
        return bestTime;
    }

    private static Integer[] order(double[] times) {
        Integer[] idx = new Integer[times.length];
        for (int i = 0; i < idx.length; i++) {
            idx[i] = i;
        }
        Arrays.sort(idx, (a, b) -> Double.compare(times[a], times[b]));
        return idx;
    }

    /** For every node, the index of the job holding it at {@code time} (s), or -1. */
    int[] jobsAt(double time) {
        int[] job = new int[nodes];
        Arrays.fill(job, -1);
        for (int h = 0; h < holds.count(); h++) {
            if (holds.start()[h] <= time && time < holds.end()[h]) {
                for (int node : holds.nodes()[h]) {
                    job[node] = holds.job()[h];
                }
            }
        }
        return job;
    }

    /** Seconds each node was held by some job. */
    double[] busySeconds() {
        double[] busy = new double[nodes];
        for (int h = 0; h < holds.count(); h++) {
            double d = holds.end()[h] - holds.start()[h];
            for (int node : holds.nodes()[h]) {
                busy[node] += d;
            }
        }
        return busy;
    }
}
