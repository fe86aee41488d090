package org.hpcsim.external;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;
import org.hpcsim.scheduling.SchedulingAbortedException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.zeromq.SocketType;
import org.zeromq.ZContext;
import org.zeromq.ZMQ;

/**
 * hpcsim's end of the Batsim protocol's transport: a ZeroMQ REQ socket connected to the scheduler's
 * REP socket, as Batsim's is. Each {@link #exchange} sends one JSON message and waits for the reply.
 * Waiting is the only place wall-clock time enters a run, and it decides nothing simulated: a
 * scheduler that does not answer within the timeout, disconnects while hpcsim waits, or answers
 * with something that is not JSON ends the run with {@link SchedulingAbortedException}.
 */
final class BatsimConnection implements AutoCloseable {
    /** How often a wait checks the socket monitor for a disconnection (a reply ends the wait at once). */
    private static final long SLICE_MILLIS = 50;
    /**
     * How long a ZeroMQ handshake may take before the connection is dropped and made again. JeroMQ
     * (0.6.0) now and then leaves a fresh outgoing connection without its greeting (a race in its
     * poller: zeromq/jeromq#1022; 2 to 5 % of fresh loopback connections here); its default of 30 s
     * would stall such a run for half a minute, or fail it under a shorter scheduler timeout. A
     * greeting is a few dozen bytes, so a second is ample even to another machine.
     */
    private static final int HANDSHAKE_MILLIS = 1000;
    private static final AtomicInteger MONITORS = new AtomicInteger();
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Logger LOG = LoggerFactory.getLogger(BatsimConnection.class);

    private final String endpoint;
    private final long timeoutMillis;
    private final ZContext zmq = new ZContext();
    private final ZMQ.Socket socket;
    private final ZMQ.Socket monitor;
    /** Whether a ZeroMQ handshake with the scheduler has completed. */
    private boolean connected;
    private int exchanges;
    /**
     * Set when {@link #close} begins. From then on JeroMQ's I/O threads may fail writing to the
     * mailbox of a socket already torn down (a race in its shutdown, seen as a ClosedChannelException);
     * the run's outcome is decided by then, so such failures are logged, not printed over the one-line
     * error.
     */
    private volatile boolean closing;
    /** The first failure of a JeroMQ I/O thread while the connection was open, named in a later error. */
    private volatile Throwable transportFailure;

    BatsimConnection(ExternalOptions options) {
        this.endpoint = options.socket();
        this.timeoutMillis = options.timeoutMillis();
        zmq.setLinger(0);
        zmq.setNotificationExceptionHandler((thread, e) -> onIoThreadFailure(e));
        socket = zmq.createSocket(SocketType.REQ);
        socket.setLinger(0);
        socket.setHandshakeIvl(HANDSHAKE_MILLIS);
        String monitorAddress = "inproc://hpcsim-external-monitor-" + MONITORS.incrementAndGet();
        socket.monitor(monitorAddress, ZMQ.EVENT_HANDSHAKE_PROTOCOL | ZMQ.EVENT_DISCONNECTED);
        monitor = zmq.createSocket(SocketType.PAIR);
        monitor.connect(monitorAddress);
        try {
            socket.connect(endpoint);
        } catch (RuntimeException e) {
            close();
            throw new SchedulingAbortedException("cannot connect to the external scheduler at " + endpoint + ": "
                    + e.getMessage(), e);
        }
    }

    /** Sends {@code message} and returns the scheduler's reply, parsed. */
    JsonNode exchange(JsonNode message) {
        String text;
        try {
            text = JSON.writeValueAsString(message);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write a protocol message", e);
        }
        if (!socket.send(text.getBytes(StandardCharsets.UTF_8), 0)) {
            throw new SchedulingAbortedException("cannot send to the external scheduler at " + endpoint);
        }
        exchanges++;
        long deadline = System.nanoTime() + timeoutMillis * 1_000_000L;
        while (true) {
            long left = (deadline - System.nanoTime()) / 1_000_000L;
            if (left <= 0) {
                throw new SchedulingAbortedException((exchanges == 1 && !connected
                        ? "no external scheduler answered at " + endpoint + " within " + seconds() + " (is it running"
                                + " and bound there? see scheduler.external.timeout)"
                        : "the external scheduler at " + endpoint + " did not answer within " + seconds()
                                + " (scheduler.external.timeout)") + transportNote());
            }
            socket.setReceiveTimeOut((int) Math.min(left, SLICE_MILLIS));
            byte[] reply = socket.recv(0);
            if (reply != null) {
                return parse(new String(reply, StandardCharsets.UTF_8));
            }
            for (ZMQ.Event event = ZMQ.Event.recv(monitor, ZMQ.DONTWAIT); event != null;
                    event = ZMQ.Event.recv(monitor, ZMQ.DONTWAIT)) {
                if (event.getEvent() == ZMQ.EVENT_HANDSHAKE_PROTOCOL) {
                    connected = true;
                } else if (event.getEvent() == ZMQ.EVENT_DISCONNECTED && connected) {
                    // Only after a completed handshake does a disconnection mean the scheduler went away;
                    // before one, ZeroMQ reconnects and the request goes out then.
                    throw new SchedulingAbortedException("the external scheduler at " + endpoint
                            + " disconnected while hpcsim waited for its reply" + transportNote());
                }
            }
        }
    }

    private JsonNode parse(String reply) {
        try {
            return JSON.readTree(reply);
        } catch (JsonProcessingException e) {
            throw new SchedulingAbortedException("malformed message from the external scheduler (not JSON: "
                    + e.getOriginalMessage() + "): " + excerpt(reply));
        }
    }

    /** The start of a message, for errors. */
    static String excerpt(String text) {
        String oneLine = text.replaceAll("\\s+", " ").strip();
        return oneLine.length() <= 120 ? "'" + oneLine + "'" : "'" + oneLine.substring(0, 120) + "...'";
    }

    /**
     * Where JeroMQ's I/O threads report what they cannot handle (by default they print a stack trace
     * on stderr). While the connection is open the first failure is kept, since the scheduler's reply
     * may then never come; during {@link #close} failures are JeroMQ's shutdown race and only logged.
     */
    void onIoThreadFailure(Throwable e) {
        if (closing) {
            LOG.debug("JeroMQ I/O thread failed while the connection to {} closed", endpoint, e);
        } else if (transportFailure == null) {
            transportFailure = e;
        }
    }

    private String transportNote() {
        Throwable e = transportFailure;
        return e == null ? "" : " (a ZeroMQ I/O thread failed before: " + e + ")";
    }

    private String seconds() {
        return timeoutMillis % 1000 == 0 ? timeoutMillis / 1000 + " s" : timeoutMillis / 1000.0 + " s";
    }

    @Override
    public void close() {
        closing = true;
        zmq.close();
    }
}
