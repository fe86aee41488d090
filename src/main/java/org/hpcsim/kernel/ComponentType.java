package org.hpcsim.kernel;

import java.util.List;

/**
 * A kind of component: its name (which names its instances in errors), the protocol it receives, what
 * it is (a sentence for the component catalogue, {@code hpcsim list components}, as SST's element
 * library describes its components), the configuration keys its instances are made with, and the
 * ports it sends on. Declared once by the component class, e.g.
 * {@code static final ComponentType<LinkProtocol> TYPE = ComponentType.of("link", LinkProtocol.class,
 * "One network link ...", LOADS)}.
 *
 * @param <C> the protocol it receives
 */
public record ComponentType<C>(String name, Class<C> protocol, String description, List<Param> parameters,
                               List<Port<?>> ports, Role role) {

    /**
     * What a kind is to the rest of the run. A source's future is known from the inputs alone (the
     * trace feeder: the trace is sorted), a sink never sends into the simulation (an output
     * instrument), everything else holds state the run's future depends on. Time-parallel windows
     * fingerprint the state-holding components, leave sources out, and record what sinks receive.
     * A source's wind-down call is made whether or not it asked for one: a run stopped before the
     * source was first called (before its first instant) still hands over what it never sent.
     */
    public enum Role { STATE, SOURCE, SINK }

    /** A setting its instances are made with: the configuration key that sets it, and what it does to them. */
    public record Param(String key, String description) {
    }

    public ComponentType {
        if (!name.matches("[A-Za-z0-9_-]+")) {
            throw new IllegalArgumentException("component name must be [A-Za-z0-9_-]+: " + name);
        }
        if (description == null || description.isBlank()) {
            throw new IllegalArgumentException("component kind " + name + " has no description");
        }
        parameters = List.copyOf(parameters);
        ports = List.copyOf(ports);
        if (role == Role.SINK && !ports.isEmpty()) {
            throw new IllegalArgumentException("component kind " + name + " is a sink: it may declare no port");
        }
        for (int i = 0; i < ports.size(); i++) {
            for (int j = 0; j < i; j++) {
                if (ports.get(i).name().equals(ports.get(j).name())) {
                    throw new IllegalArgumentException(name + " declares port '" + ports.get(i).name() + "' twice");
                }
            }
        }
    }

    public static <C> ComponentType<C> of(String name, Class<C> protocol, String description, Port<?>... ports) {
        return new ComponentType<>(name, protocol, description, List.of(), List.of(ports), Role.STATE);
    }

    /** This kind as an output instrument: it declares no port and never sends. */
    public ComponentType<C> asSink() {
        return new ComponentType<>(name, protocol, description, parameters, ports, Role.SINK);
    }

    /** This kind as a source whose future the inputs alone fix (see {@link Role#SOURCE}). */
    public ComponentType<C> asSource() {
        return new ComponentType<>(name, protocol, description, parameters, ports, Role.SOURCE);
    }

    /** This kind, made with these settings. */
    public ComponentType<C> withParameters(Param... params) {
        return new ComponentType<>(name, protocol, description, List.of(params), ports, role);
    }

    /** A setting: {@code key} (a configuration key) and what it does. */
    public static Param param(String key, String description) {
        return new Param(key, description);
    }

    /** Whether this kind declares {@code port}. */
    boolean declares(Port<?> port) {
        return ports.contains(port);
    }
}
