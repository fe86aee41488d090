package org.hpcsim.kernel;

/**
 * The address of a simulation component, typed by the protocol it accepts so that sends are checked
 * at compile time. Only the kernel makes addresses: {@link Wiring} assigns component ids as
 * components are added, and a component learns the addresses it may send to from its {@link Ports}.
 *
 * @param <C> the component's message protocol
 */
public final class Address<C> {
    private final int id;

    Address(int id) {
        if (id < 0) {
            throw new IllegalArgumentException("component id must be >= 0: " + id);
        }
        this.id = id;
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
