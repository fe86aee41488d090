package org.hpcsim.config;

import static org.hpcsim.config.ConfigValues.bool;
import static org.hpcsim.config.ConfigValues.check;
import static org.hpcsim.config.ConfigValues.fraction;
import static org.hpcsim.config.ConfigValues.string;

import com.typesafe.config.Config;
import org.hpcsim.malleable.MalleableOptions;
import org.hpcsim.malleable.Speedup;

/** Reads {@link MalleableOptions}: keys {@code malleable.*}. */
final class MalleableOptionsReader {

    private MalleableOptionsReader() {
    }

    static MalleableOptions read(Config c) {
        String speedup = string(c, "malleable.speedup");
        check(c, "malleable.speedup", () -> Speedup.parse(speedup));
        return new MalleableOptions(bool(c, "malleable.enabled"), speedup, fraction(c, "malleable.min-fraction"));
    }
}
