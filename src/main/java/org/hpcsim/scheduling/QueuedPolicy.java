package org.hpcsim.scheduling;

import java.util.List;
import org.hpcsim.workload.Job;

/** Base of the policies that keep one ordered queue. */
abstract class QueuedPolicy implements SchedulingPolicy {
    protected final JobQueue queue;

    protected QueuedPolicy(QueueOrder order) {
        this.queue = new JobQueue(order.comparator());
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
    public List<Job> queued() {
        return List.copyOf(queue.view());
    }

    /**
     * Writes the queue, in order (its layout, holes and blocks, only speeds up reading it): the whole
     * state of a policy that keeps nothing else. Each such policy says so by overriding
     * {@link SchedulingPolicy#writeState} with this; a subclass with state of its own does not inherit it.
     */
    protected final void writeQueue(org.hpcsim.kernel.StateDigest out) {
        List<Job> jobs = queue.view();
        out.add(jobs.size());
        for (int i = 0, n = jobs.size(); i < n; i++) {
            jobs.get(i).writeKey(out);
        }
    }

    /** The job at the head of the queue, or null when none waits. */
    Job head() {
        return queue.isEmpty() ? null : queue.first();
    }

    /** Closes the queue's holes when they are many (between passes: it renumbers the slots). */
    protected void tidy() {
        if (queue.sparse()) {
            queue.compact();
        }
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
