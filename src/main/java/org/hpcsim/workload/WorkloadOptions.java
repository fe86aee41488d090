package org.hpcsim.workload;

/**
 * How trace fields become jobs.
 *
 * @param coresPerNode     processors per node: a job needs {@code ceil(procs / coresPerNode)} nodes
 * @param swfSize          which SWF field gives a job's processor count
 * @param missingEstimate  multiple of the run time used when an SWF job has no requested time
 *                         (1 = the run time itself, the default)
 * @param killAtEstimate   true: a job that outruns its estimate is killed at it; false (SST's rule):
 *                         an estimate below the run time is raised to the run time
 */
public record WorkloadOptions(int coresPerNode, SwfSizeField swfSize, double missingEstimate, boolean killAtEstimate) {

    /** Which SWF field sizes a job. */
    public enum SwfSizeField {
        /** Field 5 (allocated processors), falling back to field 8 when unknown; what SST's converter uses. */
        ALLOCATED,
        /** Field 8 (requested processors), falling back to field 5 when unknown. */
        REQUESTED
    }

    public static final WorkloadOptions DEFAULTS = new WorkloadOptions(1, SwfSizeField.ALLOCATED, 1.0, true);

    public WorkloadOptions {
        if (coresPerNode < 1) {
            throw new IllegalArgumentException("cores-per-node must be >= 1: " + coresPerNode);
        }
        if (!(missingEstimate > 0) || !Double.isFinite(missingEstimate)) {
            throw new IllegalArgumentException("missing-estimate factor must be > 0: " + missingEstimate);
        }
    }

    /**
     * The missing-estimate factor a setting names: {@code runtime} (1) or a positive finite factor.
     *
     * @throws IllegalArgumentException saying what was expected
     */
    public static double missingEstimateFactor(String text) {
        String v = text.strip();
        if (v.equals("runtime")) {
            return 1.0;
        }
        try {
            double f = Double.parseDouble(v);
            if (f > 0 && Double.isFinite(f)) {
                return f;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException("expected 'runtime' or a positive factor of the run time, got '" + v + "'");
    }

    /** Nodes needed for a number of processors. */
    public int nodesFor(long procs) {
        long nodes = (procs + coresPerNode - 1) / coresPerNode;
        return nodes > Integer.MAX_VALUE ? Integer.MAX_VALUE : (int) nodes;
    }

    /** Applies the kill-at-estimate switch to an estimate. */
    long effectiveEstimate(long estimate, long runTime) {
        return killAtEstimate || runTime < 0 ? estimate : Math.max(estimate, runTime);
    }
}
