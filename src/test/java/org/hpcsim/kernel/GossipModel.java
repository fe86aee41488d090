package org.hpcsim.kernel;

import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A test model whose outcome depends on every ordering rule of the kernel: each component logs what
 * it handles (time, round, payload) and, drawing from its own random stream, forwards messages to
 * random peers with zero or positive latency until a hop budget runs out. At the end of each
 * instant it logs how many messages it saw in that instant.
 */
final class GossipModel {
    sealed interface Msg {
    }

    record Hop(int from, int ttl, long value) implements Msg {
    }

    private GossipModel() {
    }

    /** Builds the model on a kernel and returns the logs (filled when the run ends). */
    static Map<Integer, String> build(TestKernel kernel, int components, int seeds) {
        Map<Integer, String> logs = new ConcurrentHashMap<>();
        for (int i = 0; i < components; i++) {
            kernel.add(i, "gossip", ports -> new Node(components, logs));
        }
        for (int s = 0; s < seeds; s++) {
            kernel.schedule(new Address<Msg>(s % components), new Hop(-1, 8, s), s * 3L);
        }
        return logs;
    }

    static final class Node extends TestComponent<Msg> {
        private final int components;
        private final Map<Integer, String> logs;
        private final StringBuilder log = new StringBuilder();
        private int seenThisInstant;
        private long state = 17;

        Node(int components, Map<Integer, String> logs) {
            this.components = components;
            this.logs = logs;
        }

        @Override
        protected void onMessage(Msg message) {
            Hop h = (Hop) message;
            // Order-sensitive state: any reordering of deliveries changes it.
            state = state * 31 + h.value() * 7 + h.from();
            log.append(now()).append(',').append(round()).append(':').append(h.from()).append('>')
                    .append(h.value()).append(';');
            seenThisInstant++;
            requestEndOfInstant();
            if (h.ttl() == 0) {
                return;
            }
            SplittableRandom r = random();
            int fanout = 1 + r.nextInt(3);
            for (int k = 0; k < fanout; k++) {
                int to = r.nextInt(components);
                long latency = r.nextInt(3) == 0 ? 0 : r.nextInt(4);
                send(new Address<Msg>(to), new Hop(id(), h.ttl() - 1, state ^ k), latency);
            }
        }

        @Override
        protected void onEndOfInstant() {
            log.append("eoi@").append(now()).append('=').append(seenThisInstant).append(';');
            seenThisInstant = 0;
        }

        @Override
        protected void onSimulationEnd() {
            logs.put(id(), log.append("end@").append(now()).append(" state=").append(state).toString());
        }
    }
}
