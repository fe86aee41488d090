package org.hpcsim.locality;

import java.util.function.ToDoubleFunction;

/**
 * Means of the locality metrics over a run's multi-node allocations (a single node has nothing to
 * measure), plain and weighted by run time, accumulated in recording order so the sums reproduce.
 */
public final class LocalitySummary {

    /** The metrics summarized, in report order, with their report names. */
    public enum Metric {
        AVG_PAIRWISE_HOPS("avg_pairwise_hops", Locality::avgPairwiseHops),
        PAIRWISE_HOPS("pairwise_hops", l -> l.pairwiseHops()),
        LINEAR_SPAN("linear_span", l -> l.linearSpan()),
        RING_SPAN("ring_span", l -> l.ringSpan()),
        STRETCH_SPAN("stretch_span", Locality::stretchSpan),
        BBOX_VOLUME("bbox_volume", l -> l.boxVolume()),
        BBOX_RATIO("bbox_ratio", Locality::boxRatio),
        BBOX_DIM_SUM("bbox_dim_sum", l -> l.boxDimSum()),
        BCUBE_RATIO("bcube_ratio", Locality::cubeRatio),
        COMPONENTS("components", l -> l.components());

        private final String key;
        private final ToDoubleFunction<Locality> value;

        Metric(String key, ToDoubleFunction<Locality> value) {
            this.key = key;
            this.value = value;
        }

        public String key() {
            return key;
        }

        public double of(Locality l) {
            return value.applyAsDouble(l);
        }

        /** Whether the metric needs a machine with geometry. */
        public boolean geometric() {
            return this != LINEAR_SPAN && this != RING_SPAN && this != STRETCH_SPAN;
        }
    }

    private static final Metric[] METRICS = Metric.values();

    private final double[] sum = new double[METRICS.length];
    private final double[] weighted = new double[METRICS.length];
    private long jobs;
    private double weight;
    private boolean geometry = true;

    /** Adds one allocation that ran for {@code runMicros}. */
    public void add(Locality l, long runMicros) {
        if (l.nodes() < 2) {
            return;
        }
        jobs++;
        weight += runMicros;
        geometry &= l.hasGeometry();
        for (int m = 0; m < METRICS.length; m++) {
            double v = METRICS[m].of(l);
            sum[m] += v;
            weighted[m] += v * runMicros;
        }
    }

    /** Multi-node allocations counted. */
    public long jobs() {
        return jobs;
    }

    /** Whether a metric has a value: some job counted, and geometry where the metric needs it. */
    public boolean defined(Metric m) {
        return jobs > 0 && (geometry || !m.geometric());
    }

    public double mean(Metric m) {
        return sum[m.ordinal()] / jobs;
    }

    /** Mean weighted by run time; the plain mean when every counted job ran for zero time. */
    public double weightedMean(Metric m) {
        return weight == 0 ? mean(m) : weighted[m.ordinal()] / weight;
    }
}
