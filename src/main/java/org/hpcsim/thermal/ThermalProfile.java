package org.hpcsim.thermal;

import java.util.Locale;

/**
 * Which constants the room model takes: the paper's (Meng et al.) or those SST's scheduler element
 * used in 2014, when the paper's Table 1 was made (key {@code thermal.profile}).
 *
 * <p>{@link #SST_2014} follows {@code MeshMachine::getCoolingPower} of that code (sst-elements,
 * scheduler element, mid-2014), which differs from the paper's Section 3 in three ways:
 * <ul>
 * <li>node power: 1,000 W idle and 3,000 W busy ({@code Pidle = 1000}, {@code Putil = 2000} added),
 *     whatever the job's communication share, where the paper has 1,000 W idle and a
 *     2,500 W compute / 2,000 W communication mix (2,350 W at 30 % communication);</li>
 * <li>node order of D: SST walks its mesh as {@code for z, for x = X-1..0, for y = Y-1..0}, so row and
 *     column {@code z XY + (X-1-x) Y + (Y-1-y)} of the matrix file belong to node (x, y, z)
 *     ({@code 20z + 5(3-x) + (4-y)} on 4x5x2), where the paper's room numbers slot + 4 rack + 20 row;
 *     on a room layout, x is the slot, y the rack and z the row;</li>
 * <li>cooling power: IT power over CoP divided by {@code 214.649 / 120}, the figure that makes SST's
 *     40-node room with every node busy draw 120 kW of cooling (its IT power then), and the supply
 *     temperature is never held at the coldest a unit can make (SST has no such limit).</li>
 * </ul>
 * Everything else (T_in = T_sup + D P, Eq. 11's supply, Eq. 10's CoP) is the same in both.
 */
public enum ThermalProfile {
    /** Meng et al.'s constants: the per-server power keys, the room's own node order, no scaling. */
    PAPER("paper"),
    /** SST's 2014 code: 1,000 / 3,000 W nodes, its mesh order for D, cooling scaled by 120 / 214.649. */
    SST_2014("sst-2014");

    /** SST 2014's {@code Scaling_Factor}: cooling power is divided by it. */
    public static final double SST_2014_SCALING = 214.649 / 120;
    /** SST 2014's idle node, W. */
    public static final double SST_2014_IDLE = 1000;
    /** SST 2014's busy node, W ({@code Pidle + Putil}). */
    public static final double SST_2014_BUSY = 3000;

    private final String key;

    ThermalProfile(String key) {
        this.key = key;
    }

    /** The name in configuration. */
    public String key() {
        return key;
    }

    /** The profile named {@code name}, or an IllegalArgumentException listing the names. */
    public static ThermalProfile parse(String name) {
        for (ThermalProfile p : values()) {
            if (p.key.equals(name.strip().toLowerCase(Locale.ROOT))) {
                return p;
            }
        }
        throw new IllegalArgumentException("expected paper or sst-2014, got '" + name + "'");
    }

    /** The node power: {@code configured} under the paper's profile, SST's 1,000 / 3,000 W under sst-2014. */
    public PowerModel nodePower(PowerModel configured) {
        return this == PAPER ? configured
                : new PowerModel(SST_2014_IDLE, SST_2014_BUSY, SST_2014_BUSY, configured.fraction());
    }

    /** What cooling power (IT power over CoP) is multiplied by. */
    public double coolingScale() {
        return this == PAPER ? 1 : 1 / SST_2014_SCALING;
    }

    /** The coldest supply a unit is held at: {@code minSupply} under the paper's profile, none under sst-2014. */
    public double minSupply(double minSupply) {
        return this == PAPER ? minSupply : Double.NEGATIVE_INFINITY;
    }

    /**
     * For each node of {@code layout}, its row and column in a matrix file: the node itself under the
     * paper's profile, SST's mesh order under sst-2014.
     */
    public int[] fileIndex(RoomLayout layout) {
        int[] index = new int[layout.nodes()];
        int x = layout.nodesPerRack();
        int y = layout.racksPerRow();
        for (int node = 0; node < index.length; node++) {
            index[node] = this == PAPER ? node
                    : layout.row(node) * x * y + (x - 1 - layout.slot(node)) * y + (y - 1 - layout.rack(node));
        }
        return index;
    }
}
