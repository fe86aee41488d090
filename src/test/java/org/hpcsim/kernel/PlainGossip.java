package org.hpcsim.kernel;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A component for driving the kernel's protocol without Pekko: it answers the partition's
 * {@link KernelCommand}s exactly as {@code pekko.ComponentActor} does (one {@link Handled}
 * each, with its outbox and its end-of-instant, wind-down and stop requests), and behaves like
 * {@link GossipModel}: it logs every delivery and call with its (time, round), and, drawing from its
 * own random stream in handling order, forwards hops to random peers with zero or positive latency.
 * Any change in what it is handed, when, or in which order changes its log.
 */
public final class PlainGossip {

    /** A hop: logged, then forwarded {@code ttl} more times. */
    public record Hop(int from, int ttl, long value) {
    }

    /**
     * How the components behave: chances (in percent) of asking for an end-of-instant call on a hop,
     * of sending from that call, of asking for a wind-down call, and of ending the run early
     * ({@code ComponentActor.endSimulation}) on a hop with no hops left.
     */
    public record Behaviour(int components, int eoiPercent, int eoiSendPercent, int windDownPercent, int stopPercent) {
    }

    private final int id;
    private final int localIndex;
    private final Behaviour behaviour;
    private final SplittableRandom random;
    private final StringBuilder log = new StringBuilder();
    private long state = 17;
    private long now;
    private int round;
    private long nextSeq;
    private List<Envelope> out = new ArrayList<>();
    private int flags;
    private boolean inEndOfInstant;
    private boolean ended;

    public PlainGossip(int id, int partitions, long seed, Behaviour behaviour) {
        this.id = id;
        this.localIndex = id / partitions;
        this.behaviour = behaviour;
        this.random = RandomStreams.forComponent(seed, id);
    }

    public String log() {
        return log.toString();
    }

    /** Handles one kernel command and returns the acknowledgement the component sends its partition. */
    public Handled handle(KernelCommand command) {
        if (command instanceof KernelCommand.DeliverOne one) {
            receive(one.time(), one.round(), one.message());
        } else if (command instanceof KernelCommand.Deliver many) {
            for (Envelope e : many.messages()) {
                receive(many.time(), many.round(), e);
            }
        } else if (command instanceof KernelCommand.EndOfInstant eoi) {
            endOfInstant(eoi.time(), eoi.round());
        } else if (command instanceof KernelCommand.WindDown down) {
            windDown(down.time(), down.round(), down.stopped());
        } else {
            KernelCommand.SimulationEnd end = (KernelCommand.SimulationEnd) command;
            if (ended) {
                throw new IllegalStateException("component " + id + " ended twice");
            }
            ended = true;
            log.append("end@").append(end.time()).append(" state=").append(state);
        }
        Handled h = new Handled(localIndex, out, flags, null);
        out = new ArrayList<>();
        flags = 0;
        return h;
    }

    private void receive(long time, int r, Envelope e) {
        if (ended) {
            throw new IllegalStateException("component " + id + " got a message after the end");
        }
        if (e.target() != id) {
            throw new IllegalStateException("component " + id + " got a message for " + e.target());
        }
        now = time;
        round = r;
        Hop h = (Hop) e.payload();
        state = state * 31 + h.value() * 7 + h.from();
        log.append(time).append(',').append(r).append(':').append(e.sender()).append('#').append(e.seq())
                .append('>').append(h.value()).append(';');
        if (random.nextInt(100) < behaviour.eoiPercent()) {
            flags |= Handled.END_OF_INSTANT;
        }
        if (random.nextInt(100) < behaviour.windDownPercent()) {
            flags |= Handled.WIND_DOWN;
        }
        if (h.ttl() == 0) {
            if (random.nextInt(100) < behaviour.stopPercent()) {
                flags |= Handled.STOP;
            }
            return;
        }
        int fanout = 1 + random.nextInt(2);
        for (int k = 0; k < fanout; k++) {
            int to = random.nextInt(behaviour.components());
            long latency = random.nextInt(3) == 0 ? 0 : 1 + random.nextInt(3);
            send(to, new Hop(id, h.ttl() - 1, state ^ k), latency);
        }
    }

    private void endOfInstant(long time, int r) {
        if (inEndOfInstant) {
            throw new IllegalStateException("nested end-of-instant call");
        }
        now = time;
        round = r;
        log.append("eoi@").append(time).append(',').append(r).append(';');
        if (random.nextInt(100) < behaviour.eoiSendPercent()) {
            send(random.nextInt(behaviour.components()), new Hop(id, 0, state), 0);
        }
    }

    private void windDown(long time, int r, boolean stopped) {
        now = time;
        round = r;
        log.append("winddown@").append(time).append(',').append(r).append(stopped ? " stopped;" : ";");
        // One hop handled before the end, one due later that never is.
        send(random.nextInt(behaviour.components()), new Hop(id, 1, state), 0);
        send(random.nextInt(behaviour.components()), new Hop(id, 0, -state), 5);
    }

    private void send(int to, Hop hop, long latency) {
        out.add(latency == 0 ? new Envelope(now, round + 1, id, nextSeq++, to, hop)
                : new Envelope(now + latency, 0, id, nextSeq++, to, hop));
    }
}
