package org.hpcsim.scheduling;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import org.hpcsim.time.SimTime;
import org.hpcsim.workload.Job;
import org.junit.jupiter.api.Test;

/** The slot queue against a sorted set, under random additions, removals and compactions. */
class JobQueueTest {

    private static Job job(int index, long submit, int nodes, long estimate) {
        return new Job(index, index + 1, index + 1, SimTime.seconds(submit), SimTime.seconds(submit),
                SimTime.seconds(estimate), SimTime.seconds(estimate), nodes, nodes, null, null, null);
    }

    @Test
    void keepsQueueOrderAndFindsTheCandidatesAScanWouldFind() {
        for (JobOrder order : JobOrder.values()) {
            Random random = new Random(order.ordinal());
            JobQueue queue = new JobQueue(order.comparator());
            TreeSet<Job> expected = new TreeSet<>(order.comparator());
            for (int step = 0; step < 4000; step++) {
                int op = random.nextInt(10);
                if (op < 5 || expected.isEmpty()) {
                    Job j = job(step, random.nextInt(1000), 1 + random.nextInt(128), random.nextInt(5000));
                    queue.add(j);
                    expected.add(j);
                } else if (op < 8) {
                    List<Job> all = new ArrayList<>(expected);
                    Job j = all.get(random.nextInt(all.size()));
                    queue.remove(queue.slotOf(j));
                    expected.remove(j);
                } else if (op == 8) {
                    assertEquals(expected.first(), queue.pollFirst());
                    expected.pollFirst();
                } else if (queue.sparse()) {
                    queue.compact();
                }
                assertEquals(expected.size(), queue.size());
                assertEquals(List.copyOf(expected), List.copyOf(queue.view()));
                int free = random.nextInt(130);
                int extra = random.nextInt(free + 1);
                long longest = SimTime.seconds(random.nextInt(5000));
                List<Job> scan = new ArrayList<>();
                for (Job j : expected) {
                    if (j.nodes() <= free && (j.nodes() <= extra || j.estimate() <= longest)) {
                        scan.add(j);
                    }
                }
                List<Job> found = new ArrayList<>();
                for (int s = queue.nextCandidate(-1, free, extra, longest); s >= 0;
                        s = queue.nextCandidate(s, free, extra, longest)) {
                    found.add(queue.job(s));
                }
                assertEquals(scan, found, order.key() + ", step " + step);
            }
        }
    }
}
