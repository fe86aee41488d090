/**
 * Node power states and energy: a node's {@link org.hpcsim.energy.PowerStates} (computing states with
 * a speed and watts idle and at full load, sleep states, and the transitions between them, numbered as
 * Batsim numbers a host's pstates), the run's {@link org.hpcsim.energy.EnergyOptions}, and the
 * {@link org.hpcsim.energy.PowerLedger}, which keeps every node's state over time and integrates its
 * energy. Plain Java with no Pekko imports; depends on {@code time} only.
 */
package org.hpcsim.energy;
