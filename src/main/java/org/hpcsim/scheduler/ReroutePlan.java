package org.hpcsim.scheduler;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.hpcsim.network.NoRouteException;
import org.hpcsim.scheduling.RunningJob;

/**
 * What one link failing or coming back does to the running jobs' routes, decided job by job after the
 * planner has taken the link out of (or back into) routing: a job whose flows the event cannot change
 * is left alone; the others are routed again, and keep their routes, take new ones, or have none left.
 * Plain Java; the scheduler applies each decision (a new flow to the lead, or the attempt's failure)
 * and logs {@link #effect}.
 */
public final class ReroutePlan {

    /** What becomes of one running job. */
    public enum Outcome {
        /** The event cannot change its routes: a failed link it does not cross, or a repair while it was not detoured. */
        UNAFFECTED,
        /** Routed again over the same links with the same weights. */
        UNCHANGED,
        /** Routed again over other links or with other weights. */
        REROUTED,
        /** Two of its nodes can no longer reach each other. */
        NO_ROUTE
    }

    /**
     * A job's decision.
     *
     * @param outcome what becomes of it
     * @param plan    its plan from now on (the old one when unaffected or without a route)
     * @param failure why its attempt fails ({@link Outcome#NO_ROUTE}), else null
     */
    public record Decision(Outcome outcome, NetworkPlanner.Plan plan, String failure) {
    }

    private final NetworkPlanner network;
    private final int a;
    private final int b;
    private final boolean up;
    private final int link;
    private int rerouted;
    private final List<String> lost = new ArrayList<>();

    /**
     * The link {@code a}-{@code b} came back ({@code up}) or failed; {@code network} already routes
     * around (or over) it.
     */
    public ReroutePlan(NetworkPlanner network, int a, int b, boolean up) {
        this.network = network;
        this.a = a;
        this.b = b;
        this.up = up;
        this.link = network.link(a, b);
    }

    /**
     * Decides for the job {@code run} running under {@code plan} (null without a network plan:
     * unaffected); {@code effect} words what its fate makes of a job without a route
     * (e.g. {@code requeued}), for {@link #effect}.
     */
    public Decision decide(RunningJob run, NetworkPlanner.Plan plan, String effect) {
        if (plan == null || (up ? !plan.detoured() : !plan.crosses(link))) {
            return new Decision(Outcome.UNAFFECTED, plan, null);
        }
        NetworkPlanner.Plan next;
        try {
            next = network.replan(run.job(), run.nodes(), plan);
        } catch (NoRouteException ex) {
            lost.add("job " + run.job().id() + " " + effect);
            return new Decision(Outcome.NO_ROUTE, plan, "link " + a + "-" + b + " failed: no route between nodes "
                    + ex.from() + " and " + ex.to());
        }
        boolean same = Arrays.equals(next.links(), plan.links()) && (next.flow() == null
                || Arrays.equals(next.flow().weights(), plan.flow().weights()));
        if (same) {
            return new Decision(Outcome.UNCHANGED, next, null);
        }
        rerouted++;
        return new Decision(Outcome.REROUTED, next, null);
    }

    /** The event's effect for events.csv, once every running job has been decided. */
    public String effect() {
        return (up ? "link up" : "link down " + network.describe(link)) + "; " + rerouted
                + " running job" + (rerouted == 1 ? "" : "s") + " rerouted"
                + (lost.isEmpty() ? "" : "; no route: " + String.join(", ", lost));
    }
}
