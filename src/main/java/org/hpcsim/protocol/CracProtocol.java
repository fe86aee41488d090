package org.hpcsim.protocol;

/**
 * The crac protocol: what a CRAC unit accepts. Each record says who sends it to whom.
 */
public sealed interface CracProtocol {

    /**
     * Thermal -> Crac: the nodes this unit now serves draw {@code itPower} W and the largest inlet
     * rise over its supply among them is {@code maxRise} K.
     */
    public record Load(double maxRise, double itPower) implements CracProtocol {
    }

    /** Scenario event -> Crac: the unit fails; {@code cause}: the cause events.csv names. */
    public record Fail(String cause) implements CracProtocol {
        public Fail() {
            this("");
        }
    }

    /** Scenario event -> Crac: the unit works again. */
    public record Repair(String cause) implements CracProtocol {
        public Repair() {
            this("");
        }
    }

    /** Scenario event -> Crac: supply a fixed {@code supply} degrees C, or NaN to return to automatic mode. */
    public record SetSupply(double supply, String cause) implements CracProtocol {
        public SetSupply(double supply) {
            this(supply, "");
        }
    }
}
