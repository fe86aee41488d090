package org.hpcsim.kernel;

import java.util.BitSet;
import java.util.List;

/**
 * The run's sinks, created from their specs and called as a {@link SinkTap} tells: each delivery, then
 * the end-of-instant and wind-down calls a sink asked for, then the end. Given what an executor
 * handed its tap, in order, it calls every sink exactly as that executor would have called it; it
 * counts the calls that executor left to it (see {@link SinkTap#endOfInstant}), so that the run's
 * statistics add up to those of a run with the sinks in it. Any thread may drive it, one at a time.
 */
public final class SinkReplay implements SinkTap, AutoCloseable {
    private final ComponentHost[] sinks;
    private final BitSet wantsEndOfInstant = new BitSet();
    private final BitSet wantsWindDown = new BitSet();
    private long rounds;
    private long events;
    private long activations;

    /** Creates the sinks among {@code specs} (what their factories throw fails the run, naming the sink). */
    public SinkReplay(List<Wiring.Spec> specs, long seed) {
        sinks = new ComponentHost[specs.size()];
        try {
            for (Wiring.Spec spec : specs) {
                if (spec.role() == ComponentType.Role.SINK) {
                    ComponentHost host = new ComponentHost(spec.id(), spec.id(), spec.instanceName(), seed);
                    host.create(spec.factory(), spec.ports());
                    sinks[spec.id()] = host;
                }
            }
        } catch (RuntimeException | Error e) {
            close();
            throw e;
        }
    }

    @Override
    public void deliver(long time, int round, int target, int sender, Object payload) {
        ComponentHost host = sinks[target];
        host.deliverNext(time, round, sender, payload);
        taken(target, host);
    }

    @Override
    public void endOfInstant(long time, int round, boolean alone) {
        if (wantsEndOfInstant.isEmpty()) {
            return;
        }
        if (alone) {
            rounds++;
        }
        call(wantsEndOfInstant, new KernelCommand.EndOfInstant(time, round));
    }

    @Override
    public void windDown(long time, int round, boolean stopped) {
        call(wantsWindDown, new KernelCommand.WindDown(time, round, stopped, time));
    }

    @Override
    public void end(long time) {
        KernelCommand.SimulationEnd end = new KernelCommand.SimulationEnd(time);
        for (int c = 0; c < sinks.length; c++) {
            if (sinks[c] != null) {
                sinks[c].run(end);
                taken(c, sinks[c]);
            }
        }
    }

    private void call(BitSet wanting, KernelCommand command) {
        BitSet callees = (BitSet) wanting.clone();
        wanting.clear();
        for (int c = callees.nextSetBit(0); c >= 0; c = callees.nextSetBit(c + 1)) {
            events++;
            activations++;
            sinks[c].run(command);
            taken(c, sinks[c]);
        }
    }

    private void taken(int id, ComponentHost host) {
        ComponentFailure error = host.takeError();
        if (error != null) {
            throw error;
        }
        int flags = host.takeFlags();
        if ((flags & Handled.END_OF_INSTANT) != 0) {
            wantsEndOfInstant.set(id);
        }
        if ((flags & Handled.WIND_DOWN) != 0) {
            wantsWindDown.set(id);
        }
        if ((flags & (Handled.STOP | Handled.HALT)) != 0) {
            throw new ComponentFailure(id, host.name(), 0, 0, "replaying its input",
                    new IllegalStateException("a sink may not stop the run"));
        }
    }

    /** A run's statistics with the calls this replay made that its executor did not count. */
    public KernelStats completed(KernelStats executor) {
        return new KernelStats(executor.endTime(), executor.instants(), executor.rounds() + rounds,
                executor.messages(), executor.events() + events, executor.activations() + activations,
                executor.actorMessages());
    }

    /** Lets every sink release what it holds (ended or failed). */
    @Override
    public void close() {
        for (ComponentHost h : sinks) {
            if (h != null) {
                h.stopped();
            }
        }
    }
}
