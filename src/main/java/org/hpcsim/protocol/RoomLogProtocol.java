package org.hpcsim.protocol;

/**
 * What the room's logs accept (thermal.csv, node-power.csv, inlet.csv): the room's samples, its
 * inlet totals at the end, the jobs' ends (the last end, up to which inlets are averaged). Its records are {@link Report}s, each sent on a port typed by the record.
 */
public sealed interface RoomLogProtocol permits Report.ThermalSample, Report.InletTotals, Report.JobEnded {
}
