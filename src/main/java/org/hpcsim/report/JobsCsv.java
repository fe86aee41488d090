package org.hpcsim.report;

import org.hpcsim.protocol.Report;
import org.hpcsim.time.SimTime;
import org.hpcsim.locality.Locality;
import org.hpcsim.workload.Job;
import org.hpcsim.workload.JobStatus;

/** Formats {@code jobs.csv}: one row per job, times in seconds as exact decimals. */
public final class JobsCsv {
    public static final String HEADER =
            "id,submit,wait,start,end,run_time,estimate,procs,nodes,status,reason,avg_pairwise_hops,pairwise_hops,"
                    + "linear_span,ring_span,stretch_span,bbox_volume,bbox_ratio,bbox_dim_sum,bcube_ratio,components,"
                    + "tau,sigma_mean,sigma_max,hop_bytes,max_link_load,cooling_power_w,attempts,first_start";
    /** The column after the others when energy is modelled: the joules the job's nodes drew while it ran. */
    public static final String ENERGY_COLUMN = ",energy_j";

    private JobsCsv() {
    }

    /**
     * Appends one row. {@code locality} is null for a job that never ran; its geometric columns are
     * empty on a machine without geometry. {@code coolingPower}: the job's mean cooling power (W), NaN
     * for none. {@code start}/{@code end} are its last attempt's, {@code firstStart} its first's; wait
     * is counted to the first start.
     */
    static void appendRow(StringBuilder sb, Job job, long start, long end, int[] nodes, JobStatus status,
                          String reason, Locality locality, Report.NetworkUse network, double coolingPower,
                          int attempts, long firstStart) {
        sb.append(job.id()).append(',');
        if (job.submit() >= 0) {
            SimTime.appendSeconds(sb, job.submit());
        }
        sb.append(',');
        boolean ran = status != JobStatus.REJECTED && start >= 0;
        // A job requeued after a failure may end without its last attempt starting: its wait and first
        // start are still those of its first attempt.
        boolean started = status != JobStatus.REJECTED && firstStart >= 0;
        if (started) {
            SimTime.appendSeconds(sb, firstStart - job.arrival());
        }
        sb.append(',');
        if (ran) {
            SimTime.appendSeconds(sb, start);
        }
        sb.append(',');
        if (ran) {
            SimTime.appendSeconds(sb, end);
        }
        sb.append(',');
        if (ran) {
            SimTime.appendSeconds(sb, end - start);
        }
        sb.append(',');
        if (job.estimate() >= 0) {
            SimTime.appendSeconds(sb, job.estimate());
        }
        sb.append(',').append(job.procs()).append(',');
        if (nodes != null) {
            appendNodes(sb, nodes);
        }
        sb.append(',').append(status.label()).append(',');
        if (reason != null) {
            appendQuoted(sb, reason);
        }
        if (locality == null) {
            sb.append(",,,,,,,,,,,,,,,,,").append(attempts).append(',');
            if (started) {
                SimTime.appendSeconds(sb, firstStart);
            }
            sb.append('\n');
            return;
        }
        Locality l = locality;
        boolean geo = l.hasGeometry();
        sb.append(',');
        if (geo) {
            appendFraction(sb, l.pairwiseHops(), l.pairs());
        }
        sb.append(',');
        if (geo) {
            sb.append(l.pairwiseHops());
        }
        sb.append(',').append(l.linearSpan()).append(',').append(l.ringSpan()).append(',');
        appendFraction(sb, l.ringSpan(), l.nodes());
        sb.append(',');
        if (geo) {
            sb.append(l.boxVolume()).append(',');
            appendFraction(sb, l.boxVolume(), l.minBoxVolume());
            sb.append(',').append(l.boxDimSum()).append(',');
            appendFraction(sb, l.cubeVolume(), l.minCubeVolume());
            sb.append(',').append(l.components());
        } else {
            sb.append(",,,,");
        }
        appendNetwork(sb, network);
        sb.append(',');
        if (!Double.isNaN(coolingPower)) {
            sb.append(String.format(java.util.Locale.ROOT, "%.3f", coolingPower));
        }
        sb.append(',').append(attempts).append(',');
        SimTime.appendSeconds(sb, firstStart);
        sb.append('\n');
    }

    /** tau and the stretches with six decimals; empty where the model does not define them. */
    private static void appendNetwork(StringBuilder sb, Report.NetworkUse n) {
        if (n == null) {
            sb.append(",,,,,");
            return;
        }
        sb.append(',');
        appendDecimal(sb, n.tau());
        sb.append(',');
        appendDecimal(sb, n.sigmaMean());
        sb.append(',');
        appendDecimal(sb, n.sigmaMax());
        sb.append(',').append(n.hopBytes()).append(',').append(n.maxLinkLoad());
    }

    private static void appendDecimal(StringBuilder sb, double v) {
        if (!Double.isNaN(v)) {
            sb.append(String.format(java.util.Locale.ROOT, "%.6f", v));
        }
    }

    /**
     * Writes num / den with six decimals, rounded half to even from the exact fraction; 0 when
     * {@code den} is 0 (the mean over no pairs).
     */
    public static void appendFraction(StringBuilder sb, long num, long den) {
        if (den == 0) {
            sb.append("0.000000");
            return;
        }
        if (num > Long.MAX_VALUE / 1_000_000L) {
            sb.append(java.math.BigDecimal.valueOf(num)
                    .divide(java.math.BigDecimal.valueOf(den), 6, java.math.RoundingMode.HALF_EVEN).toPlainString());
            return;
        }
        long scaled = num * 1_000_000L;
        long q = scaled / den;
        long r = scaled % den;
        if (2 * r > den || (2 * r == den && (q & 1) == 1)) {
            q++;
        }
        sb.append(q / 1_000_000L).append('.');
        String frac = Long.toString(q % 1_000_000L);
        for (int i = frac.length(); i < 6; i++) {
            sb.append('0');
        }
        sb.append(frac);
    }

    /** Node ids separated by {@code ;}. */
    static void appendNodes(StringBuilder sb, int[] nodes) {
        for (int i = 0; i < nodes.length; i++) {
            if (i > 0) {
                sb.append(';');
            }
            sb.append(nodes[i]);
        }
    }

    /** A CSV field, quoted (quotes doubled) when it holds a comma, a quote or a newline, as in every CSV output. */
    public static void appendQuoted(StringBuilder sb, String s) {
        boolean quote = s.indexOf(',') >= 0 || s.indexOf('"') >= 0 || s.indexOf('\n') >= 0;
        if (!quote) {
            sb.append(s);
            return;
        }
        sb.append('"').append(s.replace("\"", "\"\"")).append('"');
    }
}
