package org.hpcsim.config;

import static org.hpcsim.config.ConfigValues.nonNegativeInt;
import static org.hpcsim.config.ConfigValues.oneOf;
import static org.hpcsim.config.ConfigValues.positiveInt;

import com.typesafe.config.Config;
import org.hpcsim.kernel.KernelOptions;

/** Reads {@link KernelOptions}: keys {@code kernel.*}. */
final class KernelOptionsReader {

    private KernelOptionsReader() {
    }

    static KernelOptions read(Config c) {
        return new KernelOptions(nonNegativeInt(c, "kernel.threads"), positiveInt(c, "kernel.partitions-per-thread"),
                positiveInt(c, "kernel.dispatcher-throughput"), positiveInt(c, "kernel.feeder-batch"),
                oneOf(c, "kernel.executor", KernelOptions.Engine.class),
                oneOf(c, "kernel.hosting", KernelOptions.Hosting.class), nonNegativeInt(c, "kernel.windows"),
                positiveInt(c, "kernel.window-checks"));
    }
}
