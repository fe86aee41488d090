package org.hpcsim.study;

import org.hpcsim.locality.Locality;
import org.hpcsim.report.JsonWriter;
import org.hpcsim.topology.GridTopology;
import org.hpcsim.topology.Topology;

/**
 * The nodes an allocator chose and their locality.
 *
 * @param allocator the allocator spec as resolved (curve filled in)
 * @param curve     the curve the span is measured on
 * @param topology  the machine
 * @param nodes     chosen node ids, ascending
 * @param locality  their locality
 */
public record AllocationResult(String allocator, String curve, Topology topology, int[] nodes, Locality locality) {

    /**
     * {@code {"allocator", "nodes", "coords", "pairwiseHopsSum", "avgPairwiseHops", "span",
     * "boundingBox", "components"}} plus the curve and the other span and box figures.
     */
    public JsonWriter json() {
        JsonWriter j = new JsonWriter().put("allocator", allocator).put("nodes", nodes);
        topology.grid().ifPresent(g -> {
            java.util.List<int[]> coords = new java.util.ArrayList<>(nodes.length);
            for (int node : nodes) {
                int[] c = new int[g.dimensions()];
                for (int d = 0; d < c.length; d++) {
                    c[d] = g.coordinate(node, d);
                }
                coords.add(c);
            }
            j.put("coords", coords);
        });
        Locality l = locality;
        boolean geo = l.hasGeometry();
        j.put("pairwiseHopsSum", geo ? l.pairwiseHops() : null)
                .put("avgPairwiseHops", geo ? l.avgPairwiseHops() : null)
                .put("span", l.ringSpan())
                .put("linearSpan", l.linearSpan())
                .put("curve", curve);
        if (geo) {
            j.put("boundingBox", new JsonWriter()
                    .put("sides", l.boxSides())
                    .put("volume", l.boxVolume())
                    .put("ratio", l.boxRatio())
                    .put("dimSum", l.boxDimSum()));
        } else {
            j.put("boundingBox", null);
        }
        return j.put("components", geo ? l.components() : null);
    }

    /** A few aligned lines for a person. */
    public String text() {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format("allocator          %s%n", allocator));
        sb.append("nodes              ");
        for (int i = 0; i < nodes.length; i++) {
            sb.append(i > 0 ? " " : "").append(nodes[i]);
        }
        sb.append(System.lineSeparator());
        Locality l = locality;
        if (l.hasGeometry()) {
            GridTopology g = topology.grid().orElseThrow(); // only a grid's allocations have geometry
            sb.append("coords            ");
            for (int node : nodes) {
                sb.append(" (").append(g.x(node)).append(',').append(g.y(node));
                if (g.dimensions() == 3) {
                    sb.append(',').append(g.z(node));
                }
                sb.append(')');
            }
            sb.append(System.lineSeparator());
            sb.append(String.format("pairwise hops      %d total, %.6f average%n", l.pairwiseHops(), l.avgPairwiseHops()));
        }
        sb.append(String.format("span (%s)%s%d ring, %d linear%n", curve, " ".repeat(Math.max(1, 12 - curve.length())),
                l.ringSpan(), l.linearSpan()));
        if (l.hasGeometry()) {
            int[] s = l.boxSides();
            StringBuilder dims = new StringBuilder();
            for (int i = 0; i < s.length; i++) {
                dims.append(i > 0 ? "x" : "").append(s[i]);
            }
            sb.append(String.format("bounding box       %s = %d (%.6f x the smallest)%n", dims, l.boxVolume(), l.boxRatio()));
            sb.append(String.format("components         %d%n", l.components()));
        }
        return sb.toString();
    }
}
