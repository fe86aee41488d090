package org.hpcsim.thermal;

import java.nio.file.Path;
import java.util.List;

/**
 * The machine-room model (keys {@code thermal.*} and {@code cooling.*}).
 *
 * @param enabled          whether the room is modelled
 * @param profile          whose constants: the paper's or SST 2014's (node power, D's node order, cooling scale)
 * @param layout           ROWSxRACKSxNODES, or "auto" (from a mesh/torus machine)
 * @param serversPerNode   servers per node (node power = servers x per-server power)
 * @param processorsPerServer processors per server
 * @param dMatrix          heat-distribution matrix file, or null
 * @param aMatrix          cross-interference matrix file, or null (neither: synthetic room)
 * @param k                rho f c_p, W/K per node
 * @param power            per-server idle / compute / communication watts (fraction = network.communication-fraction)
 * @param nodePowerCsv     write node-power.csv
 * @param powerCsv         write power.csv (the power meter: IT power per rack)
 * @param supply           nominal CRAC supply temperature, C
 * @param redline          redline, C
 * @param minSupply        coldest supply a unit can make, C
 * @param units            node ranges per CRAC unit; empty = one unit for all nodes
 * @param failureRiseRate  K per second the air reaching a failed unit's nodes warms
 * @param failureMaxRise   at most this many K
 * @param failureStep      microseconds between re-evaluations of that warming
 */
public record ThermalOptions(boolean enabled, ThermalProfile profile, String layout, int serversPerNode, int processorsPerServer,
                             Path dMatrix, Path aMatrix, double k, PowerModel power, boolean nodePowerCsv, boolean powerCsv,
                             double supply, double redline, double minSupply, List<String> units,
                             double failureRiseRate, double failureMaxRise, long failureStep) {
    public ThermalOptions {
        units = List.copyOf(units);
    }

    /** The power of one node: per-server power times servers per node, or the profile's own. */
    public PowerModel nodePower() {
        return profile.nodePower(new PowerModel(power.idle() * serversPerNode, power.compute() * serversPerNode,
                power.communication() * serversPerNode, power.fraction()));
    }
}
