package org.hpcsim.scheduler;

import org.hpcsim.protocol.NodeProtocol;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.hpcsim.network.CommPattern;
import org.hpcsim.network.DelayFactor;
import org.hpcsim.network.FailedLinks;
import org.hpcsim.network.LinkLoad;
import org.hpcsim.network.LinkMap;
import org.hpcsim.network.NetworkOptions;
import org.hpcsim.network.NoRouteException;
import org.hpcsim.network.TrafficCalculator;
import org.hpcsim.topology.LineTopology;
import org.hpcsim.topology.Topology;
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
    public record Plan(long runTime, NodeProtocol.Flow flow, double tau, long hopBytes, long maxOwnWeight,
                       long limit, int[] links, boolean detoured) {
        /** Whether the job's flows cross {@code link}. */
        public boolean crosses(int link) {
            return java.util.Arrays.binarySearch(links, link) >= 0;
        }
    }

    private final NetworkOptions options;
    private final Topology machine;
    private final int[] positions;
    private final TrafficCalculator traffic;
    private final LinkMap links;
    private final FailedLinks failed;
    private final CommPattern defaultPattern;
    private final Path traceDir;
    private final int tasksPerNode;
    private final boolean killAtEstimate;

    /**
     * For any machine whose network is {@code links}: a mesh or torus (its own network), or a line of
     * compute and I/O nodes, whose network is the 1D mesh of all its nodes (compute node ids then map to
     * their places on the line).
     *
     * @param tasksPerNode processors per node: a .sim stencil or graph sized in processors maps task i
     *                     to the job's node i / tasksPerNode
     * @param killAtEstimate whether a job the network stretches past its estimate is killed at it;
     *                     false is SST's rule, under which jobs always run to the end
     * @throws IllegalArgumentException if the pattern cannot be read
     */
    public NetworkPlanner(NetworkOptions options, Topology machine, LinkMap links, Path traceDir,
                          int tasksPerNode, boolean killAtEstimate) {
        this.options = options;
        this.machine = machine;
        this.positions = machine.line().map(line -> {
            int[] p = new int[line.size()];
            for (int i = 0; i < p.length; i++) {
                p[i] = line.position(i);
            }
            return p;
        }).orElse(null);
        this.traffic = new TrafficCalculator(links);
        this.links = links;
        this.failed = new FailedLinks(links);
        this.traceDir = traceDir;
        this.defaultPattern = CommPattern.parse(options.pattern(), traceDir);
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
        double cc = pairs == 0 ? 0 : (double) machine.sumPairwiseHops(nodes) / pairs;
        // The noise term could make tau negative; communication cannot take negative time.
        double tau = options.tau() == NetworkOptions.Tau.ONE ? 1.0
                : Math.max(0, DelayFactor.tau(cc, options.tauNoise(), random));
        LinkLoad load = load(job, nodes);
        double c = options.communicationFraction();
        // Without kill-at-estimate nothing ends a job early; a limit no run reaches stands for "none".
        long limit = killAtEstimate ? job.estimate() : Long.MAX_VALUE / 4;
        boolean detoured = !failed.isEmpty();
        if (options.model() == NetworkOptions.Model.LINKS) {
            NodeProtocol.Flow flow = new NodeProtocol.Flow(nodes, load.links(), load.weights(), c, tau);
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
        NodeProtocol.Flow flow = old.flow() == null ? null : new NodeProtocol.Flow(nodes, load.links(),
                load.weights(), old.flow().c(), old.flow().tau());
        return new Plan(old.runTime(), flow, old.tau(), old.hopBytes(), old.maxOwnWeight(), old.limit(), load.links(),
                detoured);
    }

    private LinkLoad load(Job job, int[] nodes) {
        try {
            return traffic.compute(onNetwork(nodes), CommPattern.forJob(job, defaultPattern, traceDir), tasksPerNode,
                    failed);
        } catch (NoRouteException e) {
            throw e;
        } catch (IllegalArgumentException e) {
            // Found only when the job starts: a pattern file or size the trace line names.
            String where = "job " + job.id() + " (trace line " + job.line() + "): ";
            throw new InputException(e.getMessage().startsWith("job ") ? e.getMessage() : where + e.getMessage());
        }
    }

    /** The nodes' ids on the network: their places on a line, else themselves. */
    private int[] onNetwork(int[] nodes) {
        if (positions == null) {
            return nodes;
        }
        int[] p = new int[nodes.length];
        for (int i = 0; i < nodes.length; i++) {
            p[i] = positions[nodes[i]];
        }
        return p;
    }

    /**
     * A job's I/O streams on a line (links model): one stream between I/O node {@code io} and each of its
     * nodes, so a link carries as many streams as nodes it leads to; the I/O node itself is one more
     * shared channel, pseudo-link {@code links.size() + io}, carrying all of them. Links ascending.
     *
     * @param readMicros  the read phase's time alone
     * @param writeMicros the write phase's time alone
     */
    public NodeProtocol.IoPhases io(int[] nodes, int io, long readMicros, long writeMicros) {
        LineTopology line = machine.line().orElseThrow(); // only a line has I/O nodes
        int at = line.ioPosition(io);
        int from = Math.min(at, line.position(nodes[0]));
        int to = Math.max(at, line.position(nodes[nodes.length - 1]));
        // Streams per link x -> x + 1 over the span, by differences: +1 where a stream starts, -1 where it ends.
        long[] crossing = new long[to - from + 1];
        for (int node : nodes) {
            int p = line.position(node);
            crossing[Math.min(p, at) - from]++;
            crossing[Math.max(p, at) - from]--;
        }
        for (int x = 1; x < crossing.length; x++) {
            crossing[x] += crossing[x - 1];
        }
        int count = 0;
        for (long c : crossing) {
            count += c > 0 ? 1 : 0;
        }
        int[] ids = new int[count + 1];
        long[] weights = new long[count + 1];
        int k = 0;
        for (int x = 0; x < crossing.length; x++) {
            if (crossing[x] > 0) {
                ids[k] = links.between(from + x, from + x + 1);
                weights[k++] = crossing[x];
            }
        }
        ids[count] = links.size() + io;
        weights[count] = nodes.length;
        return new NodeProtocol.IoPhases(ids, weights, readMicros, writeMicros);
    }
}
