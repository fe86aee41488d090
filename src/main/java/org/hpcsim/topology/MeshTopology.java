package org.hpcsim.topology;

/** A 2D or 3D mesh ({@code mesh:XxY[xZ]}): hop distance is the L1 distance. */
public final class MeshTopology extends GridTopology {
    public MeshTopology(int... dims) {
        super(dims);
    }

    @Override
    public boolean wraps() {
        return false;
    }

    @Override
    public String spec() {
        return "mesh:" + dimsSpec();
    }
}
