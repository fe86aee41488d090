package org.hpcsim.kernel.pekko;


import java.util.Arrays;
import java.util.List;
import org.hpcsim.kernel.ComponentFailure;
import org.hpcsim.kernel.KernelControl;
import org.hpcsim.kernel.Resume;

/** What the root {@link Coordinator} hears, from the partition managers and from a run's {@link KernelControl}. */
sealed interface CoordinatorCommand permits CoordinatorCommand.Start, CoordinatorCommand.RoundDone,
        CoordinatorCommand.EndDone, CoordinatorCommand.Resumed {

    /** Kernel bootstrap -> Coordinator: begin. */
    record Start() implements CoordinatorCommand {
    }

    /**
     * PartitionManager -> Coordinator: the round (or injection) is done there. {@code mergedFrom}
     * names the sender partition of each inbound batch merged since its previous report, one entry
     * per batch; {@code nextRound}, {@code nextTime} and {@code wantsEndOfInstant} describe what is
     * pending there; {@code stop}: a component asked to end the run, {@code halt}: to stop it as from
     * outside; {@code sent} lists the batches it forwarded to others, in the order sent;
     * {@code failure} is the failure of its lowest-numbered component that threw, if any.
     */
    record RoundDone(int partition, int[] mergedFrom, boolean nextRound, long nextTime, boolean wantsEndOfInstant,
                     boolean stop, boolean halt, List<SentBatch> sent, long events, ComponentFailure failure)
            implements CoordinatorCommand {
        @Override
        public String toString() {
            return "RoundDone[partition=" + partition + ", mergedFrom=" + Arrays.toString(mergedFrom) + ", nextRound="
                    + nextRound + ", nextTime=" + nextTime + ", wantsEndOfInstant=" + wantsEndOfInstant + ", stop=" + stop
                    + ", halt=" + halt                    + ", sent=" + sent + ", events=" + events + ", failure=" + failure + "]";
        }
    }

    /** A batch a partition sent to another one during a round, as reported to the coordinator. */
    record SentBatch(int partition, boolean nextRound, long minTime) {
    }

    /** PartitionManager -> Coordinator: every component of the partition has finished. */
    record EndDone(int partition, long messages, long events, long activations, long actorMessages,
                   ComponentFailure failure) implements CoordinatorCommand {
    }

    /** KernelControl -> Coordinator, while paused: go on (or stop) as {@code resume} says. */
    record Resumed(Resume resume) implements CoordinatorCommand {
    }
}
