package org.hpcsim.sim;

import java.util.List;

/**
 * What a live view shows of a run at one moment, read between instants (nothing runs then): every
 * node's state and job, the queue's head, the running jobs, the room and the links, the latest events.
 * Immutable once made; the view serializes it on its own threads.
 *
 * @param state      {@code paused}, {@code running} or {@code ended}
 * @param clock      the simulated time shown: every instant before it has been simulated
 * @param next       the next instant due, {@link org.hpcsim.time.SimTime#NEVER} if none (or unknown while running)
 * @param nodeState  per node: {@link #FREE}, {@link #BUSY}, {@link #DOWN} or {@link #DRAINED}
 * @param nodeJob    per node: the id of the job it runs, or -1
 * @param queueWork  the queued jobs' work, node-hours of their estimates
 * @param ended      jobs recorded so far (jobs.csv rows)
 * @param queue      the queue's first jobs, in queue order
 * @param running    the running jobs, the first of them
 * @param room       the room's last sample, or null without a modelled room
 * @param linkLoads  each link's load under the links model, else empty
 * @param events     the latest events, oldest first
 */
public record LiveFrame(String state, long clock, long next, int[] nodeState, long[] nodeJob, int queued,
                        double queueWork, int runningCount, int busy, int down, int drained, int ended,
                        List<QueuedJob> queue, List<RunningJob> running, RoomState room, long[] linkLoads,
                        List<Event> events) {
    public static final int FREE = 0;
    public static final int BUSY = 1;
    public static final int DOWN = 2;
    public static final int DRAINED = 3;

    /** A queued job: its id, nodes, estimate and arrival (microseconds). */
    public record QueuedJob(long id, int nodes, long estimate, long arrival) {
    }

    /** A running job: its id, nodes, start and the end its estimate gives (microseconds). */
    public record RunningJob(long id, int nodes, long start, long estimatedEnd) {
    }

    /**
     * The room's last sample: IT and cooling power (W), the coldest working supply (C, NaN: none), the
     * hottest delivered inlet and its node, the redline, the CRAC units and those down, every node's inlet.
     */
    public record RoomState(double itPower, double coolingPower, double supply, double hottest, int hottestNode,
                            double redline, int units, int[] unitsDown, double[] inlets) {
    }

    /** An events.csv row: when, what, on what, what it did, why. */
    public record Event(long time, String event, String target, String effect, String cause) {
    }
}
