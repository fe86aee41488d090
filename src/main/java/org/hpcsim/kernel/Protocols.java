package org.hpcsim.kernel;

import java.util.ArrayList;
import java.util.List;

/** What a protocol is made of: the records a sealed protocol interface permits. */
public final class Protocols {
    private Protocols() {
    }

    /**
     * The records {@code protocol} permits, through sealed sub-interfaces, in declaration order; a
     * record is its own only record.
     *
     * @throws IllegalArgumentException if it is neither a record nor sealed
     */
    public static List<Class<?>> records(Class<?> protocol) {
        List<Class<?>> out = new ArrayList<>();
        if (protocol.isRecord()) {
            out.add(protocol);
            return out;
        }
        Class<?>[] permitted = protocol.getPermittedSubclasses();
        if (permitted == null) {
            throw new IllegalArgumentException(protocol.getName() + " is neither a record nor sealed");
        }
        for (Class<?> c : permitted) {
            out.addAll(records(c));
        }
        return out;
    }
}
