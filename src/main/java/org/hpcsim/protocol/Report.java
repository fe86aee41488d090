package org.hpcsim.protocol;

import org.hpcsim.workload.Job;
import org.hpcsim.workload.JobStatus;

/**
 * What the components report to the output sinks. Each record is one conversation: its sender sends
 * it on a port typed by the record itself, to every sink that listens to it, and it implements the
 * protocol of each of those sinks (a sink's protocol is the set of records it uses). Each record says
 * who sends it to whom.
 */
public sealed interface Report {

    /**
     * Scheduler -> jobs.csv, the room's logs (the run's last end), batsim_jobs.csv: a job has its final status. {@code start}, {@code end} and {@code nodes}
     * are -1, -1 and null for a rejected job, which carries its {@code reason}. {@code energy}: the joules
     * its last attempt's nodes drew while it ran, NaN when energy is not modelled.
     */
    public record JobEnded(Job job, long start, long end, int[] nodes, JobStatus status, String reason,
                           NetworkUse network, int attempts, long firstStart, double energy)
            implements Report, JobsProtocol, RoomLogProtocol, BatsimJobsProtocol {
        /** A job that ended on its only attempt (or never ran). */
        public JobEnded(Job job, long start, long end, int[] nodes, JobStatus status, String reason, NetworkUse network) {
            this(job, start, end, nodes, status, reason, network, nodes == null ? 0 : 1, start);
        }

        /** Without energy (not modelled). */
        public JobEnded(Job job, long start, long end, int[] nodes, JobStatus status, String reason,
                        NetworkUse network, int attempts, long firstStart) {
            this(job, start, end, nodes, status, reason, network, attempts, firstStart, Double.NaN);
        }
    }

    /**
     * Scheduler -> jobs.csv (the run's metrics), events and attempts: attempt {@code attempt} (1, 2, ...) of a job ended by a failure at
     * {@code end}: {@code outcome} is what became of the job (failed, requeued, resumed from
     * checkpoint), {@code cause} why; {@code savedWork} microseconds of its work survive in a
     * checkpoint, and {@code lostNodeMicros} node-microseconds of the attempt are lost.
     */
    public record AttemptEnded(Job job, int attempt, long start, long end, int[] nodes, String outcome, String cause,
                               long savedWork, double lostNodeMicros)
            implements Report, JobsProtocol, FailureLogProtocol {
    }

    /**
     * Scheduler -> io.csv: a job that did I/O ended; it read and wrote so many bytes through I/O node
     * {@code ioNode}, taking {@code readTime} and {@code writeTime} microseconds.
     */
    public record IoEnded(Job job, int ioNode, long readBytes, long writeBytes, long readTime, long writeTime)
            implements Report, IoLogProtocol {
    }

    /**
     * Scheduler or CRAC unit -> events and attempts, the live view: an event ({@code event} on {@code target}) took effect at
     * {@code time}: a row of events.csv; {@code cause} is {@code scenario} for a scripted event, else
     * the failure model that drew it.
     */
    public record EventLogged(long time, String event, String target, String effect, String cause)
            implements Report, FailureLogProtocol, ViewProtocol {
        /** How an effect that changed nothing starts, e.g. {@code none: the node was already down}. */
        public static final String NO_EFFECT = "none: ";

        /** Whether the event changed anything. */
        public boolean changed() {
            return !effect.startsWith(NO_EFFECT);
        }
    }

    /**
     * A job's network use, when a network model is on: its delay factor, time-weighted mean and
     * largest stretch (NaN without the links model), hop-bytes, and the most load seen on one of its
     * links (its own largest weight without the links model).
     */
    public record NetworkUse(double tau, double sigmaMean, double sigmaMax, long hopBytes, long maxLinkLoad) {
    }

