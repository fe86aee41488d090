package org.hpcsim.sim;

import java.util.List;
import org.hpcsim.kernel.KernelFailure;
import org.hpcsim.kernel.KernelStats;
import org.hpcsim.kernel.SinkReplay;
import org.hpcsim.kernel.SinkTap;
import org.hpcsim.kernel.Wiring;

/**
 * A run's sinks (jobs.csv with its locality metrics, the time series, every output instrument) on a
 * thread of their own: the simulation's thread hands what they receive to a bounded tape
 * ({@link SinkTape}, {@value #MAX_AHEAD} entries ahead at most) and goes on; this thread plays it into
 * the sinks in order, which calls them exactly as the simulation's thread would have (a sink never
 * sends). A sink's failure fails the run at the simulation's next chunk, with the sink's error.
 */
final class SinkThread implements AutoCloseable {
    /** How far the simulation may run ahead of its sinks, in deliveries: a few MB of references. */
    static final int MAX_AHEAD = 1 << 16;

    private final SinkTape tape = new SinkTape(MAX_AHEAD);
    private final SinkReplay replay;
    private final Thread thread;
    private volatile Throwable failure;

    /** Creates the sinks among {@code specs} and starts playing what the tape gets into them. */
    SinkThread(List<Wiring.Spec> specs, long seed) {
        replay = new SinkReplay(specs, seed);
        thread = new Thread(this::play, "hpcsim-sinks");
        thread.setDaemon(true);
        thread.start();
    }

    /** Where the executor hands what the sinks receive. */
    SinkTap tap() {
        return tape;
    }

    private void play() {
        try {
            int i = 0;
            while (tape.await(i)) {
                i = tape.playVisible(i, replay);
                tape.release(i);
            }
        } catch (InterruptedException e) {
            failure = e;
            tape.readerFailed(new KernelFailure("interrupted while writing the outputs", e));
        } catch (RuntimeException | Error e) {
            failure = e;
            tape.readerFailed(e instanceof RuntimeException r ? r : new KernelFailure("a sink failed", e));
        }
    }

    /**
     * The simulation has ended with {@code stats}: waits for the sinks to catch up and returns the run's
     * statistics with the sinks' own calls; a sink's failure is thrown here.
     */
    KernelStats finish(KernelStats stats) throws InterruptedException {
        tape.close();
        thread.join();
        Throwable f = failure;
        if (f instanceof RuntimeException r) {
            throw r;
        }
        if (f instanceof Error e) {
            throw e;
        }
        if (f != null) {
            throw new KernelFailure("a sink failed", f);
        }
        return replay.completed(stats);
    }

    /** Stops the thread (if the run failed) and lets the sinks release their files. */
    @Override
    public void close() {
        tape.close();
        tape.readerFailed(new KernelFailure("the run ended"));
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        replay.close();
    }
}
