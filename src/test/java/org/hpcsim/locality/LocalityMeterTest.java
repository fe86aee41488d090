package org.hpcsim.locality;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import org.hpcsim.topology.Curve;
import org.hpcsim.topology.MeshTopology;
import org.hpcsim.topology.RowMajorCurve;
import org.hpcsim.topology.SimpleTopology;
import org.hpcsim.topology.SnakeCurve;
import org.hpcsim.topology.TorusTopology;
import org.junit.jupiter.api.Test;

class LocalityMeterTest {

    private static LocalityMeter rowMajor(org.hpcsim.topology.Topology t) {
        return new LocalityMeter(t, Curve.ranks(new RowMajorCurve().order(t)));
    }

    @Test
    void anLShapeOnAMeshHasItsHandWorkedMetrics() {
        MeshTopology m = new MeshTopology(4, 4);
        // (0,0) (1,0) (0,1) (3,3): ids 0, 1, 4, 15.
        Locality l = rowMajor(m).measure(new int[] {0, 1, 4, 15});
        assertEquals(4, l.nodes());
        // pairs: 0-1:1 0-4:1 0-15:6 1-4:2 1-15:5 4-15:5 = 20
        assertEquals(20, l.pairwiseHops());
        assertEquals(20 / 6.0, l.avgPairwiseHops(), 1e-12);
        assertEquals(16, l.linearSpan());
        // ranks 0 1 4 15 on a ring of 16: largest hole is 5..14 (10 ranks) -> span 6.
        assertEquals(6, l.ringSpan());
        assertEquals(1.5, l.stretchSpan(), 1e-12);
        assertEquals(16, l.boxVolume());
        assertEquals(4, l.minBoxVolume());
        assertEquals(8, l.boxDimSum());
        assertEquals(16, l.cubeVolume());
        assertEquals(4, l.minCubeVolume());
        assertEquals(2, l.components());
    }

    @Test
    void onATorusTheBoxWrapsAndNeighboursAcrossTheSeamConnect() {
        TorusTopology t = new TorusTopology(5, 4);
        // (4,0) and (0,0), (4,3) and (0,3): a 2x2 square across both seams.
        int[] nodes = {t.node(0, 0, 0), t.node(4, 0, 0), t.node(0, 3, 0), t.node(4, 3, 0)};
        Locality l = rowMajor(t).measure(nodes);
        assertEquals(4, l.pairwiseHops() / 2);
        assertEquals(4, l.boxVolume());
        assertEquals(4, l.boxDimSum());
        assertEquals(1, l.components());
        assertEquals(1.0, l.boxRatio(), 0);
    }

    @Test
    void smallestBoxAndCubeRespectTheMachine() {
        MeshTopology m = new MeshTopology(8, 8, 5);
        Locality l = rowMajor(m).measure(new int[] {0, 1, 2, 3, 4, 5, 6});
        assertEquals(7, l.minBoxVolume(), "a 7x1x1 box fits");
        assertEquals(8, l.minCubeVolume(), "the smallest cube holding 7 nodes is 2x2x2");
        assertEquals(7, l.boxVolume());
        assertEquals(9, l.boxDimSum());
        assertEquals(7 * 7 * 5, l.cubeVolume(), "side 7, clipped to the machine's z extent of 5");
    }

    @Test
    void aSingleNodeIsOneComponentWithSpanOne() {
        Locality l = new LocalityMeter(new MeshTopology(3, 3), Curve.ranks(new SnakeCurve().order(new MeshTopology(3, 3))))
                .measure(new int[] {4});
        assertEquals(0, l.pairwiseHops());
        assertEquals(0.0, l.avgPairwiseHops());
        assertEquals(1, l.linearSpan());
        assertEquals(1, l.ringSpan());
        assertEquals(1, l.components());
    }

    @Test
    void aMachineWithoutGeometryHasSpansOnly() {
        SimpleTopology s = new SimpleTopology(10);
        Locality l = rowMajor(s).measure(new int[] {2, 3, 9});
        assertFalse(l.hasGeometry());
        assertEquals(8, l.linearSpan());
        assertEquals(5, l.ringSpan(), "largest hole 4..8 (5 ranks)");
    }

    @Test
    void summaryCountsMultiNodeJobsAndWeightsByRunTime() {
        MeshTopology m = new MeshTopology(4, 4);
        LocalityMeter meter = rowMajor(m);
        LocalitySummary s = new LocalitySummary();
        s.add(meter.measure(new int[] {0, 1}), 10);
        s.add(meter.measure(new int[] {0, 3}), 30);
        s.add(meter.measure(new int[] {5}), 1000);
        assertEquals(2, s.jobs());
        assertEquals(2.0, s.mean(LocalitySummary.Metric.AVG_PAIRWISE_HOPS), 1e-12);
        assertEquals((1 * 10 + 3 * 30) / 40.0, s.weightedMean(LocalitySummary.Metric.AVG_PAIRWISE_HOPS), 1e-12);
    }
}
