package org.hpcsim.cluster;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.Behavior;
import org.hpcsim.kernel.pekko.ActorRuntime;
import org.hpcsim.workload.InputException;

/**
 * The ActorSystem of a sweep's cluster (see {@code cluster.conf}): a coordinator, the seed node, and
 * workers that join it. All are named alike, since members of one cluster must be.
 */
public final class ClusterSystem {
    /** The ActorSystem's name: a worker's --join address names the coordinator's host and port only. */
    static final String NAME = "hpcsim-sweep";
    static final String COORDINATOR = "coordinator";
    static final String WORKER = "worker";
    /** The coordinator's port unless --bind gives one. */
    public static final int DEFAULT_PORT = 25520;

    private ClusterSystem() {
    }

    /**
     * Starts a member.
     *
     * @param role      {@value #COORDINATOR} or {@value #WORKER}
     * @param bind      the address the others reach it at (port 0: any free one)
     * @param seed      the coordinator's address (for the coordinator: its own)
     * @param downAfter how long a member may stay unreachable before it is downed
     */
    static <T> ActorSystem<T> start(Behavior<T> guardian, String role, Address bind, Address seed, Duration downAfter) {
        ActorRuntime.setUpLogging();
        Config ours = ConfigFactory.parseMap(Map.of(
                "pekko.remote.artery.canonical.hostname", bind.host(),
                "pekko.remote.artery.canonical.port", bind.port(),
                "pekko.cluster.roles", List.of(role),
                "pekko.cluster.seed-nodes", List.of("pekko://" + NAME + "@" + seed.host() + ":" + seed.port()),
                "pekko.cluster.split-brain-resolver.stable-after", downAfter.toMillis() + "ms"));
        // Java system properties (-Dpekko.... in HPCSIM_JAVA_OPTS) override any of these, for tuning.
        Config config = ConfigFactory.defaultOverrides().withFallback(ours)
                .withFallback(ConfigFactory.parseResources("org/hpcsim/cluster/cluster.conf"))
                .withFallback(ConfigFactory.defaultReference());
        return ActorSystem.create(guardian, NAME, config);
    }

    /** A host and port, as {@code HOST:PORT}. */
    public record Address(String host, int port) {
        /**
         * Parses {@code HOST:PORT}, or {@code HOST} alone with {@code defaultPort}; errors name where it
         * came from ({@code source}: a file or the command line) and its option or key ({@code field}).
         */
        public static Address parse(String text, int defaultPort, String source, String field) {
            String t = text.strip();
            int colon = t.lastIndexOf(':');
            String host = colon < 0 ? t : t.substring(0, colon);
            int port = defaultPort;
            if (colon >= 0) {
                try {
                    port = Integer.parseInt(t.substring(colon + 1));
                } catch (NumberFormatException e) {
                    port = -1;
                }
            }
            if (host.isEmpty() || port < 0 || port > 65535) {
                throw new InputException(source, 0, field,
                        "expected HOST:PORT (as 10.0.0.5:25520), got '" + text + "'");
            }
            return new Address(host, port);
        }

        @Override
        public String toString() {
            return host + ":" + port;
        }
    }
}
