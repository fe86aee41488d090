package org.hpcsim.cli;

import com.typesafe.config.ConfigException;
import com.typesafe.config.ConfigFactory;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import org.hpcsim.cluster.ClusterSystem;
import org.hpcsim.workload.InputException;

/** The options of a distributed sweep shared by {@code sweep --cluster} and {@code worker}. */
final class ClusterOptions {
    /** How long an unreachable member is waited for before it is downed, unless --down-after says. */
    static final Duration DOWN_AFTER = Duration.ofSeconds(10);

    private ClusterOptions() {
    }

    /**
     * {@code --bind HOST[:PORT]}; by default this machine's address and {@code port}.
     *
     * @param source where it came from (a file, or the command line) and {@code field} its option or key, for errors
     */
    static ClusterSystem.Address bind(String text, int port, String source, String field) {
        if (text != null) {
            return ClusterSystem.Address.parse(text, port, source, field);
        }
        try {
            return new ClusterSystem.Address(InetAddress.getLocalHost().getHostAddress(), port);
        } catch (UnknownHostException e) {
            throw new InputException(source, 0, field, "this machine's address is unknown (" + e.getMessage()
                    + "): give the one the others reach it at");
        }
    }

    /** {@code --down-after DURATION} (HOCON durations: 10s, 2m), at least a second; source and field as for bind. */
    static Duration downAfter(String text, String source, String field) {
        if (text == null) {
            return DOWN_AFTER;
        }
        Duration d;
        try {
            d = ConfigFactory.parseString("d = \"" + text.replace("\"", "") + "\"").getDuration("d");
        } catch (ConfigException e) {
            d = null;
        }
        if (d == null || d.compareTo(Duration.ofSeconds(1)) < 0) {
            throw new InputException(source, 0, field, "expected a duration of at least 1s (as 10s or"
                    + " 2m), got '" + text + "'");
        }
        return d;
    }
}
