package org.hpcsim.kernel;

/** Creates one component from its resolved ports; called by the executor when the run starts. */
@FunctionalInterface
public interface ComponentFactory<C> {
    Component<C> create(Ports ports);
}
