package org.hpcsim.view;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.TimeUnit;
import org.hpcsim.events.ScenarioEvent;
import org.hpcsim.sim.LiveRun;
import org.hpcsim.sim.Simulation;
import org.hpcsim.time.SimTime;

/**
 * Drives a {@link LiveRun} from a page's controls, as the console drives it from typed commands, so a
 * run driven from a page equals, byte for byte, the same run given the injected events in a scenario
 * file. One thread (the caller of {@link #run}) owns the live run: the pages' controls, the run's
 * pauses and the sampling ticks all arrive in one queue and are handled there in turn.
 *
 * <p>While the run goes on, a frame is sampled between instants a few times a second, and only while a
 * page is open. At a speed (simulated seconds per wall second) the run goes on in chunks of a tenth of a
 * second's worth of simulated time, paused between them; as fast as possible, it just runs. A control
 * that needs the run paused (an event to inject, a stop) pauses it before its next instant, is carried
 * out, and the run goes on as before.
 */
public final class ServedRun implements Controls {
    /** How often a running run is sampled while a page is open. */
    static final long TICK_MS = 200;
    /** Wall time a chunk of simulated time takes at a given speed. */
    private static final double CHUNK_S = 0.1;

    private LiveRun live;
    private final FrameHub hub;
    private final BlockingQueue<Object> inbox = new LinkedBlockingQueue<>();
    /** Lets the waiter thread wait for the next pause once the run was let go on. */
    private final SynchronousQueue<Boolean> waiterGo = new SynchronousQueue<>();
    private final List<Request> afterPause = new ArrayList<>();

    private boolean paused;
    private boolean over;
    /** The run is to go on (else it stays paused); until {@link #until}. */
    private boolean going;
    private long until = SimTime.NEVER;
    /** Simulated seconds per wall second; 0: as fast as possible. */
    private double speed;
    private long nextChunkAt;
    private boolean stopping;
    private String stoppedBy = "view";
    private volatile boolean sampleAsked;
    private volatile boolean finished;

    private record Request(Command command, CompletableFuture<String> answer) {
    }

    private record Paused(boolean more) {
    }

    /**
     * Publishes to {@code hub}; {@code start}: let the run go on at once. Controls may come before
     * {@link #run}: they wait in its queue.
     */
    ServedRun(FrameHub hub, boolean start) {
        this.hub = hub;
        this.going = start;
    }

    @Override
    public CompletionStage<String> submit(Command command) {
        CompletableFuture<String> answer = new CompletableFuture<>();
        inbox.add(new Request(command, answer));
        if (finished) {
            refuseWaiting();
        }
        return answer;
    }

    /** Ctrl-C: stop the run (as a page's stop, but summary.json says interrupt). Any thread. */
    public void interrupt() {
        inbox.add(new Request(Command.of("interrupt"), new CompletableFuture<>()));
    }

    /** Asks for a fresh frame soon (a script's {@code GET /api/state}); false once the run is over (none comes). Any thread. */
    boolean wantFrame() {
        if (finished) {
            return false;
        }
        sampleAsked = true;
        inbox.add(new Object());
        return true;
    }

    /** Drives {@code run} (started served, pausing at its start) to its end, publishing its frames; returns its result. */
    Simulation.Result run(LiveRun run) throws InterruptedException {
        this.live = run;
        live.sampleWhileRunning(hub::publish);
        Thread waiter = new Thread(this::waitForPauses, "hpcsim-view-waiter");
        waiter.setDaemon(true);
        waiter.start();
        waiterGo.put(true);
        while (!over) {
            Object m = inbox.poll(timeout(), TimeUnit.MILLISECONDS);
            if (m instanceof Paused p) {
                onPause(p.more());
            } else if (m instanceof Request r) {
                handle(r);
            } else if (!paused && (hub.pages() > 0 || sampleAsked)) {
                // A tick (or a script's request) while the run goes on: one frame between two instants.
                sampleAsked = false;
                live.requestSample();
            } else if (paused && going && System.nanoTime() >= nextChunkAt) {
                goOn();
            } else if (paused && sampleAsked) {
                sampleAsked = false;
                hub.publish(live.pausedFrame(going && speed > 0 ? "running" : "paused"));
            }
        }
        finished = true;
        refuseWaiting();
        return live.result();
    }

    /** Once the run is over, every control still queued is refused. */
    private void refuseWaiting() {
        Object m;
        while ((m = inbox.poll()) != null) {
            if (m instanceof Request r) {
                r.answer().completeExceptionally(new IllegalArgumentException("the run is over"));
            }
        }
    }

    private long timeout() {
        if (!paused) {
            return TICK_MS;
        }
        if (going) {
            return Math.max(0, (nextChunkAt - System.nanoTime()) / 1_000_000);
        }
        return Long.MAX_VALUE;
    }

