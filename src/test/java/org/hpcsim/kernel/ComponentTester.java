package org.hpcsim.kernel;

import java.util.HashMap;
import java.util.Map;

/**
 * Drives one component synchronously, as an executor would, for the components' unit tests: each
 * {@link KernelCommand} returns what the component did (its sends, what it asked for, what it threw).
 * Tests give the component fixed addresses through {@link #ports}, since only the kernel makes them.
 */
public final class ComponentTester {
    private final ComponentHost host;

    private ComponentTester(ComponentHost host) {
        this.host = host;
    }

    /** A tester for the component {@code factory} makes from {@code ports}, with id {@code id} and master seed {@code seed}. */
    public static <C> ComponentTester of(int id, long seed, Ports ports, ComponentFactory<C> factory) {
        ComponentHost host = new ComponentHost(id, 0, "tested-" + id, seed);
        host.create(factory, ports);
        return new ComponentTester(host);
    }

    /** Hands the component one kernel command; returns its answer. */
    public Handled run(KernelCommand command) {
        return host.handle(command);
    }

    /** An address of component {@code id} (tests only: in a run, the wiring makes them). */
    public static <C> Address<C> address(int id) {
        return new Address<>(id);
    }

    /** The address of component {@code id} over a connection of {@code latency} microseconds. */
    public static <C> Address<C> address(int id, long latency) {
        return new Address<C>(id).withLatency(latency);
    }

    /** Addresses {@code first, first + 1, ...} (tests only). */
    public static <C> Addresses<C> addresses(int first, int size) {
        return Addresses.range(first, size);
    }

    /** Ports for a component at {@code self} with index {@code index}, built with {@link Builder#to}. */
    public static Builder ports(int self, int index) {
        return new Builder(self, index);
    }

    /** Where a tested component's ports lead. */
    public static final class Builder implements Ports {
        private final int self;
        private final int index;
        private final Map<Port<?>, Object> to = new HashMap<>();

        private Builder(int self, int index) {
            this.self = self;
            this.index = index;
        }

        /** Connects a one-port or optional port. */
        public <T> Builder to(Port<T> port, Address<T> address) {
            to.put(port, address);
            return this;
        }

        /** Connects a many-port. */
        public <T> Builder toAll(Port<T> port, Addresses<T> addresses) {
            to.put(port, addresses);
            return this;
        }

        @Override
        public int index() {
            return index;
        }

        @Override
        public <C> Address<C> self() {
            return new Address<>(self);
        }

        @Override
        @SuppressWarnings("unchecked")
        public <T> Address<T> to(Port<T> port) {
            return (Address<T>) to.get(port);
        }

        @Override
        @SuppressWarnings("unchecked")
        public <T> Addresses<T> toAll(Port<T> port) {
            Addresses<T> a = (Addresses<T>) to.get(port);
            return a == null ? Addresses.none() : a;
        }
    }
}
