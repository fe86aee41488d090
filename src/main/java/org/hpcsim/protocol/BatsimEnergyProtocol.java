package org.hpcsim.protocol;

/**
 * What Batsim's energy files accept (consumed_energy, machine_states, pstate_changes): the scheduler's
 * samples of the nodes' energy and power states. Its records are {@link Report}s, each sent on a port
 * typed by the record.
 */
public sealed interface BatsimEnergyProtocol permits Report.EnergySample, Report.MachineStates, Report.PstateChange {
}
