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
        String v = string(c, key).strip();
        if (v.equals("runtime")) {
            return 1.0;
        }
        try {
            double f = Double.parseDouble(v);
            if (f > 0 && Double.isFinite(f)) {
                return f;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw fail(c, key, "expected 'runtime' or a positive factor of the run time, got '" + v + "'");
    }
}
