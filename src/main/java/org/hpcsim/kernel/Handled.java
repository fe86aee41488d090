package org.hpcsim.kernel;

import java.util.List;

/**
 * What a component did with a command ({@link ComponentHost#handle}): the messages it sent, what it
 * asks of the kernel ({@code flags}: {@link #END_OF_INSTANT}, {@link #WIND_DOWN}, {@link #STOP},
 * {@link #HALT}), and the failure if it threw. Both executors read it (under Pekko a component actor
 * sends it to its partition manager).
 */
public record Handled(int localIndex, List<Envelope> out, int flags, ComponentFailure error) {
    /** Call the component's end-of-instant hook once this instant's rounds have settled. */
    public static final int END_OF_INSTANT = 1;
    /** Call the component's wind-down hook when the run is about to end. */
    public static final int WIND_DOWN = 2;
    /** End the run after this instant. */
    public static final int STOP = 4;
    /** With {@link #STOP}: the run is stopped, as from outside (the wind-down calls say so). */
    public static final int HALT = 8;

    /** Whether the component asked for an end-of-instant call. */
    public boolean wantsEndOfInstant() {
        return (flags & END_OF_INSTANT) != 0;
    }
}
