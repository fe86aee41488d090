package org.hpcsim.kernel;

import org.apache.pekko.actor.typed.Behavior;

/** Creates the behaviour of one component actor; called by its partition manager when it spawns it. */
@FunctionalInterface
public interface ComponentFactory {
    Behavior<KernelCommand> create(ComponentSetup setup);
}
