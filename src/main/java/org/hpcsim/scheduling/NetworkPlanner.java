package org.hpcsim.scheduling;

import java.nio.file.Path;
import java.util.SplittableRandom;
import org.hpcsim.config.Scenario.NetworkOptions;
import org.hpcsim.network.CommPattern;
import org.hpcsim.network.DelayFactor;
import org.hpcsim.network.FailedLinks;
import org.hpcsim.network.LinkLoad;
import org.hpcsim.network.LinkMap;
import org.hpcsim.network.NoRouteException;
import org.hpcsim.network.TrafficCalculator;
import org.hpcsim.node.ComputeNodeActor;
import org.hpcsim.topology.GridTopology;
import org.hpcsim.workload.InputException;
import org.hpcsim.workload.Job;

/**
 * What the network model makes of a job at its start: its delay factor tau (Meng et al.; at least
 * 0), its
 * links and flow weights (by its communication pattern and the dimension-order routes), and the
 * run time its nodes are told: the dilated time under {@code distance}, the plain work plus the
 * lead's flow under {@code links}. Plain Java, called by the scheduler.
 */
public final class NetworkPlanner {

    /**
     * A job's start under the network model.
     *
     * @param runTime  what the nodes run for (or, with a flow, the work the lead's fluid model does)
     * @param flow     the lead's flow under the links model, else null
     * @param tau      the delay factor
     * @param hopBytes sum over links of the job's weight
     * @param maxOwnWeight the job's largest weight on one link
     * @param limit    how long the job may run before it is killed
     * @param links    the links the job's flows cross, ascending
     * @param detoured whether it was routed while some link was down (so a repair may change its routes)
     */
    public record Plan(long runTime, ComputeNodeActor.Flow flow, double tau, long hopBytes, long maxOwnWeight,
                       long limit, int[] links, boolean detoured) {
        /** Whether the job's flows cross {@code link}. */
        public boolean crosses(int link) {
            return java.util.Arrays.binarySearch(links, link) >= 0;
        }
    }

    private final NetworkOptions options;
    private final GridTopology grid;
    private final TrafficCalculator traffic;
    private final LinkMap links;
    private final FailedLinks failed;
    private final CommPattern defaultPattern;
    private final Path traceDir;
    private final int linkBase;
    private final int tasksPerNode;
    private final boolean killAtEstimate;

    /**
     * @param linkBase component id of link 0 (links model)
     * @param tasksPerNode processors per node: a .sim stencil or graph sized in processors maps task i
     *                     to the job's node i / tasksPerNode
     * @param killAtEstimate whether a job the network stretches past its estimate is killed at it;
     *                     false is SST's rule, under which jobs always run to the end
     * @throws IllegalArgumentException if the pattern cannot be read
     */
    public NetworkPlanner(NetworkOptions options, GridTopology grid, LinkMap links, Path traceDir, int linkBase,
                          int tasksPerNode, boolean killAtEstimate) {
        this.options = options;
        this.grid = grid;
        this.traffic = new TrafficCalculator(links);
        this.links = links;
        this.failed = new FailedLinks(links);
        this.traceDir = traceDir;
        this.defaultPattern = CommPattern.parse(options.pattern(), traceDir);
        this.linkBase = linkBase;
        this.tasksPerNode = tasksPerNode;
        this.killAtEstimate = killAtEstimate;
    }

    /** c: the share of a job's (unstretched) run time spent communicating. */
    public double communicationFraction() {
        return options.communicationFraction();
    }

    /** The link joining two neighbouring nodes, or -1. */
    public int link(int a, int b) {
        return links.between(a, b);
    }

    /** The link's ends as coordinates, e.g. {@code (3,0,0)-(4,0,0)}. */
    public String describe(int link) {
        return links.describe(link);
    }

    /** Takes the link out of routing; false if it already was. */
    public boolean failLink(int link) {
        if (failed.isDown(link)) {
            return false;
        }
        failed.fail(link);
        return true;
    }

    /** Puts the link back into routing; false if it was not down. */
    public boolean repairLink(int link) {
        if (!failed.isDown(link)) {
            return false;
        }
        failed.repair(link);
        return true;
    }

    /** Links out of routing now. */
    public int failedLinks() {
        return failed.count();
    }

    /**
     * The plan for a job starting on {@code nodes}; {@code random} draws tau's noise. Flows avoid
     * failed links (see {@link TrafficCalculator}).
     *
     * @throws NoRouteException if failed links leave two of its nodes without a route
     */
    public Plan plan(Job job, int[] nodes, SplittableRandom random) {
        int k = nodes.length;
        long pairs = (long) k * (k - 1) / 2;
        double cc = pairs == 0 ? 0 : (double) grid.sumPairwiseHops(nodes) / pairs;
        // The noise term could make tau negative; communication cannot take negative time.
        double tau = options.tau() == NetworkOptions.Tau.ONE ? 1.0
                : Math.max(0, DelayFactor.tau(cc, options.tauNoise(), random));
        LinkLoad load = load(job, nodes);
        double c = options.communicationFraction();
        // Without kill-at-estimate nothing ends a job early; a limit no run reaches stands for "none".
        long limit = killAtEstimate ? job.estimate() : Long.MAX_VALUE / 4;
        boolean detoured = !failed.isEmpty();
        if (options.model() == NetworkOptions.Model.LINKS) {
            ComputeNodeActor.Flow flow = new ComputeNodeActor.Flow(nodes, load.links(), load.weights(), linkBase, c, tau);
            return new Plan(job.runTime(), flow, tau, load.hopBytes(), load.maxWeight(), limit, load.links(), detoured);
        }
        long dilated = Math.round((1 - c) * job.runTime() + c * tau * job.runTime());
        return new Plan(dilated, null, tau, load.hopBytes(), load.maxWeight(), limit, load.links(), detoured);
    }

    /**
     * A running job's plan after a link failed or came back: the same delay factor, run time and
     * limit, its flows routed over the links working now (under the links model the lead's new flow).
     *
     * @throws NoRouteException if the job's nodes can no longer all reach each other
     */
    public Plan replan(Job job, int[] nodes, Plan old) {
        LinkLoad load = load(job, nodes);
        boolean detoured = !failed.isEmpty();
        ComputeNodeActor.Flow flow = old.flow() == null ? null : new ComputeNodeActor.Flow(nodes, load.links(),
                load.weights(), linkBase, old.flow().c(), old.flow().tau());
        return new Plan(old.runTime(), flow, old.tau(), old.hopBytes(), old.maxOwnWeight(), old.limit(), load.links(),
                detoured);
    }

    private LinkLoad load(Job job, int[] nodes) {
        try {
            return traffic.compute(nodes, CommPattern.forJob(job, defaultPattern, traceDir), tasksPerNode, failed);
        } catch (NoRouteException e) {
            throw e;
        } catch (IllegalArgumentException e) {
            // Found only when the job starts: a pattern file or size the trace line names.
            String where = "job " + job.id() + " (trace line " + job.line() + "): ";
            throw new InputException(e.getMessage().startsWith("job ") ? e.getMessage() : where + e.getMessage());
        }
    }
}
