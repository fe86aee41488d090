package org.hpcsim.kernel.pekko;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;
import org.hpcsim.kernel.ComponentFailure;
import org.hpcsim.kernel.KernelFailure;
import org.hpcsim.kernel.KernelStats;
import org.hpcsim.kernel.KernelProgress;
import org.hpcsim.time.SimTime;

/** The coordinator's rules, driven message by message without Pekko. */
class CoordinatorLogicTest {
    private static final long NEVER = SimTime.NEVER;
    private static final int[] NONE = {};

    private final List<String> told = new ArrayList<>();
    private final CompletableFuture<KernelStats> result = new CompletableFuture<>();

    private CoordinatorLogic coordinator(long... initialNext) {
        return new CoordinatorLogic(initialNext.length, initialNext, 0, result, new KernelProgress(), null,
                (p, command) -> told.add(p + " <- " + command));
    }

    private static CoordinatorCommand.RoundDone done(int partition, int[] mergedFrom, boolean nextRound,
                                                     long nextTime, CoordinatorCommand.SentBatch... sent) {
        return new CoordinatorCommand.RoundDone(partition, mergedFrom, nextRound, nextTime, false, false, false,
                List.of(sent), 1, null);
    }

    private static CoordinatorCommand.RoundDone failed(int partition, int component) {
        return new CoordinatorCommand.RoundDone(partition, NONE, false, NEVER, false, false, false, List.of(), 1,
                new ComponentFailure(component, "c-" + component, 0, 0, "handling x", new IllegalStateException()));
    }

    private List<String> takeTold() {
        List<String> t = List.copyOf(told);
        told.clear();
        return t;
    }

    @Test
    void aBatchCountsAsMergedOnlyOnceItsOwnSenderIsReportedMergedWhicheverReportComesFirst() {
        // The race that stranded messages: A (partition 0) and C (2) each send B (1) a batch in round
        // (0, 0); C's holds a message for round (0, 1), A's one for t = 5. A's batch reaches B before
        // A's report reaches the coordinator, so B reports one merge before the coordinator has heard
        // of any batch from A, and C's report comes first. Counted in total, B's one merge retired C's
        // batch: B was never told to run round 1, and C's message stayed stranded.
        CoordinatorLogic c = coordinator(0, 0, 0);
        c.handle(new CoordinatorCommand.Start());
        assertEquals(List.of("0 <- RunRound[time=0, round=0, expected=[]]", "1 <- RunRound[time=0, round=0, expected=[]]",
                "2 <- RunRound[time=0, round=0, expected=[]]"), takeTold());
        c.handle(done(2, NONE, false, NEVER, new CoordinatorCommand.SentBatch(1, true, NEVER)));
        c.handle(done(1, new int[] {0}, false, 5));
        c.handle(done(0, NONE, false, NEVER, new CoordinatorCommand.SentBatch(1, false, 5)));
        assertEquals(List.of("1 <- RunRound[time=0, round=1, expected=[2, 1]]"), takeTold(),
                "B runs round 1 once it has C's first batch; A's batch is already merged");
        c.handle(done(1, new int[] {2}, false, 5));
        assertEquals(List.of("1 <- RunRound[time=5, round=0, expected=[]]"), takeTold(),
                "then t = 5, where A's message is, with nothing left to wait for");
        c.handle(done(1, NONE, false, NEVER));
        assertEquals(List.of("0 <- RunWindDown[time=5, round=1, stopped=false, expected=[]]",
                "1 <- RunWindDown[time=5, round=1, stopped=false, expected=[]]",
                "2 <- RunWindDown[time=5, round=1, stopped=false, expected=[]]"), takeTold(), "nothing is left anywhere");
    }

    @Test
    void aFailureEndsTheRunOnceItsRoundHasSettledWithTheLowestComponentIdOfTheRound() throws Exception {
        CoordinatorLogic c = coordinator(0, 0);
        c.handle(new CoordinatorCommand.Start());
        c.handle(failed(1, 7));
        assertFalse(result.isDone(), "partition 0 is still running the round");
        c.handle(failed(0, 4));
        ExecutionException e = assertThrows(ExecutionException.class, result::get);
        assertEquals(4, ((ComponentFailure) e.getCause()).componentId());
    }

    @Test
    void aReportFromAPartitionThatWasNotToldToActIsAKernelFailureNamingTheState() {
        CoordinatorLogic c = coordinator(0, NEVER);
        c.handle(new CoordinatorCommand.Start());
        assertEquals(List.of("0 <- RunRound[time=0, round=0, expected=[]]"), takeTold());
        KernelFailure f = assertThrows(KernelFailure.class, () -> c.handle(done(1, NONE, false, NEVER)));
        assertTrue(f.getMessage().startsWith("coordinator got RoundDone[partition=1"), f.getMessage());
        assertTrue(f.getMessage().contains("which it had not told to act; its state: at (0, 0), awaiting 1 reports"),
                f.getMessage());
    }

    @Test
    void theRunEndsWithTheWindDownThenTheEndWhenNothingIsPending() throws Exception {
        CoordinatorLogic c = coordinator(3);
        c.handle(new CoordinatorCommand.Start());
        c.handle(done(0, NONE, false, NEVER));
        assertEquals(List.of("0 <- RunRound[time=3, round=0, expected=[]]",
                "0 <- RunWindDown[time=3, round=1, stopped=false, expected=[]]"), takeTold());
        c.handle(done(0, NONE, false, NEVER));
        assertEquals(List.of("0 <- RunEnd[time=3, stopped=false, expected=[]]"), takeTold());
        c.handle(new CoordinatorCommand.EndDone(0, 1, 1, 2, 4, null));
        assertEquals(3, result.get().endTime());
        assertEquals(1, result.get().instants());
    }
}
