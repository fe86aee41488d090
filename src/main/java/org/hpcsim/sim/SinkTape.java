package org.hpcsim.sim;

import java.util.ArrayList;
import java.util.List;
import org.hpcsim.kernel.SinkTap;

/**
 * What one window's sinks would have received, in order ({@link SinkTap}'s calls), kept until the
 * window's part of the run is known and then played into the real sinks. Written by the window's
 * thread, read by the replay's: entries become visible a chunk at a time and at each {@link #flush}.
 */
final class SinkTape implements SinkTap {
    private static final int CHUNK = 1024;
    private static final byte DELIVER = 0;
    private static final byte END_OF_INSTANT = 1;
    private static final byte END_OF_INSTANT_ALONE = 2;
    private static final byte WIND_DOWN = 3;
    private static final byte WIND_DOWN_STOPPED = 4;
    private static final byte END = 5;

    private static final class Chunk {
        final byte[] kind = new byte[CHUNK];
        final long[] time = new long[CHUNK];
        final int[] round = new int[CHUNK];
        final int[] target = new int[CHUNK];
        final int[] sender = new int[CHUNK];
        final Object[] payload = new Object[CHUNK];
    }

    private final List<Chunk> chunks = new ArrayList<>();
    private Chunk current;
    private int size;
    private boolean closed;
    /** Entries the reader has let go ({@link #release}); the writer waits when it is this far ahead. */
    private volatile int released;
    private final int maxAhead;
    /** Why the reader gave up: the writer then fails with it. */
    private RuntimeException readerFailed;

    /** A tape the writer may fill without bound (a window's, kept until its part of the run is known). */
    SinkTape() {
        this(Integer.MAX_VALUE);
    }

    /** A tape whose writer waits while more than {@code maxAhead} entries are unread (a bounded mailbox). */
    SinkTape(int maxAhead) {
        this.maxAhead = maxAhead;
    }
    /** Entries the reader may see. */
    private volatile int visible;

    private void put(byte kind, long time, int round, int target, int sender, Object payload) {
        int at = size % CHUNK;
        if (at == 0) {
            if (maxAhead != Integer.MAX_VALUE) {
                awaitRoom();
            }
            current = new Chunk();
            synchronized (chunks) {
                chunks.add(current);
            }
        }
        Chunk c = current;
        c.kind[at] = kind;
        c.time[at] = time;
        c.round[at] = round;
        c.target[at] = target;
        c.sender[at] = sender;
        c.payload[at] = payload;
        size++;
        if (at == CHUNK - 1) {
            flush();
        }
    }

    private synchronized void awaitRoom() {
        while (readerFailed == null && size - released > maxAhead) {
            try {
                wait();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new org.hpcsim.kernel.KernelFailure("interrupted while the sinks caught up", e);
            }
        }
        if (readerFailed != null) {
            throw readerFailed;
        }
    }

    /** The reader failed: the writer's next chunk fails with {@code e} (the run ends with the sink's error). */
    synchronized void readerFailed(RuntimeException e) {
        readerFailed = e;
        notifyAll();
    }

    /** Makes everything written so far visible to the reader. */
    synchronized void flush() {
        visible = size;
        notifyAll();
    }

    /** Nothing more will be written (after a last {@link #flush}). */
    synchronized void close() {
        visible = size;
        closed = true;
        notifyAll();
    }

    /** Waits until entry {@code i} is visible (true) or the tape is closed without it (false). */
    synchronized boolean await(int i) throws InterruptedException {
        while (visible <= i && !closed) {
            wait();
        }
        return visible > i;
    }

    @Override
    public void deliver(long time, int round, int target, int sender, Object payload) {
        put(DELIVER, time, round, target, sender, payload);
    }

    @Override
    public void endOfInstant(long time, int round, boolean alone) {
        put(alone ? END_OF_INSTANT_ALONE : END_OF_INSTANT, time, round, 0, 0, null);
    }

    @Override
    public void windDown(long time, int round, boolean stopped) {
        put(stopped ? WIND_DOWN_STOPPED : WIND_DOWN, time, round, 0, 0, null);
    }

    @Override
    public void end(long time) {
        put(END, time, 0, 0, 0, null);
    }

    /** Entries written so far (the writer's own count). */
    int size() {
        return size;
    }

    /** Entries the reader has let go (played, or not needed). */
    int played() {
        return released;
    }

    /** The time of entry {@code i} (visible). */
    long time(int i) {
        return chunk(i).time[i % CHUNK];
    }

    /**
     * Plays every visible entry from {@code from} on into {@code to}, a chunk at a time; returns the
     * index after the last one played.
     */
    int playVisible(int from, SinkTap to) {
        int end = visible;
        int i = from;
        while (i < end) {
            Chunk c = chunk(i);
            int stop = Math.min(end, (i / CHUNK + 1) * CHUNK);
            for (; i < stop; i++) {
                play(c, i % CHUNK, to);
            }
        }
        return end;
    }

    private static void play(Chunk c, int at, SinkTap to) {
        switch (c.kind[at]) {
            case DELIVER -> to.deliver(c.time[at], c.round[at], c.target[at], c.sender[at], c.payload[at]);
            case END_OF_INSTANT -> to.endOfInstant(c.time[at], c.round[at], false);
            case END_OF_INSTANT_ALONE -> to.endOfInstant(c.time[at], c.round[at], true);
            case WIND_DOWN -> to.windDown(c.time[at], c.round[at], false);
            case WIND_DOWN_STOPPED -> to.windDown(c.time[at], c.round[at], true);
            default -> to.end(c.time[at]);
        }
    }

    /** Lets the chunks before entry {@code i} go (they have been played or are not needed). */
    void release(int i) {
        synchronized (chunks) {
            for (int c = released / CHUNK; c < i / CHUNK; c++) {
                chunks.set(c, null);
            }
        }
        synchronized (this) {
            released = i;
            notifyAll();
        }
    }

    private Chunk chunk(int i) {
        synchronized (chunks) {
            return chunks.get(i / CHUNK);
        }
    }
}
