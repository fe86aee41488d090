package org.hpcsim.thermal;

/**
 * A machine room: {@code rows} rows of {@code racksPerRow} racks, each holding {@code nodesPerRack}
 * nodes stacked from slot 0 at the bottom. Node index = slot + nodesPerRack * rack + nodesPerRow *
 * row, so a {@code mesh:4x5x2} machine maps onto 2 rows x 5 racks x 4 nodes with x = slot, y = rack,
 * z = row (Meng et al.'s 40-node room, whose D matrix uses the same order).
 */
public record RoomLayout(int rows, int racksPerRow, int nodesPerRack, int serversPerNode, int processorsPerServer) {

    /** Meng et al.'s room: 2 rows x 5 racks x 4 nodes, 10 servers per node, 2 processors per server. */
    public static final RoomLayout MENG = new RoomLayout(2, 5, 4, 10, 2);

    public RoomLayout {
        if (rows < 1 || racksPerRow < 1 || nodesPerRack < 1 || serversPerNode < 1 || processorsPerServer < 1) {
            throw new IllegalArgumentException("room layout sizes must be >= 1");
        }
        if ((long) rows * racksPerRow * nodesPerRack > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("room layout has too many nodes");
        }
    }

    /**
     * Parses {@code ROWSxRACKSxNODES} (rows x racks per row x nodes per rack), e.g. {@code 2x5x4}, with
     * the given servers per node and processors per server.
     */
    public static RoomLayout parse(String text, int serversPerNode, int processorsPerServer) {
        String[] parts = text.strip().toLowerCase(java.util.Locale.ROOT).split("x");
        if (parts.length != 3) {
            throw new IllegalArgumentException("room layout must be ROWSxRACKSxNODES such as 2x5x4, got '" + text + "'");
        }
        int[] v = new int[3];
        for (int i = 0; i < 3; i++) {
            try {
                v[i] = Integer.parseInt(parts[i].strip());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("room layout must be ROWSxRACKSxNODES such as 2x5x4, got '" + text + "'");
            }
        }
        return new RoomLayout(v[0], v[1], v[2], serversPerNode, processorsPerServer);
    }

    public int nodes() {
        return rows * racksPerRow * nodesPerRack;
    }

    public int nodesPerRow() {
        return racksPerRow * nodesPerRack;
    }

    public int index(int row, int rack, int slot) {
        return slot + nodesPerRack * rack + nodesPerRow() * row;
    }

    public int row(int node) {
        return node / nodesPerRow();
    }

    public int rack(int node) {
        return node % nodesPerRow() / nodesPerRack;
    }

    public int slot(int node) {
        return node % nodesPerRack;
    }

    /** {@code ROWSxRACKSxNODES}. */
    public String spec() {
        return rows + "x" + racksPerRow + "x" + nodesPerRack;
    }
}
