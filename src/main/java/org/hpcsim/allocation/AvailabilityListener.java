package org.hpcsim.allocation;

/** Told by {@link MachineState} whenever nodes stop or start being available, so indexes stay in sync. */
public interface AvailabilityListener {

    void unavailable(int[] nodes);

    void available(int[] nodes);
}
