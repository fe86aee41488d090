package org.hpcsim.protocol;

/**
 * What the energy log accepts (energy.csv, summary.json's energy): each node's energy at the run's end.
 * Its records are {@link Report}s, each sent on a port typed by the record.
 */
public sealed interface EnergyLogProtocol permits Report.EnergyTotals {
}
