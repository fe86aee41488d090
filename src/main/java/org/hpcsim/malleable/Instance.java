package org.hpcsim.malleable;

import java.util.List;
import org.hpcsim.topology.LineTopology;

/**
 * An offline instance: a line machine, jobs (all released at time 0) and the speed-up function.
 *
 * @param line    the machine
 * @param jobs    the jobs, in any order; ids distinct
 * @param speedup f, used by malleable jobs
 */
public record Instance(LineTopology line, List<MalleableJob> jobs, Speedup speedup) {

    public Instance {
        jobs = List.copyOf(jobs);
        java.util.Set<Long> ids = new java.util.HashSet<>();
        for (MalleableJob j : jobs) {
            if (!ids.add(j.id())) {
                throw new IllegalArgumentException("job id " + j.id() + " appears twice");
            }
            if (j.io() >= line.ioCount()) {
                throw new IllegalArgumentException("job " + j.id() + " needs I/O node " + j.io() + " but the line has "
                        + line.ioCount());
            }
            if (j.maxNodes() > line.size()) {
                throw new IllegalArgumentException("job " + j.id() + " asks for " + j.maxNodes()
                        + " nodes but the line has " + line.size() + " compute nodes");
            }
        }
    }

    /** Whether every job is malleable with the same Q (a uniform instance); false for no jobs. */
    public boolean uniform() {
        if (jobs.isEmpty()) {
            return false;
        }
        int q = jobs.get(0).maxNodes();
        for (MalleableJob j : jobs) {
            if (j.rigid() || j.maxNodes() != q) {
                return false;
            }
        }
        return true;
    }

    /** The job at position {@code i} of {@link #jobs()}. */
    public MalleableJob job(int i) {
        return jobs.get(i);
    }
}
