package org.hpcsim.report;

import org.hpcsim.protocol.Report;
import org.hpcsim.workload.Job;
import org.hpcsim.workload.JobStatus;

/**
 * Network means over a run's jobs, in recording order: dilation = duration / trace run time over
 * completed jobs with a positive run time (a killed job's duration is its limit, not its need);
 * tau, stretch and hop-bytes over every job that ran.
 */
public final class NetworkSummary {
    private long dilated;
    private double dilationSum;
    private long jobs;
    private double tauSum;
    private long stretched;
    private double sigmaSum;
    private double sigmaMax = Double.NaN;
    private long hopBytes;

    void add(Job job, long duration, JobStatus status, Report.NetworkUse use) {
        jobs++;
        tauSum += use.tau();
        hopBytes += use.hopBytes();
        if (!Double.isNaN(use.sigmaMean())) {
            stretched++;
            sigmaSum += use.sigmaMean();
            sigmaMax = Double.isNaN(sigmaMax) ? use.sigmaMax() : Math.max(sigmaMax, use.sigmaMax());
        }
        if (status == JobStatus.COMPLETED && job.runTime() > 0) {
            dilated++;
            dilationSum += (double) duration / job.runTime();
        }
    }

    public long jobs() {
        return jobs;
    }

    /** Mean duration / trace run time over completed jobs; NaN when none. */
    public double meanDilation() {
        return dilated == 0 ? Double.NaN : dilationSum / dilated;
    }

    public double meanTau() {
        return jobs == 0 ? Double.NaN : tauSum / jobs;
    }

    /** Mean over jobs of their time-weighted mean stretch; NaN without the links model. */
    public double meanSigma() {
        return stretched == 0 ? Double.NaN : sigmaSum / stretched;
    }

    public double maxSigma() {
        return sigmaMax;
    }

    public long totalHopBytes() {
        return hopBytes;
    }
}
