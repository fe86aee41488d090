package org.hpcsim.protocol;

/**
 * The power reports of the compute nodes: what a listener to node power accepts (the power meter),
 * and a part of what the thermal actor accepts.
 */
public sealed interface PowerProtocol extends ThermalProtocol {

    /** ComputeNode -> Thermal, PowerMeter: the node now draws {@code watts}. */
    record NodePower(int node, double watts) implements PowerProtocol {
    }
}
