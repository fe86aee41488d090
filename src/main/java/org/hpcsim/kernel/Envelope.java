package org.hpcsim.kernel;

import java.util.Comparator;

/**
 * One simulation message in flight: when it is handled ({@code time}, {@code round}), who sent it
 * ({@code sender}, {@code seq}: the delivery order within a round), to whom, and the payload.
 * Envelopes are created by a component's {@link Context#send} and moved between partition managers in
 * batches; the payload object itself may be shared by several envelopes.
 */
public record Envelope(long time, int round, int sender, long seq, int target, Object payload) {
    /** The kernel's sender id for messages scheduled before the simulation starts. */
    public static final int KERNEL = -1;

    /**
     * Order of pending messages: by due (time, round), then by target, then by the contract's
     * (sender id, sequence). Messages due together thus come out grouped by target, each group in
     * delivery order.
     */
    static final Comparator<Envelope> PENDING_ORDER = (a, b) -> {
        int c = Long.compare(a.time, b.time);
        if (c != 0) {
            return c;
        }
        c = Integer.compare(a.round, b.round);
        if (c != 0) {
            return c;
        }
        c = Integer.compare(a.target, b.target);
        if (c != 0) {
            return c;
        }
        c = Integer.compare(a.sender, b.sender);
        return c != 0 ? c : Long.compare(a.seq, b.seq);
    };
}
