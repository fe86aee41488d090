package org.hpcsim.topology;

/** A 2D or 3D torus ({@code torus:XxY[xZ]}): per dimension, the shorter way around. */
public final class TorusTopology extends GridTopology {
    public TorusTopology(int... dims) {
        super(dims);
    }

    @Override
    public boolean wraps() {
        return true;
    }

    @Override
    public String spec() {
        return "torus:" + dimsSpec();
    }
}
