package org.hpcsim.kernel;

import java.util.List;

/** What a partition manager tells a component actor; the component answers each with one {@code Handled}. */
public sealed interface KernelCommand {

    /**
     * PartitionManager -> component: handle these messages, all due at ({@code time}, {@code round}),
     * in the given (sender id, sequence) order.
     */
    record Deliver(long time, int round, List<Envelope> messages) implements KernelCommand {
    }

    /** PartitionManager -> component: handle this one message, due at ({@code time}, {@code round}). */
    record DeliverOne(long time, int round, Envelope message) implements KernelCommand {
    }

    /**
     * PartitionManager -> component: every round of instant {@code time} has settled and the
     * component asked to be called once more; it runs as round {@code round}.
     */
    record EndOfInstant(long time, int round) implements KernelCommand {
    }

    /**
     * PartitionManager -> component: the run is about to end (nothing pending, or stopped; see
     * {@link Component#onWindDown}); it runs as round {@code round} of instant {@code time}.
     * {@code lastInstant}: the last instant run (see {@link Context#lastInstant()}).
     */
    record WindDown(long time, int round, boolean stopped, long lastInstant) implements KernelCommand {
    }

    /** PartitionManager -> component: no message is pending anywhere; the simulation ends at {@code time}. */
    record SimulationEnd(long time) implements KernelCommand {
    }
}
