package org.hpcsim.energy;

import java.util.OptionalDouble;

/**
 * Node power states and energy (keys {@code energy.*}).
 *
 * @param enabled whether nodes have power states and energy is counted
 * @param states  every node's power states
 * @param pstate  the computing state every node starts in
 * @param jobLoad how much a running job loads its nodes, 0 to 1: a node draws idle + (full - idle) x load;
 *                empty: automatic (see {@link #jobLoad(boolean)})
 * @param platform a Batsim platform file whose hosts' power states replace {@code states}, or null
 */
public record EnergyOptions(boolean enabled, PowerStates states, int pstate, OptionalDouble jobLoad,
                            java.nio.file.Path platform) {
    public EnergyOptions {
        if (!states.computing(pstate)) {
            throw new IllegalArgumentException("pstate " + pstate + " is not a computing state");
        }
        if (jobLoad.isPresent() && !(jobLoad.getAsDouble() >= 0 && jobLoad.getAsDouble() <= 1)) {
            throw new IllegalArgumentException("job load " + jobLoad.getAsDouble() + " is not between 0 and 1");
        }
    }

    /**
     * The load of a running job's nodes: the one set, or automatically 0 for the jobs of a Batsim
     * workload (hpcsim runs their delay profiles, during which Batsim's jobs sleep: their hosts draw idle
     * power, as SimGrid counts it) and 1 for any other trace's (jobs that compute).
     */
    public double jobLoad(boolean batsimWorkload) {
        return jobLoad.orElse(batsimWorkload ? 0 : 1);
    }
}
