package org.hpcsim.external;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;
import org.hpcsim.scheduling.SchedulingAbortedException;
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
    private static final AtomicInteger MONITORS = new AtomicInteger();
    private static final ObjectMapper JSON = new ObjectMapper();

    private final String endpoint;
    private final long timeoutMillis;
    private final ZContext zmq = new ZContext();
    private final ZMQ.Socket socket;
    private final ZMQ.Socket monitor;
    /** Whether a ZeroMQ handshake with the scheduler has completed. */
    private boolean connected;
    private int exchanges;

    BatsimConnection(ExternalOptions options) {
        this.endpoint = options.socket();
        this.timeoutMillis = options.timeoutMillis();
        zmq.setLinger(0);
        socket = zmq.createSocket(SocketType.REQ);
        socket.setLinger(0);
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
                throw new SchedulingAbortedException(exchanges == 1 && !connected
                        ? "no external scheduler answered at " + endpoint + " within " + seconds() + " (is it running"
                                + " and bound there? see scheduler.external.timeout)"
                        : "the external scheduler at " + endpoint + " did not answer within " + seconds()
                                + " (scheduler.external.timeout)");
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
                            + " disconnected while hpcsim waited for its reply");
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

    private String seconds() {
        return timeoutMillis % 1000 == 0 ? timeoutMillis / 1000 + " s" : timeoutMillis / 1000.0 + " s";
    }

    @Override
    public void close() {
        zmq.close();
    }
}
