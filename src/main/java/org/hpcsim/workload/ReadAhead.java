package org.hpcsim.workload;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * A job stream read ahead on a thread of its own: the trace is parsed (and decompressed) into a
 * bounded queue of batches while the simulation takes jobs from the head, so reading the trace is off
 * the simulation's thread. At most {@value #BATCHES} batches of {@value #BATCH} jobs wait: memory stays
 * bounded on any trace. What the reader throws is thrown to the taker; closing stops the reader.
 */
final class ReadAhead implements JobStream {
    static final int BATCH = 1024;
    static final int BATCHES = 16;
    /** The end of the trace (or of the reader, failed: see {@link #failure}). */
    private static final List<Job> END = List.of();

    private final BlockingQueue<List<Job>> queue = new ArrayBlockingQueue<>(BATCHES);
    private final Thread thread;
    private volatile RuntimeException failure;
    private volatile boolean closed;
    private List<Job> batch = new ArrayList<>();
    private int position;
    private boolean ended;

    ReadAhead(JobStream source) {
        thread = new Thread(() -> fill(source), "hpcsim-trace-reader");
        thread.setDaemon(true);
        thread.start();
    }

    private void fill(JobStream source) {
        try (source) {
            List<Job> next = new ArrayList<>(BATCH);
            Job j;
            while (!closed && (j = source.next()) != null) {
                next.add(j);
                if (next.size() == BATCH) {
                    queue.put(next);
                    next = new ArrayList<>(BATCH);
                }
            }
            if (!next.isEmpty()) {
                queue.put(next);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            failure = e;
        } finally {
            try {
                queue.put(END);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    @Override
    public Job peek() {
        while (position == batch.size()) {
            if (ended) {
                return null;
            }
            try {
                batch = queue.take();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while reading the trace", e);
            }
            position = 0;
            if (batch == END) {
                ended = true;
                if (failure != null) {
                    throw failure;
                }
            }
        }
        return batch.get(position);
    }

    @Override
    public Job next() {
        Job j = peek();
        if (j != null) {
            position++;
        }
        return j;
    }

    @Override
    public void close() {
        closed = true;
        thread.interrupt();
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        ended = true;
        batch = END;
        position = 0;
    }
}
