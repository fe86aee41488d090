package org.hpcsim.config;

import static org.hpcsim.config.ConfigValues.bool;
import static org.hpcsim.config.ConfigValues.fail;
import static org.hpcsim.config.ConfigValues.oneOf;
import static org.hpcsim.config.ConfigValues.positiveInt;
import static org.hpcsim.config.ConfigValues.source;
import static org.hpcsim.config.ConfigValues.string;

import com.typesafe.config.Config;
import org.hpcsim.workload.InputException;
import org.hpcsim.workload.WorkloadOptions;

/** Reads {@link WorkloadOptions}: keys {@code workload.*}, {@code scheduler.missing-estimate} and {@code scheduler.kill-at-estimate}. */
final class WorkloadOptionsReader {

    private WorkloadOptionsReader() {
    }

    static WorkloadOptions read(Config c) {
        try {
            return new WorkloadOptions(
                    positiveInt(c, "workload.cores-per-node"),
                    oneOf(c, "workload.swf-size", WorkloadOptions.SwfSizeField.class),
                    missingEstimate(c),
                    bool(c, "scheduler.kill-at-estimate"));
        } catch (IllegalArgumentException e) {
            throw new InputException(source(c, "workload"), 0, null, e.getMessage());
        }
    }

    private static double missingEstimate(Config c) {
        String key = "scheduler.missing-estimate";
        String v = string(c, key);
        try {
            return WorkloadOptions.missingEstimateFactor(v);
        } catch (IllegalArgumentException e) {
            throw fail(c, key, e.getMessage());
        }
    }
}
