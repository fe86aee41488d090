package org.hpcsim.kernel;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The wiring plan of one run: which components exist and how their ports connect, as an SST
 * configuration connects components' ports with links. Adding a component (or a group of them)
 * assigns its id (its group's ids), in the order of the calls, which is what makes the delivery
 * order among senders deterministic; connecting checks that the port is declared by the sender's
 * {@link ComponentType}, that the receiver speaks the port's protocol, and that a single port is
 * connected once. An executor creates the components when the run starts, each from its resolved
 * {@link Ports}, after {@link #check()} has found every required port connected.
 */
public final class Wiring {

    /** One component to create: its id, its instance name, its factory and its ports. */
    public record Spec(int id, String instanceName, ComponentFactory<?> factory, Ports ports,
                       ComponentType.Role role) {
    }

    /** A component, or a group of them, as added: its type, ids, factory and connected ports. */
    private static final class Entry {
        final ComponentType<?> type;
        final int first;
        final int count;
        final boolean group;
        final ComponentFactory<?> factory;
        final Map<Port<?>, Object> connected = new LinkedHashMap<>();

        Entry(ComponentType<?> type, int first, int count, boolean group, ComponentFactory<?> factory) {
            this.type = type;
            this.first = first;
            this.count = count;
            this.group = group;
            this.factory = factory;
        }

        String describe() {
            return group ? "group '" + type.name() + "' (" + count + " components)" : "component '" + type.name() + "'";
        }
    }

    /** In id order: each entry's ids follow the previous entry's. */
    private final List<Entry> entries = new ArrayList<>();
    private int size;
    private final List<Envelope> initial = new ArrayList<>();
    private long initialSeq;

    /** Adds one component; returns its address. */
    public <C> Address<C> add(ComponentType<C> type, ComponentFactory<C> factory) {
        Entry e = new Entry(type, size, 1, false, factory);
        entries.add(e);
        size++;
        return new Address<>(e.first);
    }

    /**
     * Adds {@code count} components of one type (nodes, links, ...), with consecutive ids; each is
     * created by {@code factory} with its own {@link Ports#index()}. Returns their addresses in index order.
     */
    public <C> Addresses<C> addGroup(ComponentType<C> type, int count, ComponentFactory<C> factory) {
        if (count < 0) {
            throw new IllegalArgumentException("negative group size " + count + " for " + type.name());
        }
        Entry e = new Entry(type, size, count, true, factory);
        entries.add(e);
        size += count;
        return Addresses.range(e.first, count);
    }

    /**
     * Connects a one-port (or optional port) of a single component to a component, or adds it to a
     * many-port's list. The receiver's protocol is the port's or one that includes it (a narrow
     * protocol such as the power reports, which the thermal actor takes among its own).
     */
    public <T> void connect(Address<?> from, Port<T> port, Address<? super T> to) {
        single(entryOf(from), port, narrow(to));
    }

    /** As {@link #connect(Address, Port, Address)}, for every member of a group. */
    public <T> void connect(Addresses<?> from, Port<T> port, Address<? super T> to) {
        if (from.size() > 0) {
            single(entryOf(from), port, narrow(to));
        }
    }

    /**
     * As {@link #connect(Addresses, Port, Address)}, over a connection of {@code latency} microseconds:
     * what the members send on the port is due that long after (a one-port only).
     */
    public <T> void connect(Addresses<?> from, Port<T> port, Address<? super T> to, long latency) {
        if (port.kind() == Port.Kind.MANY) {
            throw new IllegalArgumentException("port '" + port.name() + "' reaches a list: its latency is per send");
        }
        if (from.size() > 0) {
            Address<T> over = Wiring.<T>narrow(to).withLatency(latency);
            single(entryOf(from), port, over);
        }
    }

    /** Connects a many-port of a single component to a list of components (appended to what it has). */
    public <T> void connect(Address<?> from, Port<T> port, Addresses<? super T> to) {
        many(entryOf(from), port, narrow(to));
    }

    /** Connects a many-port of every member of a group to a list of components (shared, appended). */
    public <T> void connect(Addresses<?> from, Port<T> port, Addresses<? super T> to) {
        if (from.size() > 0) {
            many(entryOf(from), port, narrow(to));
        }
    }

    /**
     * A receiver of a protocol that includes T, seen as a receiver of T: what the port may send it.
     * {@link #speaks} checks it against the receiver's declared protocol.
     */
    @SuppressWarnings("unchecked")
    private static <T> Address<T> narrow(Address<? super T> to) {
        return (Address<T>) to;
    }

    @SuppressWarnings("unchecked")
    private static <T> Addresses<T> narrow(Addresses<? super T> to) {
        return (Addresses<T>) to;
    }

    /** A message from the kernel to {@code to}, handled at ({@code time}, 0): what sets the run going. */
    public <C> void schedule(Address<C> to, C message, long time) {
        if (to.id() >= size) {
            throw new IllegalArgumentException("scheduled message to unknown component " + to.id());
        }
        initial.add(new Envelope(time, 0, Envelope.KERNEL, initialSeq++, to.id(), message));
    }

    /** How many components. */
    public int size() {
        return size;
    }

    /**
     * Checks that every required port of every component is connected.
     *
     * @throws IllegalStateException naming the component and the port
     */
    public void check() {
        for (Entry e : entries) {
            for (Port<?> p : e.type.ports()) {
                if (p.kind() == Port.Kind.ONE && !e.connected.containsKey(p)) {
                    throw new IllegalStateException("the wiring leaves port '" + p.name() + "' of " + e.describe()
                            + " unconnected; it must reach a " + p.protocol().getSimpleName());
                }
            }
        }
    }

    /** Every component to create, in id order (an empty group connects nothing, so its ports are not checked). */
    public List<Spec> specs() {
        check();
        List<Spec> specs = new ArrayList<>(size);
        for (Entry e : entries) {
            for (int i = 0; i < e.count; i++) {
                int id = e.first + i;
                specs.add(new Spec(id, e.type.name() + "-" + id, e.factory, new Resolved(e, i), e.type.role()));
            }
        }
        return specs;
    }

    /** The messages scheduled before the run, in the order they were scheduled. */
    public List<Envelope> initial() {
        return List.copyOf(initial);
    }

    /** Numbers messages injected later after the scheduled ones. */
    public long initialCount() {
        return initialSeq;
    }

    private Entry entryOf(Address<?> from) {
        Entry e = entryAt(from.id());
        if (e.group) {
            throw new IllegalArgumentException("component " + from.id() + " is a member of " + e.describe()
                    + "; connect the group's ports for all its members");
        }
        return e;
    }

    private Entry entryOf(Addresses<?> from) {
        Entry e = entryAt(from.get(0).id());
        if (!e.group || e.count != from.size() || e.first != from.get(0).id()) {
            throw new IllegalArgumentException(from + " is not a group added to this wiring");
        }
        return e;
    }

    private Entry entryAt(int id) {
        int lo = 0;
        int hi = entries.size() - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            Entry e = entries.get(mid);
            if (id < e.first) {
                hi = mid - 1;
            } else if (id >= e.first + e.count) {
                lo = mid + 1;
            } else {
                return e;
            }
        }
        throw new IllegalArgumentException("no component " + id + " in this wiring");
    }

    private <T> void single(Entry from, Port<T> port, Address<T> to) {
        if (port.kind() == Port.Kind.MANY) {
            many(from, port, Addresses.range(to.id(), 1));
            return;
        }
        declared(from, port);
        speaks(entryAt(to.id()), port, from);
        if (from.connected.putIfAbsent(port, to) != null) {
            throw new IllegalArgumentException("port '" + port.name() + "' of " + from.describe()
                    + " is connected twice");
        }
    }

    @SuppressWarnings("unchecked")
    private <T> void many(Entry from, Port<T> port, Addresses<T> to) {
        declared(from, port);
        if (port.kind() != Port.Kind.MANY) {
            throw new IllegalArgumentException("port '" + port.name() + "' of " + from.describe()
                    + " reaches one component, not a list");
        }
        if (to.size() > 0) {
            speaks(entryAt(to.get(0).id()), port, from);
            speaks(entryAt(to.get(to.size() - 1).id()), port, from);
        }
        Addresses<T> before = (Addresses<T>) from.connected.get(port);
        from.connected.put(port, before == null ? to : before.then(to));
    }

    private static void declared(Entry from, Port<?> port) {
        if (!from.type.declares(port)) {
            throw new IllegalArgumentException(from.describe() + " declares no port '" + port.name() + "'");
        }
    }

    private static void speaks(Entry to, Port<?> port, Entry from) {
        if (!to.type.protocol().isAssignableFrom(port.protocol())) {
            throw new IllegalArgumentException("port '" + port.name() + "' of " + from.describe() + " carries "
                    + port.protocol().getSimpleName() + ", but " + to.describe() + " accepts "
                    + to.type.protocol().getSimpleName());
        }
    }

    /** One member's view of its entry's connections. */
    private static final class Resolved implements Ports {
        private final Entry entry;
        private final int index;

        Resolved(Entry entry, int index) {
            this.entry = entry;
            this.index = index;
        }

        @Override
        public int index() {
            return index;
        }

        @Override
        public <C> Address<C> self() {
            return new Address<>(entry.first + index);
        }

        @Override
        @SuppressWarnings("unchecked")
        public <T> Address<T> to(Port<T> port) {
            declared(entry, port);
            if (port.kind() == Port.Kind.MANY) {
                throw new IllegalArgumentException("port '" + port.name() + "' reaches a list; use toAll");
            }
            return (Address<T>) entry.connected.get(port);
        }

        @Override
        @SuppressWarnings("unchecked")
        public <T> Addresses<T> toAll(Port<T> port) {
            declared(entry, port);
            if (port.kind() != Port.Kind.MANY) {
                throw new IllegalArgumentException("port '" + port.name() + "' reaches one component; use to");
            }
            Addresses<T> a = (Addresses<T>) entry.connected.get(port);
            return a == null ? Addresses.none() : a;
        }
    }
}
