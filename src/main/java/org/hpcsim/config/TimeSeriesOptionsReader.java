package org.hpcsim.config;

import static org.hpcsim.config.ConfigValues.bool;
import static org.hpcsim.config.ConfigValues.duration;

import com.typesafe.config.Config;
import org.hpcsim.report.TimeSeriesOptions;

/** Reads {@link TimeSeriesOptions}: keys {@code output.timeseries} and {@code output.timeseries-interval}. */
final class TimeSeriesOptionsReader {

    private TimeSeriesOptionsReader() {
    }

    static TimeSeriesOptions read(Config c) {
        return new TimeSeriesOptions(bool(c, "output.timeseries"), duration(c, "output.timeseries-interval"));
    }
}
