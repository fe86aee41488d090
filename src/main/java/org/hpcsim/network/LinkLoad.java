package org.hpcsim.network;

import java.util.Arrays;

/**
 * The load one job puts on the links: {@code weights[i]} flows of the job cross link
 * {@code links[i]} (in either direction). Parallel arrays sorted by link id, only links with weight
 * &gt; 0. A weight counts flows, each one unit of traffic; a caller that knows the bytes per flow
 * multiplies. The arrays are the record's own and must not be changed.
 */
public record LinkLoad(int[] links, long[] weights) {
    /** No flows on any link. */
    public static final LinkLoad EMPTY = new LinkLoad(new int[0], new long[0]);

    public LinkLoad {
        if (links.length != weights.length) {
            throw new IllegalArgumentException(links.length + " links but " + weights.length + " weights");
        }
        for (int i = 0; i < links.length; i++) {
            if (weights[i] <= 0 || (i > 0 && links[i] <= links[i - 1])) {
                throw new IllegalArgumentException("links must ascend with weights > 0: link " + links[i]
                        + " weight " + weights[i] + " at index " + i);
            }
        }
    }

    /** Sum of the weights: the sum over flows of their hop counts (SST's hop-bytes, in flows). */
    public long hopBytes() {
        long sum = 0;
        for (long w : weights) {
            sum += w;
        }
        return sum;
    }

    /** The largest weight, 0 when no link is loaded: the job's bottleneck link. */
    public long maxWeight() {
        long max = 0;
        for (long w : weights) {
            max = Math.max(max, w);
        }
        return max;
    }

    /** Number of loaded links. */
    public int size() {
        return links.length;
    }

    /** Equal when the same links carry the same weights (records compare arrays by identity otherwise). */
    @Override
    public boolean equals(Object o) {
        return o instanceof LinkLoad other && Arrays.equals(links, other.links) && Arrays.equals(weights, other.weights);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(links) + Arrays.hashCode(weights);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("LinkLoad[");
        for (int i = 0; i < links.length; i++) {
            sb.append(i == 0 ? "" : ", ").append(links[i]).append('=').append(weights[i]);
        }
        return sb.append(']').toString();
    }
}
