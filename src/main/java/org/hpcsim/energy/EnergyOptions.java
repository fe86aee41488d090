package org.hpcsim.energy;

/**
 * Node power states and energy (keys {@code energy.*}).
 *
 * @param enabled whether nodes have power states and energy is counted
 * @param states  every node's power states
 * @param pstate  the computing state every node starts in
 * @param jobLoad how much a running job loads its nodes, 0 to 1: a node draws idle + (full - idle) x load
 * @param platform a Batsim platform file whose hosts' power states replace {@code states}, or null
 */
public record EnergyOptions(boolean enabled, PowerStates states, int pstate, double jobLoad, java.nio.file.Path platform) {
    public EnergyOptions {
        if (!states.computing(pstate)) {
            throw new IllegalArgumentException("pstate " + pstate + " is not a computing state");
        }
        if (!(jobLoad >= 0 && jobLoad <= 1)) {
            throw new IllegalArgumentException("job load " + jobLoad + " is not between 0 and 1");
        }
    }
}
