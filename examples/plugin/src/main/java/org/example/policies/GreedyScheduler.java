package org.example.policies;

import java.util.Iterator;
import java.util.List;
import java.util.TreeSet;
import org.hpcsim.scheduling.QueueOrder;
import org.hpcsim.scheduling.SchedulingContext;
import org.hpcsim.scheduling.SchedulingPolicy;
import org.hpcsim.workload.Job;

/** Every queued job the allocator can place starts, in queue order: no job waits for another. */
final class GreedyScheduler implements SchedulingPolicy {
    private final TreeSet<Job> queue;

    GreedyScheduler(QueueOrder order) {
        this.queue = new TreeSet<>(order.comparator());
    }

    @Override
    public void enqueue(Job job) {
        queue.add(job);
    }

    @Override
    public void schedule(SchedulingContext context) {
        for (Iterator<Job> it = queue.iterator(); it.hasNext() && context.freeNodes() > 0; ) {
            if (context.tryStart(it.next())) {
                it.remove();
            }
        }
    }

    @Override
    public int queueLength() {
        return queue.size();
    }

    @Override
    public List<Job> queued() {
        return List.copyOf(queue);
    }
}
