package org.hpcsim.kernel;

import java.util.SplittableRandom;

/**
 * Base class of the kernel tests' models: the component calls as protected methods, so that a model
 * reads like a plain actor. It keeps the context it is called with (the same object for its life).
 */
public abstract class TestComponent<C> implements Component<C> {
    private Context context;

    protected abstract void onMessage(C message);

    protected void onEndOfInstant() {
    }

    protected void onWindDown(boolean stopped) {
    }

    protected void onSimulationEnd() {
    }

    @Override
    public final void onMessage(C message, Context context) {
        this.context = context;
        onMessage(message);
    }

    @Override
    public final void onEndOfInstant(Context context) {
        this.context = context;
        onEndOfInstant();
    }

    @Override
    public final void onWindDown(boolean stopped, Context context) {
        this.context = context;
        onWindDown(stopped);
    }

    @Override
    public final void onSimulationEnd(Context context) {
        this.context = context;
        onSimulationEnd();
    }

    protected final int id() {
        return context.id();
    }

    protected final long now() {
        return context.now();
    }

    protected final int round() {
        return context.round();
    }

    protected final SplittableRandom random() {
        return context.random();
    }

    protected final <T> void send(Address<T> to, T message) {
        context.send(to, message);
    }

    protected final <T> void send(Address<T> to, T message, long latency) {
        context.send(to, message, latency);
    }

    protected final void requestEndOfInstant() {
        context.requestEndOfInstant();
    }

    protected final void requestWindDownCall() {
        context.requestWindDownCall();
    }

    protected final void endSimulation() {
        context.endSimulation();
    }

    protected final void stopSimulation() {
        context.stopSimulation();
    }
}
