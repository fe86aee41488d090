package org.hpcsim.thermal;

import java.util.List;

/**
 * The CRAC units of a room.
 *
 * @param supply          nominal supply temperature T_sup, degrees C (the paper's inlet temperatures are T_sup + D P)
 * @param redline         highest allowed inlet temperature T_red, degrees C
 * @param minSupply       coldest air a unit can supply, degrees C (negative infinity: no limit)
 * @param coolingScale    what IT power over CoP is multiplied by to give cooling power (1 but under SST 2014's profile)
 * @param units           the nodes each unit serves; every node belongs to exactly one unit
 * @param failureRiseRate how fast (K per second) the supply air reaching a failed unit's nodes warms
 * @param failureMaxRise  how far (K) it warms at most
 * @param failureStep     interval (microseconds) at which that warming is re-evaluated
 */
public record CoolingSettings(double supply, double redline, double minSupply, double coolingScale, List<int[]> units,
                              double failureRiseRate, double failureMaxRise, long failureStep) {

    public CoolingSettings {
        if (!(coolingScale > 0) || Double.isInfinite(coolingScale)) {
            throw new IllegalArgumentException("cooling scale must be finite and > 0, got " + coolingScale);
        }
        units = List.copyOf(units);
    }

    /** Each node's unit, checking that the units partition nodes 0..n-1. */
    public int[] unitOfNodes(int n) {
        int[] unit = new int[n];
        java.util.Arrays.fill(unit, -1);
        for (int u = 0; u < units.size(); u++) {
            for (int node : units.get(u)) {
                if (node < 0 || node >= n) {
                    throw new IllegalArgumentException("CRAC unit " + u + " serves node " + node
                            + ", which is not in the room (nodes 0-" + (n - 1) + ")");
                }
                if (unit[node] >= 0) {
                    throw new IllegalArgumentException("node " + node + " is served by CRAC units " + unit[node]
                            + " and " + u);
                }
                unit[node] = u;
            }
        }
        for (int i = 0; i < n; i++) {
            if (unit[i] < 0) {
                throw new IllegalArgumentException("node " + i + " is served by no CRAC unit");
            }
        }
        return unit;
    }

    /** How much warmer than supplied the air reaching a failed unit's nodes is, {@code since} microseconds after the failure. */
    public double failureOffset(long since) {
        return Math.min(failureMaxRise, failureRiseRate * since / 1e6);
    }
}
