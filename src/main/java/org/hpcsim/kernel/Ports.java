package org.hpcsim.kernel;

/**
 * What a component is given at creation: where its ports lead, as the {@link Wiring} connected them,
 * its own address, and its index within its group.
 */
public interface Ports {

    /** The component's index in its group (0 for a component added alone). */
    int index();

    /** The component's own address (for messages to itself). */
    <C> Address<C> self();

    /**
     * Where a {@link Port.Kind#ONE} or {@link Port.Kind#OPTIONAL} port leads; null for an optional port
     * left unconnected.
     */
    <T> Address<T> to(Port<T> port);

    /** Where a {@link Port.Kind#MANY} port leads (empty if unconnected). */
    <T> Addresses<T> toAll(Port<T> port);
}
