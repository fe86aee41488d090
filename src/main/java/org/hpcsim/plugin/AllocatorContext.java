package org.hpcsim.plugin;

import org.hpcsim.allocation.MachineState;
import org.hpcsim.storage.IoAssignment;
import org.hpcsim.thermal.RoomModel;

/** What an allocator is created over: the run's machine and seed, and its room and I/O nodes if it has them. */
public interface AllocatorContext extends Lookup {

    /** The machine: its topology and which nodes are free now (allocators propose, the scheduler commits). */
    MachineState machine();

    /** The run's master seed, for an allocator that draws random numbers (seed its own generator with it). */
    long seed();

    /** The machine room's model, or null when the run has no thermal model. */
    RoomModel room();

    /** The jobs' I/O nodes, or null unless the machine is a line with I/O nodes. */
    IoAssignment io();
}
