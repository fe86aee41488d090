package org.hpcsim.kernel;

/**
 * The address of a simulation component, typed by the protocol it accepts so that sends are checked
 * at compile time. Only the kernel makes addresses: {@link Wiring} assigns component ids as
 * components are added, and a component learns the addresses it may send to from its {@link Ports}.
 * An address a port was connected with carries the connection's latency, declared in the wiring plan
 * as an SST link declares its own ({@link Wiring#connect(Address, Port, Address, long)}): a plain
 * {@link Context#send(Address, Object)} to it is due that long after. Two addresses of one component
 * are equal whatever their latency.
 *
 * @param <C> the component's message protocol
 */
public final class Address<C> {
    private final int id;
    private final long latency;

    Address(int id) {
        this(id, 0);
    }

    private Address(int id, long latency) {
        if (id < 0) {
            throw new IllegalArgumentException("component id must be >= 0: " + id);
        }
        if (latency < 0) {
            throw new IllegalArgumentException("negative latency " + latency + " to component " + id);
        }
        this.id = id;
        this.latency = latency;
    }

    /** This address over a connection of {@code latency} microseconds. */
    Address<C> withLatency(long latency) {
        return latency == this.latency ? this : new Address<>(id, latency);
    }

    /** The latency of the connection this address came with, microseconds (0: the next round of the instant). */
    public long latency() {
        return latency;
    }

    /** The component id the kernel assigned (the order of delivery among senders; see DESIGN.md). */
    public int id() {
        return id;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Address<?> a && a.id == id;
    }

    @Override
    public int hashCode() {
        return id;
    }

    @Override
    public String toString() {
        return "Address[" + id + "]";
    }
}
