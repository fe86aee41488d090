package org.hpcsim.locality;

/**
 * The locality of one allocation of {@code nodes} nodes. Ratios are kept as their exact integer
 * parts, so reports can print exact decimals. Geometric fields are -1 on a machine without
 * geometry ({@code simple:N}).
 *
 * @param nodes          allocation size k
 * @param pairwiseHops   sum of hop distances over the k(k-1)/2 pairs
 * @param linearSpan     max rank - min rank + 1 on the curve (Leung et al.'s linear span)
 * @param ringSpan       N minus the largest run of ranks not held, the curve closed into a ring
 *                       (Leung et al.'s ring span, the paper's "span")
 * @param boxVolume      volume of the bounding box (on a torus, the smallest wrapped box)
 * @param minBoxVolume   the smallest box of volume >= k that fits the machine
 * @param boxDimSum      sum of the bounding box's side lengths
 * @param cubeVolume     the bounding cube: side = longest box side, clipped to the machine
 * @param minCubeVolume  the smallest such clipped cube holding k nodes
 * @param components     connected components, nodes adjacent when one hop apart
 * @param boxSides       the bounding box's side per dimension (null without geometry)
 */
public record Locality(int nodes, long pairwiseHops, int linearSpan, int ringSpan, long boxVolume,
                       long minBoxVolume, int boxDimSum, long cubeVolume, long minCubeVolume, int components,
                       int[] boxSides) {

    /** Number of unordered pairs, k(k-1)/2. */
    public long pairs() {
        return (long) nodes * (nodes - 1) / 2;
    }

    public boolean hasGeometry() {
        return pairwiseHops >= 0;
    }

    /** Mean hops over pairs; 0 for a single node. */
    public double avgPairwiseHops() {
        return pairs() == 0 ? 0.0 : (double) pairwiseHops / pairs();
    }

    /** Span per node (Leung et al.'s stretch-span). */
    public double stretchSpan() {
        return (double) ringSpan / nodes;
    }

    /** Bounding box volume over the smallest possible box (>= 1). */
    public double boxRatio() {
        return (double) boxVolume / minBoxVolume;
    }

    /** Bounding cube volume over the smallest possible cube (>= 1). */
    public double cubeRatio() {
        return (double) cubeVolume / minCubeVolume;
    }
}