    private void waitForPauses() {
        try {
            while (waiterGo.take()) {
                boolean more = live.awaitPause();
                inbox.add(new Paused(more));
                if (!more) {
                    return;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void letGo() throws InterruptedException {
        paused = false;
        waiterGo.put(true);
    }

    private void onPause(boolean more) throws InterruptedException {
        if (!more) {
            over = true;
            paused = false;
            hub.publish(live.endedFrame());
            for (Request r : afterPause) {
                r.answer().completeExceptionally(new IllegalArgumentException("the run is over"));
            }
            afterPause.clear();
            return;
        }
        paused = true;
        if (stopping) {
            quit();
            return;
        }
        List<Request> waiting = new ArrayList<>(afterPause);
        afterPause.clear();
        for (Request r : waiting) {
            handle(r);
            if (!paused) {
                return;
            }
        }
        if (going && until != SimTime.NEVER && live.clock() >= until) {
            going = false;
            until = SimTime.NEVER;
        }
        hub.publish(live.pausedFrame(going && speed > 0 ? "running" : "paused"));
        if (going && (speed == 0 || System.nanoTime() >= nextChunkAt)) {
            goOn();
        }
    }

    /** Lets the paused run go on: to {@link #until} as fast as possible, or one chunk at the speed. */
    private void goOn() throws InterruptedException {
        if (speed == 0) {
            if (until == SimTime.NEVER) {
                live.resume();
            } else {
                live.runUntil(until);
            }
        } else {
            long chunk = Math.max(1, Math.round(speed * CHUNK_S * 1e6));
            long from = Math.max(0, live.clock());
            live.runUntil(until - from <= chunk ? until : from + chunk);
            nextChunkAt = System.nanoTime() + (long) (CHUNK_S * 1e9);
        }
        letGo();
    }

    private void quit() throws InterruptedException {
        live.stoppedBy(stoppedBy);
        live.quit();
        letGo();
    }

    private void handle(Request r) throws InterruptedException {
        Command c = r.command();
        if (over) {
            r.answer().completeExceptionally(new IllegalArgumentException("the run is over"));
            return;
        }
        try {
            String done = execute(c, r);
            if (done != null) {
                r.answer().complete(done);
                hub.controls(ViewJson.json(g -> {
                    g.writeStartObject();
                    g.writeStringField("type", "controls");
                    g.writeStringField("speed", speed == 0 ? "max" : ViewJson.number(speed));
                    g.writeBooleanField("going", going);
                    if (until != SimTime.NEVER) {
                        g.writeNumberField("until", SimTime.toSeconds(until));
                    }
                    g.writeEndObject();
                }));
            }
        } catch (IllegalArgumentException e) {
            r.answer().completeExceptionally(e);
        }
    }

    /** Carries out a control; returns what was done, or null when it waits for the run to pause. */
    private String execute(Command c, Request r) throws InterruptedException {
        switch (c.verb()) {
            case "pause" -> {
                going = false;
                until = SimTime.NEVER;
                if (paused) {
                    // Between two chunks at a speed: already paused, now as the page asked.
                    hub.publish(live.pausedFrame("paused"));
                } else {
                    live.requestPause();
                }
                return "pausing";
            }
            case "resume" -> {
                going = true;
                until = SimTime.NEVER;
                if (paused) {
                    goOn();
                } else {
                    live.requestPause(); // to go on from the pause under the new target
                }
                return "running";
            }
            case "until" -> {
                long t = ScenarioEvent.time(c.argument());
                if (paused && t < live.clock()) {
                    throw new IllegalArgumentException("time " + LiveRun.when(t) + " is before the current time "
                            + LiveRun.when(live.clock()));
                }
                if (!paused) {
                    afterPause.add(r);
                    live.requestPause();
                    return null;
                }
                going = true;
                until = t;
                if (live.clock() >= t) {
                    going = false;
                } else {
                    goOn();
                }
                return "running until " + LiveRun.when(t);
            }
            case "step" -> {
                if (!paused) {
                    throw new IllegalArgumentException("step needs a paused run: pause it first");
                }
                going = false;
                until = SimTime.NEVER;
                live.step();
                letGo();
                return "stepping";
            }
            case "speed" -> {
                double s = speed(c.argument());
                speed = s;
                nextChunkAt = System.nanoTime();
                if (!paused && going) {
                    live.requestPause();
                }
                return s == 0 ? "speed: as fast as possible" : String.format(Locale.ROOT, "speed: %s simulated s per s",
                        c.argument());
            }
            case "inject" -> {
                if (!paused) {
                    afterPause.add(r);
                    live.requestPause();
                    return null;
                }
                String line = c.argument().strip();
                if (line.isEmpty()) {
                    throw new IllegalArgumentException("inject needs an event, e.g. at 3600s fail node 17");
                }
                ScenarioEvent e = live.inject(line);
                hub.publish(live.pausedFrame(going && speed > 0 ? "running" : "paused"));
                return "injected: " + e.text();
            }
            case "stop", "interrupt" -> {
                if (c.verb().equals("interrupt")) {
                    stoppedBy = "interrupt";
                    live.interrupted();
                }
                going = false;
                if (paused) {
                    quit();
                } else {
                    stopping = true;
                    live.requestPause();
                }
                return "stopping";
            }
            default -> throw new IllegalArgumentException("unknown control '" + ViewJson.clip(c.verb()) + "'");
        }
    }

    /** A speed: simulated seconds per wall second (a positive number), or {@code max}: 0. */
    static double speed(String text) {
        if (text.equalsIgnoreCase("max")) {
            return 0;
        }
        double s;
        try {
            s = Double.parseDouble(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("speed '" + ViewJson.clip(text)
                    + "' is not a number of simulated seconds per second, nor max");
        }
        if (!(s > 0) || Double.isInfinite(s)) {
            throw new IllegalArgumentException("speed must be above 0 simulated seconds per second (or max), got "
                    + ViewJson.clip(text));
        }
        return s;
    }
}
