package org.hpcsim.config;

import static org.hpcsim.config.ConfigValues.bool;
import static org.hpcsim.config.ConfigValues.fraction;
import static org.hpcsim.config.ConfigValues.nonNegative;
import static org.hpcsim.config.ConfigValues.oneOf;
import static org.hpcsim.config.ConfigValues.positiveInt;
import static org.hpcsim.config.ConfigValues.string;

import com.typesafe.config.Config;
import org.hpcsim.network.NetworkOptions;

/** Reads {@link NetworkOptions}: keys {@code network.*}. */
final class NetworkOptionsReader {

    private NetworkOptionsReader() {
    }

    static NetworkOptions read(Config c) {
        return new NetworkOptions(oneOf(c, "network.model", NetworkOptions.Model.class),
                fraction(c, "network.communication-fraction"), oneOf(c, "network.tau", NetworkOptions.Tau.class),
                nonNegative(c, "network.tau-noise"), string(c, "network.pattern"), bool(c, "network.links-csv"),
                positiveInt(c, "network.links-csv-top"));
    }
}
