package org.hpcsim.config;

import static org.hpcsim.config.ConfigValues.check;
import static org.hpcsim.config.ConfigValues.duration;
import static org.hpcsim.config.ConfigValues.fail;
import static org.hpcsim.config.ConfigValues.oneOf;
import static org.hpcsim.config.ConfigValues.path;
import static org.hpcsim.config.ConfigValues.positiveInt;
import static org.hpcsim.config.ConfigValues.string;

import com.typesafe.config.Config;
import org.hpcsim.failure.FailureOptions;
import org.hpcsim.failure.JobFate;
import org.hpcsim.registry.Registry;

/** Reads {@link FailureOptions}: keys {@code failures.*} and the path of {@code events-file}. */
final class FailureOptionsReader {

    private FailureOptionsReader() {
    }

    static FailureOptions read(Config c, Registry registry) {
        String model = string(c, "failures.model");
        check(c, "failures.model", () -> registry.failureModel(model));
        long checkpoint = duration(c, "failures.checkpoint-interval");
        if (checkpoint <= 0) {
            throw fail(c, "failures.checkpoint-interval", "must be positive, got " + string(c, "failures.checkpoint-interval"));
        }
        long stallLimit = duration(c, "failures.stall-limit");
        if (stallLimit <= 0) {
            throw fail(c, "failures.stall-limit", "must be positive, got " + string(c, "failures.stall-limit"));
        }
        return new FailureOptions(model, oneOf(c, "failures.on-job-failure", JobFate.class),
                checkpoint, path(c, "events-file"), positiveInt(c, "failures.max-attempts"), stallLimit);
    }
}
