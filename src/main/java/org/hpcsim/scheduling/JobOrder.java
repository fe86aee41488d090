package org.hpcsim.scheduling;

import java.util.Comparator;
import org.hpcsim.workload.Job;

/**
 * Queue orders. Every order ends with (submit time, job id, trace position), so no two jobs compare
 * equal. Sizes are requested processors; lengths are estimates (what the scheduler knows).
 */
public enum JobOrder implements QueueOrder {
    FIFO("fifo", "submit time, then job id", null),
    SMALLFIRST("smallfirst", "fewest requested processors first", Comparator.comparingInt(Job::procs)),
    LARGEFIRST("largefirst", "most requested processors first", Comparator.comparingInt(Job::procs).reversed()),
    SHORTFIRST("shortfirst", "shortest estimate first", Comparator.comparingLong(Job::estimate)),
    LONGFIRST("longfirst", "longest estimate first", Comparator.comparingLong(Job::estimate).reversed()),
    CPLANT("cplant", "Cplant's queue (Leung et al.): fewest requested processors, then shortest requested time",
            Comparator.comparingInt(Job::procs).thenComparingLong(Job::estimate));

    private final String key;
    private final String description;
    private final Comparator<Job> comparator;

    JobOrder(String key, String description, Comparator<Job> primary) {
        this.key = key;
        this.description = description;
        this.comparator = primary == null ? ARRIVAL : primary.thenComparing(ARRIVAL);
    }

    public String key() {
        return key;
    }

    public String description() {
        return description;
    }

    @Override
    public Comparator<Job> comparator() {
        return comparator;
    }

    /** Looks an order up by its registry name. */
    public static JobOrder named(String name) {
        for (JobOrder o : values()) {
            if (o.key.equals(name)) {
                return o;
            }
        }
        StringBuilder known = new StringBuilder();
        for (JobOrder o : values()) {
            known.append(known.length() == 0 ? "" : ", ").append(o.key);
        }
        throw new IllegalArgumentException("unknown queue order '" + name + "' (known: " + known + ")");
    }
}