    /**
     * Thermal -> the room's logs, timeseries.csv, jobs.csv (each job's cooling power), the live view: the room now draws {@code itPower} W of IT and {@code coolingPower} W of
     * cooling; the coldest working unit supplies {@code supply} C (NaN when none works); the hottest
     * inlet is {@code maxInlet} C at the nominal supply (T_sup + D P) and {@code maxInletActual} C with
     * the supply delivered, at {@code hottestNode}; {@code violation} says it is over the redline.
     * {@code nodes}/{@code watts}: the nodes whose power changed and their new draw, or null;
     * {@code units}: the number of CRAC units, {@code unitsDown} those not working, in ascending order.
     */
    public record ThermalSample(double itPower, double coolingPower, double supply, double maxInlet,
                                double maxInletActual, int hottestNode, boolean violation, int[] nodes,
                                double[] watts, int units, int[] unitsDown)
            implements Report, JobsProtocol, RoomLogProtocol, TimeSeriesProtocol, ViewProtocol {
    }

    /** Link -> links.csv, timeseries.csv, the live view: link {@code link} now carries {@code load} from {@code jobs} jobs. */
    public record LinkLoad(int link, long load, int jobs) implements Report, LinksLogProtocol, TimeSeriesProtocol, ViewProtocol {
    }

    /**
     * Scheduler -> timeseries.csv: after its pass, {@code busy} nodes are held by the
     * {@code running} jobs, {@code failed} nodes are down, {@code drained} are drained but not down, and
     * {@code queued} jobs wait. Sent only when a count changed.
     */
    public record Counts(int busy, int failed, int drained, int queued, int running) implements Report, TimeSeriesProtocol {
    }

    /**
     * Scheduler -> energy.csv and summary.json's energy, when the run ends at {@code time}: the joules each
     * node drew from time 0 (by node id).
     */
    public record EnergyTotals(long time, double[] joules) implements Report, EnergyLogProtocol {
    }

    /**
     * Scheduler -> timeseries.csv: after its pass, the nodes draw {@code watts} by their power states,
     * {@code sleeping} of them sleep and {@code switching} switch off or on. Sent only when one changed.
     */
    public record NodePowers(double watts, int sleeping, int switching) implements Report, TimeSeriesProtocol {
    }

    /**
     * Scheduler -> Batsim's consumed_energy file: at {@code time} a job started ({@code 's'}), ended
     * ({@code 'e'}) or nodes changed power state ({@code 'p'}); the nodes had drawn {@code joules} since
     * time 0 and could draw {@code wattMin} at least in their states.
     */
    public record EnergySample(long time, char event, double joules, double wattMin)
            implements Report, BatsimEnergyProtocol {
    }

    /** Scheduler -> Batsim's machine-states file: how many nodes are in each of Batsim's machine states at {@code time}. */
    public record MachineStates(long time, int sleeping, int switchingOn, int switchingOff, int idle, int computing)
            implements Report, BatsimEnergyProtocol {
    }

    /**
     * Scheduler -> Batsim's pstate-changes file: at {@code time} the nodes moved to {@code pstate}, or
     * started switching: -1 towards a computing state, -2 towards a sleep state.
     */
    public record PstateChange(long time, int[] nodes, int pstate) implements Report, BatsimEnergyProtocol {
    }

    /**
     * Thermal -> the room's logs, when the run ends (inlet.csv): from the room's first sample at {@code first}
     * to its last at {@code last}, each node's delivered inlet integrated over time ({@code inletSeconds},
     * C s), its inlet at the last sample ({@code lastInlet}, C) and its hottest ({@code maxInlet}, C).
     */
    public record InletTotals(long first, long last, double[] inletSeconds, double[] lastInlet, double[] maxInlet)
            implements Report, RoomLogProtocol {
    }

    /**
     * Thermal -> the live view, with each sample: every node's delivered inlet temperature (C) as sampled
     * (the view's heat map). Sent only when the view listens.
     */
    public record InletMap(double[] inlets) implements Report, ViewProtocol {
    }
}
