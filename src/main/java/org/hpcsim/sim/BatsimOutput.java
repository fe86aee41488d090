package org.hpcsim.sim;

import java.util.List;
import org.hpcsim.batsim.BatsimJobsCsv;
import org.hpcsim.batsim.BatsimNames;
import org.hpcsim.config.Scenario;
import org.hpcsim.report.BatsimJobsLog;
import org.hpcsim.output.OutputDirectory;
import org.hpcsim.scheduler.NetworkPlanner;
import org.hpcsim.scheduler.NodePower;
import org.hpcsim.workload.BatsimWorkloadReader;
import org.hpcsim.workload.TraceFormat;

/**
 * What Batsim's jobs file of a run ({@code output.batsim}) needs besides the jobs' ends: each job's
 * id, profile name and walltime as Batsim has them, from a Batsim workload (other traces name no
 * profile), and the watts of a busy node, by
 * the scheduler's rule ({@link NodePower}), when a room is modelled.
 */
final class BatsimOutput {
    private BatsimOutput() {
    }

    /** Opens the file in {@code out}; {@code room} and {@code network} as the run has them (null when off). */
    static BatsimJobsLog open(Scenario scenario, Room room, NetworkPlanner network, OutputDirectory out) {
        BatsimJobsLog.NodeWatts watts = null;
        if (room != null) {
            NodePower power = new NodePower(room.model().power(),
                    network == null ? Double.NaN : network.communicationFraction());
            watts = use -> use == null ? power.watts() : power.watts(use.tau());
        }
        if (TraceFormat.resolve(scenario.traceFormat(), scenario.trace()) != TraceFormat.BATSIM) {
            return BatsimJobsLog.open(out.file(BatsimJobsCsv.FILE), job -> Long.toString(job.id()), index -> "",
                    BatsimNames::walltime, watts);
        }
        List<String> ids = BatsimWorkloadReader.jobNames(scenario.trace());
        List<String> names = BatsimWorkloadReader.profileNames(scenario.trace());
        long[] walltimes = BatsimWorkloadReader.walltimes(scenario.trace());
        return BatsimJobsLog.open(out.file(BatsimJobsCsv.FILE), job -> ids.get(job.index()), names::get,
                job -> walltimes[job.index()], watts);
    }
}
