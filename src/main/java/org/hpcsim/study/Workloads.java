package org.hpcsim.study;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.hpcsim.registry.Registry;
import org.hpcsim.workload.Job;
import org.hpcsim.workload.JobStream;
import org.hpcsim.workload.ScanProgress;
import org.hpcsim.workload.Trace;
import org.hpcsim.workload.WorkloadOptions;

/** Loading a trace into memory for studies that run it many times. */
public final class Workloads {
    private Workloads() {
    }

    /** Every job of the trace, in arrival order; {@code format} is one of {@code registry}'s (a plugin's too). */
    public static List<Job> load(Path trace, String format, WorkloadOptions options, Registry registry) {
        Trace t = Trace.scan(trace, registry.traceOpener(format, trace), options, new ScanProgress());
        List<Job> jobs = new ArrayList<>();
        try (JobStream s = t.open()) {
            for (Job j = s.next(); j != null; j = s.next()) {
                jobs.add(j);
            }
        }
        return jobs;
    }

    /**
     * Leung et al.'s work multiple: run times and requested times scaled by {@code factor}, arrivals
     * kept (rounded to the microsecond).
     */
    public static List<Job> workMultiple(List<Job> jobs, double factor) {
        List<Job> out = new ArrayList<>(jobs.size());
        for (Job j : jobs) {
            out.add(new Job(j.index(), j.id(), j.line(), j.submit(), j.arrival(), scale(j.runTime(), factor),
                    scale(j.estimate(), factor), j.procs(), j.nodes(), j.options(), j.swf(), j.rejectReason()));
        }
        return out;
    }

    private static long scale(long micros, double factor) {
        return micros < 0 ? micros : Math.round(micros * factor);
    }
}
