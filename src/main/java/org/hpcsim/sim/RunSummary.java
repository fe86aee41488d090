package org.hpcsim.sim;

import java.util.List;
import org.hpcsim.config.Scenario;
import org.hpcsim.failure.FailureOptions;
import org.hpcsim.kernel.KernelSettings;
import org.hpcsim.kernel.KernelStats;
import org.hpcsim.time.SimTime;
import org.hpcsim.locality.LocalitySummary;
import org.hpcsim.network.NetworkOptions;
import org.hpcsim.energy.EnergyOptions;
import org.hpcsim.report.EnergyLog;
import org.hpcsim.report.FailureLog;
import org.hpcsim.report.IoLog;
import org.hpcsim.report.JsonWriter;
import org.hpcsim.report.NetworkSummary;
import org.hpcsim.report.RunMetrics;
import org.hpcsim.report.ThermalLog;
import org.hpcsim.storage.IoOptions;
import org.hpcsim.thermal.ThermalOptions;
import org.hpcsim.topology.Topology;
import org.hpcsim.workload.JobStatus;

/**
 * summary.json of a finished run: the settings that shaped it, its metrics, the models' figures and the
 * kernel's counts.
 *
 * @param scenario        the run's settings
 * @param topology        the machine
 * @param spanCurve       the curve the span metrics were measured along
 * @param executor        the executor that ran it ("pekko" or "sequential")
 * @param kernelSettings  threads and partitions the kernel ran with
 * @param networkModelled whether run times depended on the network (network.model is not none)
 * @param links           links of the network model's grid (0 without one)
 * @param room            the machine room, or null when not modelled
 * @param ioContention    whether I/O streams shared links and I/O nodes (link actors ran)
 * @param warnings        warnings about the settings
 * @param stoppedEarly    whether the run was stopped from outside before its end
 * @param stoppedBy       what stopped it ("console", "interrupt", "until" or "scheduler-failure"), or null
 * @param stopReason      why, when its scheduler failed (an external scheduler's error), else null
 * @param windows         what time-parallel windows did (their count, grid step, events simulated in
 *                        all and the waste: events beyond the stitched run's, per event of it), or null
 */
