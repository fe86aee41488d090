package org.hpcsim.external;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;

/**
 * Schedulers as a researcher writes them for pybatsim, each deciding once per message (in
 * {@code onNoMoreEvents}) and allocating the lowest free node ids: the policies of hpcsim's built-in
 * {@code fcfs} and {@code easy} with {@code sorted-free-list[row-major]}, written from their
 * definitions (not from hpcsim's code).
 */
final class TestSchedulers {
    private TestSchedulers() {
    }

    /** Tracks free and in-service nodes; the queue in submission order; running jobs' expected ends. */
    abstract static class Base extends PybatsimClient.Scheduler {
        final BitSet busy = new BitSet();
        final BitSet unavailable = new BitSet();
        final List<PybatsimClient.Job> queue = new ArrayList<>();
        /** Running jobs with their start, in start order. */
        final List<Running> running = new ArrayList<>();
        int order;

        record Running(PybatsimClient.Job job, double end, int order) {
        }

        @Override
        public void onJobSubmission(PybatsimClient.Job job) {
            queue.add(job);
        }

        @Override
        public void onJobCompletion(PybatsimClient.Job job) {
            for (int node : job.allocation) {
                busy.clear(node);
            }
            running.removeIf(r -> r.job() == job);
        }

        @Override
        public void onNotifyEventMachineUnavailable(int[] machines) {
            for (int m : machines) {
                unavailable.set(m);
            }
        }

        @Override
        public void onNotifyEventMachineAvailable(int[] machines) {
            for (int m : machines) {
                unavailable.clear(m);
            }
        }

        int free() {
            BitSet taken = (BitSet) busy.clone();
            taken.or(unavailable);
            return bs.nbResources() - taken.cardinality();
        }

        /** Starts the job on the lowest free ids. */
        void start(PybatsimClient.Job job) {
            int[] alloc = new int[job.requestedResources];
            BitSet taken = (BitSet) busy.clone();
            taken.or(unavailable);
            int node = -1;
            for (int i = 0; i < alloc.length; i++) {
                node = taken.nextClearBit(node + 1);
                alloc[i] = node;
                busy.set(node);
            }
            bs.executeJob(job, alloc);
            running.add(new Running(job, bs.time() + job.requestedTime, order++));
        }

        /** Starts jobs from the head while they fit; returns whether the queue emptied. */
        boolean startFromHead() {
            while (!queue.isEmpty() && queue.get(0).requestedResources <= free()) {
                start(queue.remove(0));
            }
            return queue.isEmpty();
        }
    }

    /** First come, first served: the head blocks the queue. */
    static class Fcfs extends Base {
        @Override
        public void onNoMoreEvents() {
            startFromHead();
        }
    }

    /**
     * EASY backfilling (Lifka): the head reserves the earliest time enough nodes are free by the
     * running jobs' expected ends (start + walltime); a later job may start now if it ends by then, or
     * if it fits in the nodes the head leaves spare at that time.
     */
    static final class Easy extends Base {
        @Override
        public void onNoMoreEvents() {
            if (startFromHead()) {
                return;
            }
            double now = bs.time();
            PybatsimClient.Job head = queue.get(0);
            List<Running> byEnd = new ArrayList<>(running);
            byEnd.sort(Comparator.comparingDouble(Running::end).thenComparingInt(Running::order));
            int available = free();
            double shadow = Double.POSITIVE_INFINITY;
            for (Running r : byEnd) {
                available += r.job().requestedResources;
                if (available >= head.requestedResources) {
                    shadow = Math.max(now, r.end());
                    break;
                }
            }
            int atShadow = free();
            for (Running r : byEnd) {
                if (Math.max(now, r.end()) > shadow) {
                    break;
                }
                atShadow += r.job().requestedResources;
            }
            int extra = atShadow - head.requestedResources;
            Iterator<PybatsimClient.Job> it = queue.iterator();
            it.next();
            while (it.hasNext()) {
                PybatsimClient.Job job = it.next();
                if (job.requestedResources > free()) {
                    continue;
                }
                if (now + job.requestedTime <= shadow) {
                    it.remove();
                    start(job);
                } else if (job.requestedResources <= extra) {
                    it.remove();
                    start(job);
                    extra -= job.requestedResources;
                }
            }
        }
    }
}
