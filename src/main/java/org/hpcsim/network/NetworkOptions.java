package org.hpcsim.network;

/**
 * The network model (keys {@code network.*}).
 *
 * @param model                  none, distance (Meng et al.'s delay factor) or links (emergent contention)
 * @param communicationFraction  c: the share of a job's run time spent communicating
 * @param tau                    MENG (0.9875 + 0.0962 CC + r) or ONE (no distance cost; contention only)
 * @param tauNoise               scale of r = noise * CC * u, u uniform in [-1, 1)
 * @param pattern                communication pattern of jobs without a .sim option
 * @param linksCsv               write links.csv (the most loaded links over time)
 * @param linksCsvTop            links per instant in links.csv
 */
public record NetworkOptions(Model model, double communicationFraction, Tau tau, double tauNoise, String pattern,
                             boolean linksCsv, int linksCsvTop) {
    /** How run times respond to the network. */
    public enum Model { NONE, DISTANCE, LINKS }

    /** The delay factor's distance term. */
    public enum Tau { MENG, ONE }
}
