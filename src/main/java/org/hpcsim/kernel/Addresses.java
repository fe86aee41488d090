package org.hpcsim.kernel;

import java.util.Arrays;

/**
 * An indexed list of component addresses: a group added to a {@link Wiring} (its members in the
 * order of their index), or what a many-port of a component is connected to (the groups joined to
 * it, one after another). One instance is shared by every component wired to the same list, so a
 * port to 100,000 nodes costs one address per node once, not per port. Each address is made once,
 * with the list, so that a send to a member allocates nothing.
 *
 * @param <C> the protocol the addressed components accept
 */
public final class Addresses<C> {
    private final int first;
    private final int size;
    /** The ids, when they are not {@code first, first + 1, ...}; else null. */
    private final int[] ids;
    /** The addresses, by index. */
    private final Address<C>[] addresses;

    @SuppressWarnings("unchecked")
    private Addresses(int first, int size, int[] ids) {
        this.first = first;
        this.size = size;
        this.ids = ids;
        this.addresses = new Address[size];
        for (int i = 0; i < size; i++) {
            addresses[i] = new Address<>(id(i));
        }
    }

    static <C> Addresses<C> range(int first, int size) {
        return new Addresses<>(first, size, null);
    }

    static <C> Addresses<C> none() {
        return new Addresses<>(0, 0, null);
    }

    /** These addresses followed by {@code more}'s. */
    Addresses<C> then(Addresses<C> more) {
        if (size == 0) {
            return more;
        }
        if (more.size == 0) {
            return this;
        }
        if (ids == null && more.ids == null && more.first == first + size) {
            return range(first, size + more.size);
        }
        int[] all = new int[size + more.size];
        for (int i = 0; i < size; i++) {
            all[i] = id(i);
        }
        for (int i = 0; i < more.size; i++) {
            all[size + i] = more.id(i);
        }
        return new Addresses<>(0, all.length, all);
    }

    /** How many addresses. */
    public int size() {
        return size;
    }

    /** The {@code index}-th address. */
    public Address<C> get(int index) {
        if (index < 0 || index >= size) {
            throw new IndexOutOfBoundsException("address " + index + " of " + size);
        }
        return addresses[index];
    }

    private int id(int index) {
        if (index < 0 || index >= size) {
            throw new IndexOutOfBoundsException("address " + index + " of " + size);
        }
        return ids == null ? first + index : ids[index];
    }

    @Override
    public String toString() {
        return ids == null ? "Addresses[" + first + ".." + (first + size - 1) + "]" : "Addresses" + Arrays.toString(ids);
    }
}
