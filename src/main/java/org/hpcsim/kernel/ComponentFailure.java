package org.hpcsim.kernel;

import org.hpcsim.time.SimTime;

/**
 * A component threw (or its actor stopped): the run ends with this, naming the component, the
 * virtual time and round, and what it was doing (the message it was handling, or the call).
 */
public final class ComponentFailure extends RuntimeException {
    /** Longest description of a message kept in the error. */
    private static final int MAX_MESSAGE = 200;

    private final int componentId;
    private final long time;

    /**
     * @param name  the component's actor name (e.g. {@code scheduler-128})
     * @param doing what it was doing, e.g. "handling JobArrived[...]" or "in its end-of-instant call"
     */
    public ComponentFailure(int componentId, String name, long time, int round, String doing, Throwable cause) {
        super("component " + name + " failed at t=" + SimTime.format(time) + "s (round " + round + ") " + doing + ": "
                + cause, cause);
        this.componentId = componentId;
        this.time = time;
    }

    public int componentId() {
        return componentId;
    }

    public long time() {
        return time;
    }

    /** A message as text, cut to a readable length; one whose toString throws is named by its class. */
    public static String describe(Object message) {
        String text;
        try {
            text = String.valueOf(message);
        } catch (RuntimeException e) {
            text = message.getClass().getName();
        }
        if (text.length() > MAX_MESSAGE) {
            text = text.substring(0, MAX_MESSAGE) + "...";
        }
        return text;
    }
}
