package org.hpcsim.kernel;

/**
 * The address of a simulation component: its model-given component id, typed by the protocol it
 * accepts so that sends are checked at compile time.
 *
 * @param id the component id (node ids 0..N-1 first, then the other components; see the model)
 * @param <C> the component's message protocol
 */
public record Address<C>(int id) {
    public Address {
        if (id < 0) {
            throw new IllegalArgumentException("component id must be >= 0: " + id);
        }
    }
}
