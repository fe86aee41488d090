package org.hpcsim.workload;

import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.hpcsim.kernel.Address;
import org.hpcsim.kernel.ComponentActor;
import org.hpcsim.kernel.ComponentSetup;
import org.hpcsim.kernel.KernelCommand;
import org.hpcsim.scheduling.SchedulerActor;

/**
 * Streams the trace into the simulation: each time it wakes it sends the next batch of jobs to the
 * scheduler, each with a latency that makes it arrive at its arrival time, and wakes again when the
 * last of them arrives. A batch never splits the jobs of one instant, so the next batch always lies
 * strictly in the future. At most one batch is in flight: memory stays bounded on any trace size.
 * With the last job it tells the scheduler that the trace has ended.
 */
public final class TraceFeeder extends ComponentActor<TraceFeeder.Command> {

    /** Messages the feeder accepts. */
    public sealed interface Command {
    }

    /** Kernel (first) or TraceFeeder -> itself: send the next batch. */
    public record Feed() implements Command {
    }

    private final JobStream jobs;
    private final Address<SchedulerActor.Command> scheduler;
    private final Address<Command> self;
    private final int batch;

    private TraceFeeder(ActorContext<KernelCommand> context, ComponentSetup setup, JobStream jobs,
                        Address<SchedulerActor.Command> scheduler, int batch) {
        super(context, setup);
        this.jobs = jobs;
        this.scheduler = scheduler;
        this.self = new Address<>(setup.id());
        this.batch = batch;
    }

    public static Behavior<KernelCommand> create(ComponentSetup setup, JobStream jobs,
                                                 Address<SchedulerActor.Command> scheduler, int batch) {
        return Behaviors.setup(ctx -> new TraceFeeder(ctx, setup, jobs, scheduler, batch));
    }

    @Override
    protected void onMessage(Command message) {
        int sent = 0;
        long last = now();
        Job next;
        while ((next = jobs.peek()) != null) {
            if (sent >= batch && next.arrival() != last) {
                break;
            }
            jobs.next();
            long at = Math.max(next.arrival(), now());
            send(scheduler, new SchedulerActor.JobArrived(next), at - now());
            last = at;
            sent++;
        }
        if (next != null) {
            send(self, new Feed(), last - now());
        } else if (sent > 0) {
            send(scheduler, new SchedulerActor.TraceEnded(), last - now());
        }
    }

    @Override
    protected void onSimulationEnd() {
        jobs.close();
    }
}
