package org.hpcsim.kernel;

import java.util.List;

/**
 * A kind of component: its name (which names its instances in errors), the protocol it receives,
 * and the ports it sends on. Declared once by the component class, e.g.
 * {@code static final ComponentType<LinkProtocol> TYPE = ComponentType.of("link", LinkProtocol.class, RECORDER, LEADS)}.
 *
 * @param <C> the protocol it receives
 */
public record ComponentType<C>(String name, Class<C> protocol, List<Port<?>> ports) {
    public ComponentType {
        if (!name.matches("[A-Za-z0-9_-]+")) {
            throw new IllegalArgumentException("component name must be [A-Za-z0-9_-]+: " + name);
        }
        ports = List.copyOf(ports);
        for (int i = 0; i < ports.size(); i++) {
            for (int j = 0; j < i; j++) {
                if (ports.get(i).name().equals(ports.get(j).name())) {
                    throw new IllegalArgumentException(name + " declares port '" + ports.get(i).name() + "' twice");
                }
            }
        }
    }

    public static <C> ComponentType<C> of(String name, Class<C> protocol, Port<?>... ports) {
        return new ComponentType<>(name, protocol, List.of(ports));
    }

    /** Whether this kind declares {@code port}. */
    boolean declares(Port<?> port) {
        return ports.contains(port);
    }
}
