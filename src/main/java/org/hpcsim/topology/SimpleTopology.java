package org.hpcsim.topology;

import java.util.Optional;

/** A bag of interchangeable nodes with no network geometry ({@code simple:N}). */
public final class SimpleTopology implements Topology {
    private final int size;

    public SimpleTopology(int size) {
        if (size < 1) {
            throw new IllegalArgumentException("a machine needs at least one node: " + size);
        }
        this.size = size;
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public String spec() {
        return "simple:" + size;
    }

    /** Empty: a bag of nodes has no coordinates. */
    @Override
    public Optional<GridTopology> grid() {
        return Optional.empty();
    }

    /** Empty: a bag of nodes has no links. */
    @Override
    public Optional<GridTopology> networkGrid() {
        return Optional.empty();
    }

    /** Empty: a bag of nodes is not a line. */
    @Override
    public Optional<LineTopology> line() {
        return Optional.empty();
    }

    @Override
    public boolean hasDistances() {
        return false;
    }

    @Override
    public int distance(int a, int b) {
        throw new UnsupportedOperationException("a simple machine has no hop distances");
    }

    @Override
    public long sumPairwiseHops(int[] nodes) {
        throw new UnsupportedOperationException("a simple machine has no hop distances");
    }
}
