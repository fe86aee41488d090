package org.hpcsim.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.hpcsim.testing.TestRuntime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.hpcsim.time.SimTime;

/**
 * Kernel control: pausing between instants, injecting messages, stepping, stopping from outside,
 * and the wind-down calls (after a stop, after {@code ComponentActor#endSimulation()}, and when
 * nothing is pending). Runs are driven from the test thread while {@link Kernel#run} blocks in a
 * thread of its own, as the live console does.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS) // a hang guard only: a lost pause signal would block forever
class KernelControlTest {

    /** Whether the runs go to the sequential executor (see {@link SequentialKernelControlTest}). */
    boolean sequential() {
        return false;
    }

    /** Two threads and two partitions, so components 0 and 1 live in different partitions. */
    private static final KernelSettings SETTINGS = new KernelSettings(2, 2, 100, 1, 0);

    /** A message: log {@code text}, ask for a wind-down call and/or the end of the run, then send. */
    record Note(String text, boolean windDown, boolean end, List<Send> then) {
    }

    /** A note whose handler stops the run as from outside ({@link Context#stopSimulation()}), after its sends. */
    private static final String HALT = "halt";

    /** A send to make: to component {@code to} after {@code latency} microseconds. */
    record Send(int to, long latency, Note note) {
    }

    private static Note note(String text, Send... then) {
        return new Note(text, false, false, List.of(then));
    }

    private static Note windDown(String text, Send... then) {
        return new Note(text, true, false, List.of(then));
    }

    private static Send send(int to, long latency, Note note) {
        return new Send(to, latency, note);
    }

    /**
     * Components that log, per component (each log is in handling order, which the kernel makes
     * deterministic): "time,round:text" for a note, "time,round:winddown stopped=B" for a wind-down
     * call (after which it makes its {@code onWindDown} sends), and "end@time" at the end.
     */
    private final class Model {
        final Map<Integer, List<String>> logs = new ConcurrentHashMap<>();
        final TestKernel kernel = new TestKernel(SETTINGS);

        Model(int components, Map<Integer, List<Send>> onWindDown) {
            for (int i = 0; i < components; i++) {
                List<String> log = Collections.synchronizedList(new ArrayList<>());
                logs.put(i, log);
                List<Send> sends = onWindDown.getOrDefault(i, List.of());
                kernel.add(i, "control", ports -> new Actor(log, sends));
            }
        }

        Model(int components) {
            this(components, Map.of());
        }

        void schedule(int to, Note note, long time) {
            kernel.schedule(new Address<Note>(to), note, time);
        }

        void inject(int to, Note note, long time) {
            kernel.control().inject(new Address<Note>(to), note, time);
        }

        Map<Integer, List<String>> logs() {
            Map<Integer, List<String>> copy = new TreeMap<>();
            logs.forEach((k, v) -> copy.put(k, List.copyOf(v)));
            return copy;
        }

        /** Runs in a thread of its own; the future completes with the run's stats or its failure. */
        CompletableFuture<KernelStats> start() {
            CompletableFuture<KernelStats> result = new CompletableFuture<>();
            Thread t = new Thread(() -> {
                try {
                    result.complete(sequential() ? kernel.runSequential() : kernel.run(TestRuntime.get()));
                } catch (Throwable e) {
                    result.completeExceptionally(e);
                }
            }, "kernel-control-test-run");
            t.setDaemon(true);
            t.start();
            return result;
        }
    }

    static final class Actor extends TestComponent<Note> {
        private final List<String> log;
        private final List<Send> onWindDown;

        Actor(List<String> log, List<Send> onWindDown) {
            this.log = log;
            this.onWindDown = onWindDown;
        }

        @Override
        protected void onMessage(Note note) {
            log.add(now() + "," + round() + ":" + note.text());
            if (note.windDown()) {
                requestWindDownCall();
            }
            if (note.end()) {
                endSimulation();
            }
            if (note.text().equals(HALT)) {
                stopSimulation();
            }
            sendAll(note.then());
        }

        @Override
        protected void onWindDown(boolean stopped) {
            log.add(now() + "," + round() + ":winddown stopped=" + stopped);
            sendAll(onWindDown);
        }

        @Override
        protected void onSimulationEnd() {
            log.add("end@" + now());
        }

        private void sendAll(List<Send> sends) {
            for (Send s : sends) {
                send(new Address<Note>(s.to()), s.note(), s.latency());
            }
        }
    }

    private static KernelStats await(CompletableFuture<KernelStats> run) throws Exception {
        return run.get(60, TimeUnit.SECONDS);
    }

    /** The messages of the pause-and-inject test that are there from the start. */
    private void scheduleBase(Model m) {
        m.schedule(0, note("a", send(1, 0, note("b", send(0, 7, note("c"))))), 10);
        m.schedule(1, note("d"), 20);
        m.schedule(0, note("e", send(1, 0, note("f"))), 30);
    }

    @Test
    void aPausedRunWithInjectedMessagesMatchesARunThatHadThemFromTheStart() throws Exception {
        // x1 shares instant 17 with c (the kernel's sender id -1 goes first), x2 shares instant 20
        // with d (numbered after it), and x3 lands between the last instant (10) and the next (17).
        Model reference = new Model(2);
        scheduleBase(reference);
        reference.schedule(0, note("x1", send(1, 3, note("y1"))), 17);
        reference.schedule(1, note("x2"), 20);
        reference.schedule(1, note("x3", send(0, 0, note("y3"))), 16);
        await(reference.start());
        Map<Integer, List<String>> expected = Map.of(
                0, List.of("10,0:a", "16,1:y3", "17,0:x1", "17,0:c", "30,0:e", "end@30"),
                1, List.of("10,1:b", "16,0:x3", "20,0:d", "20,0:x2", "20,0:y1", "30,1:f", "end@30"));
        assertEquals(expected, reference.logs());

        Model paused = new Model(2);
        scheduleBase(paused);
        KernelControl control = paused.kernel.control();
        control.pauseAt(15);
        CompletableFuture<KernelStats> run = paused.start();
        assertEquals(Optional.of(new KernelControl.Pause(10, 17)), control.awaitPause());
        assertEquals(List.of("10,0:a"), paused.logs().get(0), "nothing after the pause point ran");
        paused.inject(0, note("x1", send(1, 3, note("y1"))), 17);
        paused.inject(1, note("x2"), 20);
        paused.inject(1, note("x3", send(0, 0, note("y3"))), 16);
        control.pauseAt(SimTime.NEVER);
        control.resume();
        await(run);
        assertEquals(expected, paused.logs());
        assertEquals(Optional.empty(), control.awaitPause(), "the run is over");
    }

    @Test
    void aRequestedSampleRunsOnceBetweenInstantsSeesTheSettledStateAndChangesNothing() throws Exception {
        Model reference = new Model(2);
        scheduleBase(reference);
        await(reference.start());

        Model sampled = new Model(2);
        scheduleBase(sampled);
        KernelControl control = sampled.kernel.control();
        List<Map<Integer, List<String>>> samples = Collections.synchronizedList(new ArrayList<>());
        control.sampler(() -> samples.add(sampled.logs()));
        control.requestSample();
        control.pauseAt(15);
        CompletableFuture<KernelStats> run = sampled.start();
        assertTrue(control.awaitPause().isPresent());
        assertEquals(List.of(Map.of(0, List.of(), 1, List.of())), samples, "one sample, before the first instant");
        control.requestSample();
        control.pauseAt(SimTime.NEVER);
        control.resume();
        await(run);
        assertEquals(2, samples.size(), "one sample per request");
        assertEquals(Map.of(0, List.of("10,0:a"), 1, List.of("10,1:b")), samples.get(1),
                "the second sample sees every round of instant 10 and nothing of 17");
        assertEquals(reference.logs(), sampled.logs());
    }

    @Test
    void pausingBeforeTheFirstInstantThenSteppingPausesAfterEachInstant() throws Exception {
        Model m = new Model(2);
        m.schedule(0, note("a", send(1, 5, note("b"))), 10);
        m.schedule(1, note("c"), 20);
        KernelControl control = m.kernel.control();
        control.pauseAt(0);
        CompletableFuture<KernelStats> run = m.start();

        KernelControl.Pause first = control.awaitPause().orElseThrow();
        assertFalse(first.started());
        assertEquals(new KernelControl.Pause(Long.MIN_VALUE, 10), first);
        assertTrue(m.logs().get(0).isEmpty());

        // A step must not stop at the old pause point again: clear it first, as the console does.
        control.pauseAt(SimTime.NEVER);
        control.resumeStep();
        assertEquals(Optional.of(new KernelControl.Pause(10, 15)), control.awaitPause());
        assertEquals(List.of("10,0:a"), m.logs().get(0));
        assertTrue(m.logs().get(1).isEmpty());

        control.resumeStep();
        assertEquals(Optional.of(new KernelControl.Pause(15, 20)), control.awaitPause());
        assertEquals(List.of("15,0:b"), m.logs().get(1));

        // After the last instant nothing is pending: the run ends instead of pausing.
        control.resumeStep();
        assertEquals(Optional.empty(), control.awaitPause());
        assertEquals(3, await(run).instants());
        assertEquals(List.of("15,0:b", "20,0:c", "end@20"), m.logs().get(1));
    }

    @Test
    void injectingIntoThePastIsRefusedAndInjectingOrResumingWhileRunningIsAnError() throws Exception {
        Model m = new Model(1);
        m.schedule(0, note("a"), 10);
        m.schedule(0, note("b"), 20);
        KernelControl control = m.kernel.control();
        assertThrows(IllegalStateException.class, () -> m.inject(0, note("early"), 5), "not started, not paused");

        control.pauseAt(15);
        CompletableFuture<KernelStats> run = m.start();
        assertEquals(Optional.of(new KernelControl.Pause(10, 20)), control.awaitPause());
        // Instant 10 has been simulated: a message there (or before) would rewrite history.
        assertThrows(IllegalArgumentException.class, () -> m.inject(0, note("same"), 10));
        assertThrows(IllegalArgumentException.class, () -> m.inject(0, note("past"), 3));
        m.inject(0, note("ok"), 11);
        control.pauseAt(SimTime.NEVER);
        control.resume();
        assertThrows(IllegalStateException.class, () -> m.inject(0, note("late"), 1_000), "running again");
        assertThrows(IllegalStateException.class, control::resume, "running again");
        await(run);
        assertEquals(List.of("10,0:a", "11,0:ok", "20,0:b", "end@20"), m.logs().get(0));
    }

    @Test
    void stopEndsThePausedRunWithOneStoppedWindDownCallAndDeliversNothingLater() throws Exception {
        Model m = new Model(2);
        m.schedule(0, windDown("a"), 10);
        m.schedule(1, windDown("b"), 10);
        m.schedule(1, windDown("c"), 20);
        m.schedule(0, note("z"), 1_000);
        KernelControl control = m.kernel.control();
        control.pauseAt(15);
        CompletableFuture<KernelStats> run = m.start();
        assertEquals(Optional.of(new KernelControl.Pause(10, 20)), control.awaitPause());

        // 12 lies between the last instant and the next: the wind-down calls happen then.
        control.stop(12);
        KernelStats stats = await(run);
        assertEquals(Optional.empty(), control.awaitPause());
        assertEquals(Map.of(
                0, List.of("10,0:a", "12,1:winddown stopped=true", "end@12"),
                1, List.of("10,0:b", "12,1:winddown stopped=true", "end@12")), m.logs());
        assertEquals(12, stats.endTime());
    }

    @Test
    void aStopTimeBeyondTheNextInstantWindsDownAtTheLastInstant() throws Exception {
        Model m = new Model(1);
        m.schedule(0, windDown("a"), 10);
        m.schedule(0, note("b"), 20);
        KernelControl control = m.kernel.control();
        control.pauseAt(15);
        CompletableFuture<KernelStats> run = m.start();
        control.awaitPause().orElseThrow();
        // Winding down at 500 would skip the message due at 20 as if time had passed it.
        control.stop(500);
        assertEquals(10, await(run).endTime());
        assertEquals(List.of("10,0:a", "10,1:winddown stopped=true", "end@10"), m.logs().get(0));
    }

    @Test
    void aStopAtTheTimeOfAMessageInjectedInTheSamePauseWindsDownThereWithoutDeliveringIt() throws Exception {
        // As a console's run until 15, inject at 15, quit: the run ends at 15 as one stopped there by
        // until, the injected message (like any other due then) never delivered.
        Model m = new Model(1);
        m.schedule(0, windDown("a"), 10);
        m.schedule(0, note("b"), 20);
        KernelControl control = m.kernel.control();
        control.pauseAt(15);
        CompletableFuture<KernelStats> run = m.start();
        control.awaitPause().orElseThrow();
        m.inject(0, note("x"), 15);
        control.stop(15);
        assertEquals(15, await(run).endTime());
        assertEquals(List.of("10,0:a", "15,1:winddown stopped=true", "end@15"), m.logs().get(0));
    }

    @Test
    void aComponentThatEndsTheSimulationEndsItAfterItsInstantDespiteAFarMessage() throws Exception {
        // Component 0 keeps a message pending a million seconds ahead (a failure process that would
        // go on forever) and ends the run; the zero-latency send of the same instant is still handled.
        Model m = new Model(2);
        Note last = new Note("a", true, true, List.of(send(0, 1_000_000_000_000L, note("far")),
                send(1, 0, note("same-instant"))));
        m.schedule(0, last, 10);
        m.schedule(1, note("later"), 11);
        KernelStats stats = await(m.start());
        assertEquals(Map.of(
                0, List.of("10,0:a", "10,2:winddown stopped=false", "end@10"),
                1, List.of("10,1:same-instant", "end@10")), m.logs());
        assertEquals(10, stats.endTime());
    }

    @Test
    void aComponentThatStopsTheRunGetsStoppedWindDownCallsAfterItsInstant() throws Exception {
        // As a stop from outside, but asked by a component (an external scheduler that died): the
        // instant settles, every wind-down call says stopped, and the far message is never handled.
        Model m = new Model(2);
        Note halt = new Note(HALT, true, false, List.of(send(0, 1_000_000_000_000L, note("far")),
                send(1, 0, windDown("same-instant"))));
        m.schedule(0, halt, 10);
        m.schedule(1, note("later"), 11);
        KernelStats stats = await(m.start());
        assertEquals(Map.of(
                0, List.of("10,0:halt", "10,2:winddown stopped=true", "end@10"),
                1, List.of("10,1:same-instant", "10,2:winddown stopped=true", "end@10")), m.logs());
        assertEquals(10, stats.endTime());
    }

    @Test
    void withNothingPendingWindDownIsCalledOnceAndItsZeroLatencySendsAreHandledBeforeTheEnd() throws Exception {
        // Component 0's wind-down sends component 1 a note now (handled) and one 5 us later (never
        // handled: nothing after the wind-down advances time). The note asks for another wind-down
        // call, which must not come: wind-down happens once per run.
        Model m = new Model(2, Map.of(0, List.of(send(1, 0, windDown("bye")), send(1, 5, note("too late")))));
        m.schedule(1, windDown("b"), 5);
        m.schedule(0, windDown("a"), 10);
        KernelStats stats = await(m.start());
        assertEquals(Map.of(
                0, List.of("10,0:a", "10,1:winddown stopped=false", "end@10"),
                1, List.of("5,0:b", "10,1:winddown stopped=false", "10,2:bye", "end@10")), m.logs());
        assertEquals(10, stats.endTime());
    }
}
