package org.hpcsim.feeder;

import static org.hpcsim.kernel.ComponentType.param;

import org.hpcsim.protocol.FeederProtocol;
import org.hpcsim.protocol.SchedulerProtocol;
import java.util.ArrayList;
import java.util.List;
import org.hpcsim.kernel.Address;
import org.hpcsim.kernel.Component;
import org.hpcsim.kernel.ComponentType;
import org.hpcsim.kernel.Context;
import org.hpcsim.kernel.Port;
import org.hpcsim.kernel.Ports;
import org.hpcsim.kernel.UnhandledMessage;
import org.hpcsim.workload.Job;
import org.hpcsim.workload.JobStream;

/**
 * Streams the trace into the simulation: each time it wakes it sends the next batch of jobs to the
 * scheduler, each with a latency that makes it arrive at its arrival time, and wakes again when the
 * last of them arrives. A batch never splits the jobs of one instant, so the next batch always lies
 * strictly in the future. At most one batch is in flight: memory stays bounded on any trace size.
 * With the last job it tells the scheduler that the trace has ended. When the run is stopped early
 * (a console's quit, an interrupt) it hands the scheduler every job not yet submitted, to record, so that
 * jobs.csv still has one row per trace job.
 */
public final class TraceFeeder implements Component<FeederProtocol> {

    /** Where jobs go as they arrive. */
    public static final Port<SchedulerProtocol> SCHEDULER = Port.one("scheduler", SchedulerProtocol.class,
            "each job at its arrival time, then the trace's end; at a stop, the jobs never submitted");
    /** The trace feeder: receives {@link FeederProtocol.Feed} from the kernel and from itself. */
    public static final ComponentType<FeederProtocol> TYPE = ComponentType.of("feeder", FeederProtocol.class,
            "Streams the trace into the run a batch at a time (memory bounded on any trace size), each job due at"
                    + " its arrival", SCHEDULER).withParameters(
                    param("trace", "the workload"),
                    param("kernel.feeder-batch", "jobs per wake-up")).asSource();

    private final JobStream jobs;
    private final Address<SchedulerProtocol> scheduler;
    private final Address<FeederProtocol> self;
    private final int batch;
    /** Jobs arriving before this are taken from the stream but not sent (a window's guessed start). */
    private final long skipBefore;
    /** The batch sent last, and when: its jobs that were due after a stop were never submitted. */
    private final List<Job> inFlight = new ArrayList<>();
    private long sentAt;

    /** @param batch jobs per message at least (all jobs of the last arrival time go together) */
    public TraceFeeder(Ports ports, JobStream jobs, int batch) {
        this(ports, jobs, batch, Long.MIN_VALUE);
    }

    /**
     * As {@link #TraceFeeder(Ports, JobStream, int)}, for a time-parallel window that starts with an
     * empty machine: jobs arriving before {@code skipBefore} count towards their batch, so batches and
     * wake-ups are those of the whole run, but are not sent.
     */
    public TraceFeeder(Ports ports, JobStream jobs, int batch, long skipBefore) {
        this.skipBefore = skipBefore;
        this.jobs = jobs;
        this.scheduler = ports.to(SCHEDULER);
        this.self = ports.self();
        this.batch = batch;
    }

    @Override
    public void onMessage(FeederProtocol message, Context ctx) {
        if (!(message instanceof FeederProtocol.Feed)) {
            throw new UnhandledMessage(message);
        }
        ctx.requestWindDownCall();
        inFlight.clear();
        sentAt = ctx.now();
        int sent = 0;
        long last = ctx.now();
        Job next;
        while ((next = jobs.peek()) != null) {
            if (sent >= batch && next.arrival() != last) {
                break;
            }
            jobs.next();
            long at = Math.max(next.arrival(), ctx.now());
            if (next.arrival() >= skipBefore) {
                ctx.send(scheduler, new SchedulerProtocol.JobArrived(next), at - ctx.now());
                inFlight.add(next);
            }
            last = at;
            sent++;
        }
        if (next != null) {
            ctx.send(self, new FeederProtocol.Feed(), last - ctx.now());
        } else if (sent > 0) {
            ctx.send(scheduler, new SchedulerProtocol.TraceEnded(), last - ctx.now());
        }
    }

    /** Where a feeder of the whole run stands when it wakes at {@code wake}: the position of its next batch. */
    public record Start(int position, long wake) {
    }

    /**
     * The last wake-up of a whole run's feeder (first woken at 0, {@code batch} jobs a batch) before
     * {@code time}: a feeder started there, at that position, sends the batches the whole run's does.
     */
    public static Start lastWakeBefore(java.util.List<Job> jobs, int batch, long time) {
        Start found = new Start(0, 0);
        int position = 0;
        long wake = 0;
        int n = jobs.size();
        while (position < n && wake < time) {
            found = new Start(position, wake);
            long last = wake;
            int sent = 0;
            while (position < n) {
                Job next = jobs.get(position);
                if (sent >= batch && next.arrival() != last) {
                    break;
                }
                last = Math.max(next.arrival(), wake);
                sent++;
                position++;
            }
            wake = last;
        }
        return found;
    }

    /** Stopped early: the jobs whose arrival lies after now were never submitted. */
    @Override
    public void onWindDown(boolean stopped, Context ctx) {
        if (!stopped) {
            return;
        }
        List<Job> never = new ArrayList<>();
        for (Job j : inFlight) {
            // Due after the last instant run: never delivered (a stop at a time not reached runs no instant there).
            if (Math.max(j.arrival(), sentAt) > ctx.lastInstant()) {
                never.add(j);
            }
        }
        inFlight.clear();
        Job j;
        while ((j = jobs.next()) != null) {
            never.add(j);
            if (never.size() == NOT_SUBMITTED_CHUNK) {
                ctx.send(scheduler, new SchedulerProtocol.NotSubmitted(never), 0);
                never = new ArrayList<>();
            }
        }
        if (!never.isEmpty()) {
            ctx.send(scheduler, new SchedulerProtocol.NotSubmitted(never), 0);
        }
    }

    /** Jobs per message when handing over the ones never submitted (bounded messages on any trace). */
    private static final int NOT_SUBMITTED_CHUNK = 4096;

    @Override
    public void onSimulationEnd(Context context) {
        jobs.close();
    }
}
