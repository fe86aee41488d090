package org.hpcsim.workload;

import org.hpcsim.protocol.FeederProtocol;
import org.hpcsim.protocol.SchedulerProtocol;
import java.util.ArrayList;
import java.util.List;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.hpcsim.kernel.Address;
import org.hpcsim.kernel.ComponentActor;
import org.hpcsim.kernel.ComponentSetup;
import org.hpcsim.kernel.KernelCommand;

/**
 * Streams the trace into the simulation: each time it wakes it sends the next batch of jobs to the
 * scheduler, each with a latency that makes it arrive at its arrival time, and wakes again when the
 * last of them arrives. A batch never splits the jobs of one instant, so the next batch always lies
 * strictly in the future. At most one batch is in flight: memory stays bounded on any trace size.
 * With the last job it tells the scheduler that the trace has ended. When the run is stopped early
 * (a console's quit, an interrupt) it hands the scheduler every job not yet submitted, to record, so that
 * jobs.csv still has one row per trace job.
 */
public final class TraceFeeder extends ComponentActor<FeederProtocol> {


    private final JobStream jobs;
    private final Address<SchedulerProtocol> scheduler;
    private final Address<FeederProtocol> self;
    private final int batch;
    /** The batch sent last, and when: its jobs that were due after a stop were never submitted. */
    private final List<Job> inFlight = new ArrayList<>();
    private long sentAt;

    private TraceFeeder(ActorContext<KernelCommand> context, ComponentSetup setup, JobStream jobs,
                        Address<SchedulerProtocol> scheduler, int batch) {
        super(context, setup);
        this.jobs = jobs;
        this.scheduler = scheduler;
        this.self = new Address<>(setup.id());
        this.batch = batch;
    }

    public static Behavior<KernelCommand> create(ComponentSetup setup, JobStream jobs,
                                                 Address<SchedulerProtocol> scheduler, int batch) {
        return Behaviors.setup(ctx -> new TraceFeeder(ctx, setup, jobs, scheduler, batch));
    }

    @Override
    protected void onMessage(FeederProtocol message) {
        requestWindDownCall();
        inFlight.clear();
        sentAt = now();
        int sent = 0;
        long last = now();
        Job next;
        while ((next = jobs.peek()) != null) {
            if (sent >= batch && next.arrival() != last) {
                break;
            }
            jobs.next();
            long at = Math.max(next.arrival(), now());
            send(scheduler, new SchedulerProtocol.JobArrived(next), at - now());
            inFlight.add(next);
            last = at;
            sent++;
        }
        if (next != null) {
            send(self, new FeederProtocol.Feed(), last - now());
        } else if (sent > 0) {
            send(scheduler, new SchedulerProtocol.TraceEnded(), last - now());
        }
    }

    /** Stopped early: the jobs whose arrival lies after now were never submitted. */
    @Override
    protected void onWindDown(boolean stopped) {
        if (!stopped) {
            return;
        }
        List<Job> never = new ArrayList<>();
        for (Job j : inFlight) {
            if (Math.max(j.arrival(), sentAt) > now()) {
                never.add(j);
            }
        }
        inFlight.clear();
        Job j;
        while ((j = jobs.next()) != null) {
            never.add(j);
            if (never.size() == NOT_SUBMITTED_CHUNK) {
                send(scheduler, new SchedulerProtocol.NotSubmitted(never), 0);
                never = new ArrayList<>();
            }
        }
        if (!never.isEmpty()) {
            send(scheduler, new SchedulerProtocol.NotSubmitted(never), 0);
        }
    }

    /** Jobs per message when handing over the ones never submitted (bounded messages on any trace). */
    private static final int NOT_SUBMITTED_CHUNK = 4096;

    @Override
    protected void onSimulationEnd() {
        jobs.close();
    }
}
