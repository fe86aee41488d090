package org.hpcsim.thermal;

/**
 * The CRAC cooling model of Meng et al., Section 3.4. Temperatures in degrees C, powers in W.
 */
public final class Cooling {
    private Cooling() {
    }

    /** Coefficient of performance at supply temperature T (Eq. 10): 0.0068 T^2 + 0.0008 T + 0.458; always > 0. */
    public static double cop(double tSupC) {
        return 0.0068 * tSupC * tSupC + 0.0008 * tSupC + 0.458;
    }

    /**
     * The least CoP at supplies from {@code coldest} up: CoP falls as the supply cools down to the
     * parabola's vertex (-0.0008 / (2 x 0.0068), about -0.06 C) and rises below it.
     */
    public static double leastCop(double coldest) {
        return cop(Math.max(coldest, -0.0008 / (2 * 0.0068)));
    }

    /**
     * The supply temperature raised until the hottest inlet reaches the redline (Eq. 11):
     * T_sup' = T_sup + T_red - max T_in. Since max T_in = T_sup + max(D P), this equals T_red - max(D P)
     * whatever T_sup is.
     */
    public static double adjustedSupply(double tSup, double tRed, double maxInlet) {
        return tSup + tRed - maxInlet;
    }

    /** Cooling power for the IT power {@code itPower} at the adjusted supply temperature (Eq. 12): P_it / CoP(T_sup'). */
    public static double coolingPower(double itPower, double tSupAdjusted) {
        return itPower / cop(tSupAdjusted);
    }
}
