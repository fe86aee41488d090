package org.hpcsim.protocol;

/**
 * What the time series accepts (timeseries.csv): the scheduler's counts, the room's samples, the
 * links' loads. Its records are {@link Report}s, each sent on a port typed by the record.
 */
public sealed interface TimeSeriesProtocol permits Report.Counts, Report.ThermalSample, Report.LinkLoad,
        Report.NodePowers {
}
