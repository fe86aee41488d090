package org.hpcsim.scheduling;

import java.util.TreeSet;
import org.hpcsim.workload.Job;

/** Base of the policies that keep one ordered queue. */
abstract class QueuedPolicy implements SchedulingPolicy {
    protected final TreeSet<Job> queue;

    protected QueuedPolicy(QueueOrder order) {
        this.queue = new TreeSet<>(order.comparator());
    }

    @Override
    public void enqueue(Job job) {
        queue.add(job);
    }

    @Override
    public int queueLength() {
        return queue.size();
    }

    @Override
    public java.util.List<Job> queued() {
        return java.util.List.copyOf(queue);
    }

    /** Starts jobs from the head while the allocator can place them; returns whether the queue emptied. */
    protected boolean startFromHead(SchedulingContext context) {
        while (!queue.isEmpty()) {
            if (!context.tryStart(queue.first())) {
                return false;
            }
            queue.pollFirst();
        }
        return true;
    }
}
