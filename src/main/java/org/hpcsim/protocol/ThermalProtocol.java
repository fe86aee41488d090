package org.hpcsim.protocol;

/**
 * The thermal protocol: what the thermal actor accepts (the nodes' power reports, {@link PowerProtocol},
 * among them). Each record says who sends it to whom.
 */
public sealed interface ThermalProtocol permits PowerProtocol, ThermalProtocol.Begin, ThermalProtocol.UnitState,
        ThermalProtocol.Supply, ThermalProtocol.Tick {

    /** Simulation -> Thermal (at the first job's arrival): take the first sample of the idle room. */
    public record Begin() implements ThermalProtocol {
    }

    /** Crac -> Thermal: the unit failed, was repaired or changed its set point. */
    public record UnitState(int unit, boolean working) implements ThermalProtocol {
    }

    /** Crac -> Thermal: the unit supplies {@code supply} degrees C and draws {@code coolingPower} W. */
    public record Supply(int unit, double supply, double coolingPower) implements ThermalProtocol {
    }

    /** Thermal -> itself: the air reaching a failed unit's nodes has warmed further. */
    public record Tick() implements ThermalProtocol {
    }
}
