package org.hpcsim.testing;

import org.hpcsim.time.SimTime;
import org.hpcsim.workload.Job;

/** Hand-made jobs for policy tests: whole seconds, one processor per node. */
public final class Jobs {
    private Jobs() {
    }

    /** Job {@code index} (id = index + 1) arriving at {@code submit} s, {@code nodes} nodes, run and estimate in s. */
    public static Job job(int index, long submit, int nodes, long run, long estimate) {
        return new Job(index, index + 1, index + 1, SimTime.seconds(submit), SimTime.seconds(submit),
                SimTime.seconds(run), SimTime.seconds(estimate), nodes, nodes, null, null, null);
    }
}
