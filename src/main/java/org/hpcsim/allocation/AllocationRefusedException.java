package org.hpcsim.allocation;

/**
 * An allocator declines an instance beyond the limits it states (too many free nodes, too large a
 * job, too large a search), rather than run unboundedly or answer inexactly; the message says which
 * limit and its value. Unchecked: it ends a run like any other configuration error.
 */
public final class AllocationRefusedException extends RuntimeException {
    public AllocationRefusedException(String message) {
        super(message);
    }
}