record RunSummary(Scenario scenario, Topology topology, String spanCurve, String executor, KernelSettings kernelSettings,
                  boolean networkModelled, int links, Room room, boolean ioContention, List<String> warnings,
                  boolean stoppedEarly, String stoppedBy, String stopReason, TimeWindows.Outcome windows) {

    /** The summary of a finished run. */
    JsonWriter json(Simulation.Result r) {
        RunMetrics m = r.metrics();
        KernelStats k = r.kernel();
        JsonWriter json = new JsonWriter()
                .put("trace", scenario.trace().toString())
                .put("machine", topology.spec())
                .put("nodes", topology.size())
                .put("scheduler", scenario.scheduler())
                .put("allocator", scenario.allocator())
                .put("seed", scenario.seed())
                .put("jobs_total", m.total())
                .put("jobs_completed", m.count(JobStatus.COMPLETED))
                .put("jobs_killed", m.count(JobStatus.KILLED))
                .put("jobs_rejected", m.count(JobStatus.REJECTED))
                .put("jobs_failed", m.count(JobStatus.FAILED))
                .put("jobs_unfinished", m.count(JobStatus.UNFINISHED))
                .put("jobs_not_submitted", m.count(JobStatus.NOT_SUBMITTED))
                .put("stopped_early", stoppedEarly)
                .put("stopped_by", stoppedBy)
                .put("stop_reason", stopReason)
                .put("warnings", warnings)
                .put("makespan_s", SimTime.toSeconds(m.makespan()))
                .put("mean_wait_s", m.meanWaitSeconds())
                .put("max_wait_s", m.maxWaitSeconds())
                .put("mean_response_s", m.meanResponseSeconds())
                .put("mean_bounded_slowdown", m.meanBoundedSlowdown())
                .put("bounded_slowdown_threshold_s", SimTime.toSeconds(RunMetrics.SLOWDOWN_THRESHOLD))
                .put("utilization", m.utilization())
                .put("locality", locality(m.locality()))
                .put("network", network(m.network()))
                .put("thermal", thermal(r.thermal()))
                .put("failures", failures(r.failures(), m))
                .put("io", io(r.io()));
        if (r.energy() != null) {
            // Only with energy modelled, so that a run without it keeps its summary as it was.
            json.put("energy", energy(r.energy(), m));
        }
        return json
                .put("messages", k.messages())
                .put("events", k.events())
                .put("actor_messages", k.actorMessages())
                .put("instants", k.instants())
                .put("rounds", k.rounds())
                .put("executor", executor)
                .put("threads", kernelSettings.threads())
                .put("partitions", kernelSettings.partitions())
                .put("windows", windows == null ? null : windows.windows())
                .put("window_step_s", windows == null ? null : SimTime.toSeconds(windows.step()))
                .put("events_simulated", windows == null ? null : windows.eventsSimulated())
                .put("speculation_waste", windows == null ? null
                        : (double) windows.wastedEvents() / Math.max(1, k.events()))
                .put("window_events", windows == null ? null : windows.windowEvents())
                .put("wall_clock_s", r.wallSeconds())
                .put("events_per_s", r.eventsPerSecond())
                .put("peak_rss_mb", r.peakRssBytes() < 0 ? null : r.peakRssBytes() / (1024.0 * 1024.0))
                .put("process_cpu_s", r.processCpuSeconds() < 0 ? null : r.processCpuSeconds())
                .put("peak_heap_mb", r.peakHeapBytes() / (1024.0 * 1024.0))
                .put("heap_after_gc_mb", r.heapAfterGcBytes() < 0 ? null : r.heapAfterGcBytes() / (1024.0 * 1024.0))
                .roundReals(DECIMALS);
    }

    /** Decimals of every real: a microsecond in seconds, as the CSV files write times and temperatures. */
    static final int DECIMALS = 6;

    /** The network model and its means, or null when run times ignore the network. */
    private JsonWriter network(NetworkSummary n) {
        if (!networkModelled) {
            return null;
        }
        NetworkOptions o = scenario.network();
        return new JsonWriter()
                .put("model", Scenario.spelling(o.model()))
                .put("communication_fraction", o.communicationFraction())
                .put("links", links)
                .put("jobs", n.jobs())
                .put("mean_dilation", n.meanDilation())
                .put("mean_tau", n.meanTau())
                .put("mean_sigma", n.meanSigma())
                .put("max_sigma", n.maxSigma())
                .put("total_hop_bytes", n.totalHopBytes());
    }

    /** The room's energy and temperatures, or null without a thermal model. */
    private JsonWriter thermal(ThermalLog.Summary t) {
        if (t == null) {
            return null;
        }
        ThermalOptions o = scenario.thermal();
        return new JsonWriter()
                .put("layout", room.layout().spec())
                .put("heat_model", room.source())
                .put("crac_units", room.cooling().units().size())
                .put("supply_c", o.supply())
                .put("redline_c", o.redline())
                .put("it_energy_kwh", t.itEnergyKwh())
                .put("cooling_energy_kwh", t.coolingEnergyKwh())
                .put("mean_it_power_w", t.meanItPower())
                .put("mean_cooling_power_w", t.meanCoolingPower())
                .put("mean_job_cooling_power_w", orNull(t.meanJobCoolingPower()))
                .put("peak_inlet_c", orNull(t.peakInlet()))
                .put("peak_inlet_actual_c", orNull(t.peakInletActual()))
                .put("coldest_supply_c", orNull(t.coldestSupply()))
                .put("redline_violations", t.redlineViolations())
                .put("redline_violation_s", t.violationSeconds())
                .put("events", scenario.events().size());
    }

    /** The nodes' energy: from time 0 to the run's end, in all and by the jobs. */
    private JsonWriter energy(EnergyLog log, RunMetrics m) {
        EnergyOptions o = scenario.energy();
        return new JsonWriter()
                .put("pstate", o.pstate())
                .put("job_load", o.jobLoad(Simulation.batsimWorkload(scenario)))
                .put("end_s", SimTime.toSeconds(log.end()))
                .put("total_energy_j", log.totalJoules())
                .put("total_energy_kwh", log.totalJoules() / 3.6e6)
                .put("mean_power_w", log.meanWatts())
                .put("jobs_energy_j", m.jobsEnergy());
    }

    /** I/O totals, or null when no job does I/O. */
    private JsonWriter io(IoLog log) {
        if (log == null) {
            return null;
        }
        IoOptions o = scenario.io();
        return new JsonWriter()
                .put("assign", Scenario.spelling(o.assign()))
                .put("bandwidth_bytes_per_s", o.bandwidth())
                .put("contention", ioContention)
                .put("jobs", log.jobs())
                .put("bytes", log.bytes())
                .put("mean_read_s", log.meanReadSeconds())
                .put("mean_write_s", log.meanWriteSeconds())
                .put("mean_io_s", log.meanIoSeconds());
    }

    /** Failures and their cost, or null when nothing could fail and no event was scripted. */
    private JsonWriter failures(FailureLog f, RunMetrics m) {
        if (f == null) {
            return null;
        }
        FailureOptions o = scenario.failures();
        return new JsonWriter()
                .put("model", o.model())
                .put("on_job_failure", Scenario.spelling(o.onJobFailure()))
                .put("checkpoint_interval_s", SimTime.toSeconds(o.checkpointInterval()))
                .put("events", f.events())
                .put("node_failures", f.nodeFailures())
                .put("node_repairs", f.nodeRepairs())
                .put("link_failures", f.linkFailures())
                .put("link_repairs", f.linkRepairs())
                .put("attempts", m.attempts())
                .put("interrupted_attempts", m.interruptedAttempts())
                .put("lost_node_hours", m.lostNodeHours());
    }

    /** A JSON number, or null for NaN or an infinity (no value). */
    private static Double orNull(double v) {
        return Double.isFinite(v) ? v : null;
    }

    /** Locality means over multi-node jobs: {"jobs": n, "mean": {...}, "runtime_weighted_mean": {...}}. */
    private JsonWriter locality(LocalitySummary l) {
        JsonWriter mean = new JsonWriter();
        JsonWriter weighted = new JsonWriter();
        for (LocalitySummary.Metric metric : LocalitySummary.Metric.values()) {
            boolean defined = l.defined(metric);
            mean.put(metric.key(), defined ? l.mean(metric) : null);
            weighted.put(metric.key(), defined ? l.weightedMean(metric) : null);
        }
        return new JsonWriter()
                .put("jobs", l.jobs())
                .put("span_curve", spanCurve)
                .put("mean", mean)
                .put("runtime_weighted_mean", weighted);
    }
}
