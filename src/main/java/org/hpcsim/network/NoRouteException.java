package org.hpcsim.network;

/**
 * A flow has no route: the failed links cut its destination off from its source. Unchecked, as the
 * caller decides what a partitioned job means (abort it, or wait for a repair).
 */
public final class NoRouteException extends RuntimeException {
    private final int from;
    private final int to;

    /** No working path from node {@code from} to node {@code to}. */
    public NoRouteException(int from, int to) {
        super("no route from node " + from + " to node " + to + ": failed links partition the network");
        this.from = from;
        this.to = to;
    }

    /** The flow's source node. */
    public int from() {
        return from;
    }

    /** The flow's destination node. */
    public int to() {
        return to;
    }
}
