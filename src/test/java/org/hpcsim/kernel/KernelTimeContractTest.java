package org.hpcsim.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.hpcsim.kernel.ScriptedModel.EoiReply;
import org.hpcsim.kernel.ScriptedModel.Note;
import org.hpcsim.kernel.ScriptedModel.Send;
import org.hpcsim.testing.TestRuntime;
import org.junit.jupiter.api.Test;

/** The rules of the kernel's time contract (DESIGN.md), one test each. */
class KernelTimeContractTest {

    private static List<String> run(int components, KernelSettings settings, EoiReply reply, int replier,
                                    Object... seeds) {
        ScriptedModel model = new ScriptedModel();
        scripted(model, settings, components, reply, replier, seeds).run(TestRuntime.get());
        List<String> pekko = List.copyOf(model.log);
        // The same script under the sequential executor (the oracle) must log the same, line for line.
        ScriptedModel sequential = new ScriptedModel();
        scripted(sequential, settings, components, reply, replier, seeds).runSequential();
        assertEquals(byRound(pekko), byRound(sequential.log), "the sequential executor disagrees");
        return pekko;
    }

    /** A kernel with the scripted model's components and the seed messages (component, note, time triples). */
    private static TestKernel scripted(ScriptedModel model, KernelSettings settings, int components, EoiReply reply,
                                       int replier, Object... seeds) {
        TestKernel kernel = new TestKernel(settings);
        model.build(kernel, components, reply, replier);
        for (int i = 0; i < seeds.length; i += 3) {
            kernel.schedule(new Address<Note>((Integer) seeds[i]), (Note) seeds[i + 1], (Long) seeds[i + 2]);
        }
        return kernel;
    }

    /**
     * The log's lines per (time, round), each round's lines sorted: the contract fixes what each
     * component handles and in which order, not how different components of one round interleave in
     * the shared log.
     */
    private static List<List<String>> byRound(List<String> log) {
        List<List<String>> rounds = new java.util.ArrayList<>();
        String key = null;
        for (String line : log) {
            String k = line.substring(0, line.indexOf(':'));
            if (!k.equals(key)) {
                rounds.add(new java.util.ArrayList<>());
                key = k;
            }
            rounds.get(rounds.size() - 1).add(line);
        }
        rounds.forEach(java.util.Collections::sort);
        return rounds;
    }

    private static KernelSettings settings(int threads, int partitions) {
        return new KernelSettings(threads, partitions, 100, 1, 0);
    }

    @Test
    void zeroLatencyGoesToTheNextRoundAndLatencyToRoundZeroOfALaterInstant() {
        Note chain = new Note("a", new Send(1, 0, new Note("b", new Send(0, 5, new Note("c")))));
        List<String> log = run(2, settings(1, 2), null, -1, 0, chain, 10L);
        assertEquals(List.of("10,0:a", "10,1:b", "15,0:c"), log);
    }

    @Test
    void messagesOfOneRoundAreHandledBySenderIdThenSequenceWhateverTheSendOrder() {
        // Components 3, 1 and 2 are woken in round 0 and each send two notes to component 0.
        Note from3 = new Note("w3", new Send(0, 0, new Note("3a")), new Send(0, 0, new Note("3b")));
        Note from1 = new Note("w1", new Send(0, 0, new Note("1a")), new Send(0, 0, new Note("1b")));
        Note from2 = new Note("w2", new Send(0, 0, new Note("2a")), new Send(0, 0, new Note("2b")));
        for (KernelSettings s : List.of(settings(1, 1), settings(2, 3), new KernelSettings(2, 4, 1, 1, 77))) {
            List<String> log = run(4, s, null, -1, 3, from3, 0L, 1, from1, 0L, 2, from2, 0L);
            assertEquals(List.of("0,1:1a", "0,1:1b", "0,1:2a", "0,1:2b", "0,1:3a", "0,1:3b"),
                    log.subList(3, 9), "with " + s);
        }
    }

    @Test
    void endOfInstantComesAfterEveryRoundOfTheInstantAndRepeatsWhenNewMessagesArrive() {
        Note wantsEoi = new Note("x", true, List.of(new Send(1, 0, new Note("y", true, List.of()))));
        // Component 1 answers its first end-of-instant call with a note to component 0, which asks again.
        EoiReply reply = new EoiReply(0, new Note("z", true, List.of()));
        List<String> log = run(2, settings(1, 2), reply, 1, 0, wantsEoi, 7L, 0, new Note("later"), 9L);
        assertEquals(List.of(
                "7,0:x",
                "7,1:y",
                "7,2:eoi@0 saw 1",
                "7,2:eoi@1 saw 1",
                "7,3:z",
                "7,4:eoi@0 saw 2",
                "9,0:later"), sortedWithinRounds(log));
    }

    /** End-of-instant calls of one round run in parallel; order them for comparison. */
    private static List<String> sortedWithinRounds(List<String> log) {
        java.util.List<String> out = new java.util.ArrayList<>(log);
        java.util.Collections.sort(out.subList(2, 4));
        return out;
    }

    @Test
    void idleGapsAreSkippedSoOnlyInstantsWithMessagesCount() {
        TestKernel kernel = new TestKernel(settings(1, 1));
        new ScriptedModel().build(kernel, 1, null, -1);
        kernel.schedule(new Address<>(0), new Note("a"), 1_000_000_000L);
        kernel.schedule(new Address<>(0), new Note("b"), 5_000_000_000_000L);
        KernelStats stats = kernel.run(TestRuntime.get());
        assertEquals(2, stats.instants());
        assertEquals(5_000_000_000_000L, stats.endTime());
    }

    @Test
    void aComponentThatThrowsStopsTheRunWithItsNameAndTime() {
        TestKernel kernel = new TestKernel(settings(2, 2));
        kernel.add(0, "thrower", ports -> new TestComponent<Note>() {
            @Override
            protected void onMessage(Note message) {
                throw new IllegalStateException("boom");
            }
        });
        kernel.schedule(new Address<Note>(0), new Note("x"), 3_000_000L);
        ComponentFailure f = assertThrows(ComponentFailure.class, () -> kernel.run(TestRuntime.get()));
        assertTrue(f.getMessage().contains("thrower-0") && f.getMessage().contains("t=3s"), f.getMessage());
        assertInstanceOf(IllegalStateException.class, f.getCause());
    }

    @Test
    void aMessageToAnUnknownComponentFailsTheRun() {
        Note bad = new Note("a", new Send(9, 0, new Note("lost")));
        assertThrows(ComponentFailure.class, () -> run(2, settings(1, 1), null, -1, 0, bad, 0L));
    }

    @Test
    void randomStreamsDependOnSeedAndComponentIdOnly() {
        long a = RandomStreams.forComponent(42, 7).nextLong();
        assertEquals(a, RandomStreams.forComponent(42, 7).nextLong());
        assertTrue(a != RandomStreams.forComponent(42, 8).nextLong());
        assertTrue(a != RandomStreams.forComponent(43, 7).nextLong());
    }
}
