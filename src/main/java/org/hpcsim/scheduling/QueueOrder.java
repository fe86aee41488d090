package org.hpcsim.scheduling;

import java.util.Comparator;
import org.hpcsim.workload.Job;

/**
 * The order of a scheduler's queue: a total order on jobs. The built-in orders are {@link JobOrder}'s;
 * {@link #of} makes one from any comparator (a plugin's), so that every order ends with the same
 * tie-break and no two jobs compare equal (a queue is a sorted set: two equal jobs would be one).
 */
public interface QueueOrder {

    /** Arrival, then job id, then trace position: the tie-break every order ends with. */
    Comparator<Job> ARRIVAL = Comparator.comparingLong(Job::arrival).thenComparingLong(Job::id)
            .thenComparingInt(Job::index);

    /** The order as a comparator; no two jobs of one trace compare equal. */
    Comparator<Job> comparator();

    /** The order {@code primary} gives, ties broken by {@link #ARRIVAL}. */
    static QueueOrder of(Comparator<Job> primary) {
        Comparator<Job> total = primary.thenComparing(ARRIVAL);
        return () -> total;
    }
}
