package org.hpcsim.kernel;

/**
 * A port a component kind sends on, typed by the protocol of the components at its other end, as SST
 * components declare their ports. A kind lists its ports in its {@link ComponentType}; a
 * {@link Wiring} connects them; the component reads the addresses from its {@link Ports}.
 *
 * @param name     the port's name, unique within its component kind (for errors and the wiring's listing)
 * @param protocol what the components at the other end accept
 * @param kind     one required target, at most one, or a list
 * @param description what goes out on it and to whom (for the component catalogue)
 * @param <T>      the protocol
 */
public record Port<T>(String name, Class<T> protocol, Kind kind, String description) {

    /** How many components a port reaches. */
    public enum Kind {
        /** Exactly one, which the wiring must connect. */
        ONE,
        /** One or none (a feature that is off). */
        OPTIONAL,
        /** A list, possibly empty, in the order the wiring connects groups to it. */
        MANY
    }

    public Port {
        if (description == null || description.isBlank()) {
            throw new IllegalArgumentException("port " + name + " has no description");
        }
    }

    /** A port to exactly one component. */
    public static <T> Port<T> one(String name, Class<T> protocol, String description) {
        return new Port<>(name, protocol, Kind.ONE, description);
    }

    /** A port to one component or none. */
    public static <T> Port<T> optional(String name, Class<T> protocol, String description) {
        return new Port<>(name, protocol, Kind.OPTIONAL, description);
    }

    /** A port to a list of components. */
    public static <T> Port<T> many(String name, Class<T> protocol, String description) {
        return new Port<>(name, protocol, Kind.MANY, description);
    }
}
