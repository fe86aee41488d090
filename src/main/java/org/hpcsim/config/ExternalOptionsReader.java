package org.hpcsim.config;

import static org.hpcsim.config.ConfigValues.duration;
import static org.hpcsim.config.ConfigValues.fail;
import static org.hpcsim.config.ConfigValues.string;

import com.typesafe.config.Config;
import org.hpcsim.external.ExternalOptions;

/** Reads {@link ExternalOptions}: keys {@code scheduler.external.*}. */
final class ExternalOptionsReader {

    private ExternalOptionsReader() {
    }

    static ExternalOptions read(Config c) {
        String socket = string(c, "scheduler.external.socket");
        if (!socket.matches("(tcp|ipc|inproc)://.+")) {
            throw fail(c, "scheduler.external.socket", "expected a ZeroMQ endpoint such as tcp://127.0.0.1:28000, got '"
                    + socket + "'");
        }
        long timeout = duration(c, "scheduler.external.timeout");
        if (timeout < 1000) {
            throw fail(c, "scheduler.external.timeout", "must be at least 1ms, got " + string(c, "scheduler.external.timeout"));
        }
        long latency = duration(c, "scheduler.external.decision-latency");
        if (latency < 0) {
            throw fail(c, "scheduler.external.decision-latency", "must be 0 or more, got "
                    + string(c, "scheduler.external.decision-latency"));
        }
        return new ExternalOptions(socket, timeout / 1000, latency);
    }
}
