package org.hpcsim.testing;

import java.util.function.BooleanSupplier;
import org.zeromq.ZContext;

/** The tests' own ZeroMQ ends (stand-in schedulers). */
public final class ZmqEnds {
    private ZmqEnds() {
    }

    /**
     * Prints what {@code zmq}'s I/O threads report (JeroMQ's default) only until {@code closing} says
     * the test's socket is closing: from then on JeroMQ's shutdown race may fail them, and its stack
     * trace would land in the stderr the command line's tests read.
     */
    public static void printFailuresUntil(ZContext zmq, BooleanSupplier closing) {
        zmq.setNotificationExceptionHandler((thread, e) -> {
            if (!closing.getAsBoolean()) {
                e.printStackTrace();
            }
        });
    }
}
