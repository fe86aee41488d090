package org.hpcsim.plugin;

import org.hpcsim.scheduling.QueueOrder;
import org.hpcsim.topology.Curve;

/** The run's named policies, built-in and plugins', for a factory whose arguments name one. */
public interface Lookup {

    /** The queue order of this name, e.g. {@code fifo}; an unknown name throws IllegalArgumentException. */
    QueueOrder order(String name);

    /** The curve of this spec, e.g. {@code hilbert} or {@code file:PATH}; an unknown one throws IllegalArgumentException. */
    Curve curve(String spec);
}
