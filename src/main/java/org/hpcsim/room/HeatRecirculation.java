package org.hpcsim.room;

import static org.hpcsim.kernel.ComponentType.param;

import org.hpcsim.protocol.PowerProtocol;
import org.hpcsim.protocol.ThermalProtocol;
import org.hpcsim.protocol.CracProtocol;
import org.hpcsim.protocol.Report;
import java.util.Arrays;
import java.util.stream.IntStream;
import org.hpcsim.kernel.Address;
import org.hpcsim.kernel.Addresses;
import org.hpcsim.kernel.Component;
import org.hpcsim.kernel.ComponentType;
import org.hpcsim.kernel.Context;
import org.hpcsim.kernel.Port;
import org.hpcsim.kernel.Ports;
import org.hpcsim.time.SimTime;
import org.hpcsim.kernel.UnhandledMessage;
import org.hpcsim.thermal.CoolingSettings;
import org.hpcsim.thermal.HeatModel;
import org.hpcsim.thermal.InletTemperatures;

/**
 * The room's thermal model. It keeps every node's power P and inlet rise R = D P, updating R by one
 * column of D per power change (never re-multiplying the matrix). The power changes of an instant are
 * kept as they arrive and applied together once it has settled (end of instant), in arrival order, so
 * that a heat model that can add many columns in one pass does ({@link HeatModel#addColumns}); nothing
 * reads R before then. It then sends each working CRAC unit the load of the nodes it serves, and
 * when the units have answered with their supply temperatures and cooling power, sends its listeners
 * one sample of the room.
 *
 * <p>It also integrates every node's delivered inlet temperature over time and keeps its maximum, and
 * hands both to the room's logs in its wind-down call (for inlet.csv).
 *
 * <p>A failed unit's nodes are taken over by the next working unit (by index, cyclically). The air
 * reaching them arrives warmer, by {@link CoolingSettings#failureOffset} which grows with the time
 * since the failure; the taking unit must cool them too. With no unit working, their air is the failed
 * unit's last supply plus that offset.
 */
public final class HeatRecirculation implements Component<ThermalProtocol> {

    /** The CRAC units, in unit order. */
    public static final Port<CracProtocol> CRACS = Port.many("cracs", CracProtocol.class,
            "the load of the nodes each unit serves, once an instant's power changes are in");
    /** Who hears the room's samples. */
    public static final Port<Report.ThermalSample> SAMPLES = Port.many("samples", Report.ThermalSample.class,
            "a sample of the room per change (the room's logs, the time series, the jobs' cooling power)");
    /** Who hears every node's inlet with each sample (the live view's heat map); none when nothing listens. */
    public static final Port<Report.InletMap> INLET_MAP = Port.many("inlet-map", Report.InletMap.class,
            "every node's inlet with each sample, to the live view; none when no view listens");
    /** Where the inlet totals go at the end. */
    public static final Port<Report.InletTotals> INLETS = Port.one("inlets", Report.InletTotals.class,
            "every node's integrated and hottest inlet, when the run ends (inlet.csv)");
    /** The thermal actor: receives node power from the nodes, supplies from the CRAC units, and Begin from the kernel. */
    public static final ComponentType<ThermalProtocol> TYPE = ComponentType.of("thermal", ThermalProtocol.class,
            "The room's heat recirculation: every node's inlet rise R = D P, kept one column of D per power change;"
                    + " the CRAC units' loads and the room's samples; a failed unit's nodes taken over, warming",
            CRACS, SAMPLES, INLET_MAP, INLETS).withParameters(
                    param("thermal.d-matrix", "the heat-distribution matrix D (or thermal.a-matrix, or a synthetic one)"),
                    param("thermal.layout", "rows, racks and nodes per rack"),
                    param("cooling.failure-rise-rate", "how fast a failed unit's nodes' air warms"),
                    param("cooling.failure-max-rise", "up to how much"));

    private final InletTemperatures inlets;
    private final CoolingSettings cooling;
    private final int[] unitOf;
    private final Addresses<CracProtocol> cracs;
    private final Address<ThermalProtocol> self;
    private final Addresses<Report.ThermalSample> samples;
    private final Addresses<Report.InletMap> inletMaps;
    private final Address<Report.InletTotals> inletTotals;
    private final boolean tracePower;
    private final boolean[] working;
    private final long[] failedAt;
    private final int[] adopter;
    private final double[] supply;
    private final double[] coolingPower;
    private final double[] maxRise;
    private final double[] served;
    /** Each node's delivered inlet (C) at the last sample, held until the next. */
    private final double[] inlet;
    /** Each node's inlet integrated over time (C s) from the first sample to the last. */
    private final double[] inletSeconds;
    /** Each node's hottest delivered inlet (C) over every sample. */
    private final double[] inletMax;
    private long firstSample = -1;
    private long lastSample = -1;
    private int[] changed = new int[16];
    private int changes;
    /** The instant's power reports not yet applied to the inlets, in arrival order. */
    private int[] pendingNodes = new int[16];
    private double[] pendingWatts = new double[16];
    private int pending;
    private boolean loadsDue;
    private boolean sampleDue;
    private boolean tickPending;
    private int awaiting;
    private Context ctx;

