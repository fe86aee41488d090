package org.hpcsim.kernel;

/** A component threw while handling a message; the run stops and reports this. */
public final class ComponentFailure extends RuntimeException {
    private final int componentId;
    private final long time;

    public ComponentFailure(int componentId, String name, long time, Throwable cause) {
        super("component " + name + " failed at t=" + SimTime.format(time) + "s: " + cause, cause);
        this.componentId = componentId;
        this.time = time;
    }

    public int componentId() {
        return componentId;
    }

    public long time() {
        return time;
    }
}
