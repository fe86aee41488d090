package org.hpcsim.sim;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.hpcsim.config.Scenario;
import org.hpcsim.thermal.CoolingSettings;
import org.hpcsim.thermal.HeatModel;
import org.hpcsim.thermal.HeatModels;
import org.hpcsim.thermal.RoomLayout;
import org.hpcsim.thermal.RoomModel;
import org.hpcsim.thermal.ThermalOptions;
import org.hpcsim.topology.GridTopology;
import org.hpcsim.topology.NodeRanges;
import org.hpcsim.topology.Topology;
import org.hpcsim.workload.FileErrors;

/**
 * A run's machine room, built from the thermal and cooling settings: the layout, the heat model
 * (read, computed from A, or synthetic), the node power model and the CRAC units.
 *
 * @param layout  the room layout
 * @param model   what allocators and the thermal actor use: D, node power, nominal supply, redline
 * @param cooling the CRAC units
 * @param source  where D came from (a file, "A: file", or "synthetic")
 */
record Room(RoomLayout layout, RoomModel model, CoolingSettings cooling, String source) {

    static Room of(Scenario scenario, Topology topology) {
        ThermalOptions o = scenario.thermal();
        RoomLayout layout = layout(scenario, topology);
        int n = layout.nodes();
        HeatModel heat;
        String source;
        Path file = o.dMatrix() != null ? o.dMatrix() : o.aMatrix();
        try {
            if (o.dMatrix() != null) {
                heat = HeatModels.readD(o.dMatrix(), o.profile().fileIndex(layout));
                source = o.dMatrix().toString();
            } else if (o.aMatrix() != null) {
                heat = HeatModels.fromA(o.aMatrix(), o.profile().fileIndex(layout), o.k());
                source = "A: " + o.aMatrix();
            } else {
                heat = HeatModels.synthetic(layout, o.k());
                source = "synthetic";
            }
        } catch (IOException e) {
            throw FileErrors.reading(file, o.dMatrix() != null ? "thermal.d-matrix" : "thermal.a-matrix", e);
        }
        List<int[]> units = new ArrayList<>();
        if (o.units().isEmpty()) {
            int[] all = new int[n];
            for (int i = 0; i < n; i++) {
                all[i] = i;
            }
            units.add(all);
        } else {
            for (String ranges : o.units()) {
                try {
                    units.add(NodeRanges.parse(ranges));
                } catch (IllegalArgumentException e) {
                    throw scenario.invalid("cooling.units", e.getMessage());
                }
            }
        }
        CoolingSettings cooling = new CoolingSettings(o.supply(), o.redline(), o.profile().minSupply(o.minSupply()),
                o.profile().coolingScale(), units,
                o.failureRiseRate(), o.failureMaxRise(), o.failureStep());
        try {
            cooling.unitOfNodes(n);
        } catch (IllegalArgumentException e) {
            throw scenario.invalid("cooling.units", e.getMessage());
        }
        return new Room(layout, new RoomModel(heat, o.nodePower(), o.supply(), o.redline()), cooling, source);
    }

    /** The configured layout, or from a mesh/torus XxY[xZ]: Z rows (1 for 2D) of Y racks of X nodes. */
    private static RoomLayout layout(Scenario scenario, Topology topology) {
        ThermalOptions o = scenario.thermal();
        RoomLayout layout;
        if (o.layout().equals("auto")) {
            GridTopology grid = topology.grid().orElseThrow(() -> scenario.invalid("thermal.layout",
                    "thermal.layout = auto needs a mesh or torus machine; give ROWSxRACKSxNODES for "
                            + topology.spec()));
            layout = new RoomLayout(grid.extent(2), grid.extent(1), grid.extent(0), o.serversPerNode(),
                    o.processorsPerServer());
        } else {
            layout = RoomLayout.parse(o.layout(), o.serversPerNode(), o.processorsPerServer());
        }
        if (layout.nodes() != topology.size()) {
            throw scenario.invalid("thermal.layout", "room " + layout.spec() + " has "
                    + layout.nodes() + " nodes but the machine " + topology.spec() + " has " + topology.size());
        }
        return layout;
    }
}
