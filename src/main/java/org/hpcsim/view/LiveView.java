package org.hpcsim.view;

import java.util.function.Supplier;
import org.hpcsim.kernel.pekko.ActorRuntime;
import org.hpcsim.sim.LiveRun;
import org.hpcsim.sim.Simulation;

/**
 * {@code run --serve}: a live run, its view's server and the loop that drives the run from the pages.
 * The run starts paused at its first instant unless told to start; {@link #run} returns at its end,
 * while the server goes on serving the final state until {@link #close}.
 */
public final class LiveView implements AutoCloseable {
    private final Simulation simulation;
    private final Supplier<ActorRuntime> runtime;
    private final FrameHub hub;
    private final ServedRun served;
    private final ViewServer server;
    private LiveRun live;

    private LiveView(Simulation simulation, Supplier<ActorRuntime> runtime, FrameHub hub, ServedRun served,
                     ViewServer server) {
        this.simulation = simulation;
        this.runtime = runtime;
        this.hub = hub;
        this.served = served;
        this.server = server;
    }

    /**
     * Binds {@code where} for {@code simulation} (prepared, not started); {@code start}: once run, let it
     * go on at once, as fast as possible. Nothing is written before {@link #run}.
     *
     * @throws IllegalArgumentException when the address cannot be bound
     */
    public static LiveView serve(Simulation simulation, Supplier<ActorRuntime> runtime, ViewServer.Endpoint where,
                                 boolean start) {
        FrameHub hub = new FrameHub(LiveRun.layout(simulation), "live");
        ServedRun served = new ServedRun(hub, start);
        ViewServer server = ViewServer.start(where, hub, served, served::wantFrame);
        return new LiveView(simulation, runtime, hub, served, server);
    }

    /** The page's address, with the token when controls need one. */
    public String url() {
        return server.url();
    }

    /** The token controls need, or null on loopback. */
    public String token() {
        return server.token();
    }

    /** Drives the run to its end from the pages' controls; returns its result. */
    public Simulation.Result run() throws InterruptedException {
        live = LiveRun.start(simulation, runtime, 0, true);
        return served.run(live);
    }

    /** Wall time the run spent paused, seconds. */
    public double pausedSeconds() {
        return live == null ? 0 : live.pausedSeconds();
    }

    /** Ctrl-C: stops the run at its next instant (the outputs so far are written). Any thread. */
    public void interrupt() {
        served.interrupt();
    }

    @Override
    public void close() {
        server.close();
        hub.close();
    }
}