    /**
     * {@code idlePower}: every node's draw at the start; {@code tracePower}: send the listeners each
     * instant's node power changes.
     */
    public HeatRecirculation(Ports ports, HeatModel heat, double idlePower, CoolingSettings cooling, boolean tracePower) {
        int n = heat.size();
        this.inlets = new InletTemperatures(heat);
        int[] all = new int[n];
        double[] idle = new double[n];
        for (int i = 0; i < n; i++) {
            all[i] = i;
            idle[i] = idlePower;
        }
        inlets.setPowers(all, idle, n);
        this.cooling = cooling;
        this.unitOf = cooling.unitOfNodes(n);
        int units = cooling.units().size();
        this.cracs = ports.toAll(CRACS);
        if (cracs.size() != units) {
            throw new IllegalArgumentException("the thermal actor is wired to " + cracs.size() + " CRAC units, the room has "
                    + units);
        }
        this.self = ports.self();
        this.samples = ports.toAll(SAMPLES);
        this.inletMaps = ports.toAll(INLET_MAP);
        this.inletTotals = ports.to(INLETS);
        this.tracePower = tracePower;
        this.working = new boolean[units];
        Arrays.fill(working, true);
        this.failedAt = new long[units];
        this.adopter = new int[units];
        this.supply = new double[units];
        Arrays.fill(supply, cooling.supply());
        this.coolingPower = new double[units];
        this.maxRise = new double[units];
        this.served = new double[units];
        this.inlet = new double[n];
        this.inletSeconds = new double[n];
        this.inletMax = new double[n];
        Arrays.fill(inletMax, Double.NEGATIVE_INFINITY);
        assignAdopters();
    }

    @Override
    public void onMessage(ThermalProtocol message, Context context) {
        ctx = context;
        ctx.requestWindDownCall();
        if (message instanceof PowerProtocol.NodePower p) {
            if (pending == pendingNodes.length) {
                pendingNodes = Arrays.copyOf(pendingNodes, 2 * pending);
                pendingWatts = Arrays.copyOf(pendingWatts, 2 * pending);
            }
            pendingNodes[pending] = p.node();
            pendingWatts[pending++] = p.watts();
            if (tracePower) {
                if (changes == changed.length) {
                    changed = Arrays.copyOf(changed, 2 * changes);
                }
                changed[changes++] = p.node();
            }
            dueLoads();
        } else if (message instanceof ThermalProtocol.Supply s) {
            supply[s.unit()] = s.supply();
            coolingPower[s.unit()] = s.coolingPower();
            if (--awaiting == 0) {
                sampleDue = true;
                ctx.requestEndOfInstant();
            }
        } else if (message instanceof ThermalProtocol.UnitState u) {
            if (working[u.unit()] != u.working()) {
                working[u.unit()] = u.working();
                failedAt[u.unit()] = ctx.now();
                if (!u.working()) {
                    coolingPower[u.unit()] = 0;
                }
                assignAdopters();
            }
            dueLoads();
        } else if (message instanceof ThermalProtocol.Tick) {
            tickPending = false;
            dueLoads();
        } else if (message instanceof ThermalProtocol.Begin) {
            dueLoads();
        } else {
            throw new UnhandledMessage(message);
        }
    }

    private void dueLoads() {
        if (!loadsDue) {
            loadsDue = true;
            ctx.requestEndOfInstant();
        }
    }

    @Override
    public void onEndOfInstant(Context context) {
        ctx = context;
        if (pending > 0) {
            inlets.setPowers(pendingNodes, pendingWatts, pending);
            pending = 0;
        }
        if (loadsDue) {
            loadsDue = false;
            sendLoads();
            if (awaiting == 0) {
                sample();
            }
        } else if (sampleDue) {
            sample();
        }
    }

