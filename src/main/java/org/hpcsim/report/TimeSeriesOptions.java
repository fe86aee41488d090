package org.hpcsim.report;

/**
 * timeseries.csv (keys {@code output.timeseries} and {@code output.timeseries-interval}).
 *
 * @param enabled  whether it is written
 * @param interval microseconds: a changed instant gets a row when it is at least this long after the
 *                 last row written (0: every changed instant)
 */
public record TimeSeriesOptions(boolean enabled, long interval) {
}