    /** Each working unit's load: the largest rise (with the failure offset for adopted nodes) and IT power it serves. */
    private void sendLoads() {
        Arrays.fill(maxRise, Double.NEGATIVE_INFINITY);
        Arrays.fill(served, 0);
        long t = ctx.now();
        boolean warming = false;
        for (int i = 0; i < unitOf.length; i++) {
            int own = unitOf[i];
            int unit = working[own] ? own : adopter[own];
            if (unit < 0) {
                continue;
            }
            double rise = inlets.rise(i) + offset(own, t);
            if (rise > maxRise[unit]) {
                maxRise[unit] = rise;
            }
            served[unit] += inlets.power(i);
        }
        awaiting = 0;
        for (int u = 0; u < cracs.size(); u++) {
            if (working[u]) {
                ctx.send(cracs.get(u), new CracProtocol.Load(maxRise[u] == Double.NEGATIVE_INFINITY ? 0 : maxRise[u],
                        served[u]));
                awaiting++;
            } else if (offset(u, t) < cooling.failureMaxRise()) {
                warming = true;
            }
        }
        if (warming && !tickPending) {
            tickPending = true;
            ctx.send(self, new ThermalProtocol.Tick(), cooling.failureStep());
        }
    }

    /** The extra warmth of the air reaching unit {@code own}'s nodes at time t (0 while it works). */
    private double offset(int own, long t) {
        return working[own] ? 0 : cooling.failureOffset(t - failedAt[own]);
    }

    private void sample() {
        sampleDue = false;
        long t = ctx.now();
        double nominalMax = Double.NEGATIVE_INFINITY;
        double actualMax = Double.NEGATIVE_INFINITY;
        int hottest = -1;
        // The previous sample's inlets held since it was taken (0 s when it was taken this instant).
        double held = lastSample < 0 ? 0 : SimTime.toSeconds(t - lastSample);
        for (int i = 0; i < unitOf.length; i++) {
            int own = unitOf[i];
            double rise = inlets.rise(i) + offset(own, t);
            int unit = working[own] ? own : adopter[own];
            double air = unit >= 0 ? supply[unit] : supply[own];
            double actual = air + rise;
            if (actual > actualMax) {
                actualMax = actual;
                hottest = i;
            }
            nominalMax = Math.max(nominalMax, cooling.supply() + rise);
            inletSeconds[i] += inlet[i] * held;
            inlet[i] = actual;
            if (actual > inletMax[i]) {
                inletMax[i] = actual;
            }
        }
        if (firstSample < 0) {
            firstSample = t;
        }
        lastSample = t;
        double cool = 0;
        double coldest = Double.NaN;
        for (int u = 0; u < cracs.size(); u++) {
            if (working[u]) {
                cool += coolingPower[u];
                coldest = Double.isNaN(coldest) ? supply[u] : Math.min(coldest, supply[u]);
            }
        }
        int[] nodes = null;
        double[] watts = null;
        if (tracePower && changes > 0) {
            nodes = Arrays.copyOf(changed, changes);
            Arrays.sort(nodes);
            int distinct = 0;
            for (int i = 0; i < nodes.length; i++) {
                if (i == 0 || nodes[i] != nodes[i - 1]) {
                    nodes[distinct++] = nodes[i];
                }
            }
            nodes = Arrays.copyOf(nodes, distinct);
            watts = new double[distinct];
            for (int i = 0; i < distinct; i++) {
                watts[i] = inlets.power(nodes[i]);
            }
            changes = 0;
        }
        int[] down = IntStream.range(0, working.length).filter(u -> !working[u]).toArray();
        Report.ThermalSample sample = new Report.ThermalSample(inlets.itPower(), cool, coldest, nominalMax, actualMax,
                hottest, actualMax > cooling.redline() + 1e-9, nodes, watts, working.length, down);
        for (int i = 0; i < samples.size(); i++) {
            ctx.send(samples.get(i), sample);
        }
        for (int i = 0; i < inletMaps.size(); i++) {
            ctx.send(inletMaps.get(i), new Report.InletMap(inlet.clone()));
        }
    }

    /** The run ends: the room's logs get every node's integrated and hottest inlet, if the room was ever sampled. */
    @Override
    public void onWindDown(boolean stopped, Context context) {
        ctx = context;
        if (lastSample >= 0) {
            ctx.send(inletTotals, new Report.InletTotals(firstSample, lastSample, inletSeconds.clone(), inlet.clone(),
                    inletMax.clone()));
        }
    }

    /** For each failed unit, the next working unit by index (cyclically), or -1 when none works. */
    private void assignAdopters() {
        int units = working.length;
        for (int u = 0; u < units; u++) {
            adopter[u] = -1;
            for (int step = 1; step <= units && !working[u]; step++) {
                int v = (u + step) % units;
                if (working[v]) {
                    adopter[u] = v;
                    break;
                }
            }
        }
    }
}
