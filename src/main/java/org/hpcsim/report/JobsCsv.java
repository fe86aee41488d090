package org.hpcsim.report;

import org.hpcsim.kernel.SimTime;
import org.hpcsim.workload.Job;
import org.hpcsim.workload.JobStatus;

/** Formats {@code jobs.csv}: one row per job, times in seconds as exact decimals. */
public final class JobsCsv {
    public static final String HEADER =
            "id,submit,wait,start,end,run_time,estimate,procs,nodes,status,reason,avg_pairwise_hops";

    private JobsCsv() {
    }

    /**
     * Appends one row. {@code hopSum} is the sum of pairwise hop distances of the allocation, or -1
     * when the machine has no distances (the column is then empty).
     */
    static void appendRow(StringBuilder sb, Job job, long start, long end, int[] nodes, JobStatus status,
                          String reason, long hopSum) {
        sb.append(job.id()).append(',');
        if (job.submit() >= 0) {
            SimTime.appendSeconds(sb, job.submit());
        }
        sb.append(',');
        boolean ran = status != JobStatus.REJECTED;
        if (ran) {
            SimTime.appendSeconds(sb, start - job.arrival());
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
            for (int i = 0; i < nodes.length; i++) {
                if (i > 0) {
                    sb.append(';');
                }
                sb.append(nodes[i]);
            }
        }
        sb.append(',').append(status.label()).append(',');
        if (reason != null) {
            appendQuoted(sb, reason);
        }
        sb.append(',');
        if (ran && hopSum >= 0) {
            appendMean(sb, hopSum, nodes.length);
        }
        sb.append('\n');
    }

    /** Writes sum / (k(k-1)/2) with six decimals, rounded half to even from the exact fraction. */
    static void appendMean(StringBuilder sb, long sum, int k) {
        long pairs = (long) k * (k - 1) / 2;
        if (pairs == 0) {
            sb.append("0.000000");
            return;
        }
        if (sum > Long.MAX_VALUE / 1_000_000L) {
            sb.append(java.math.BigDecimal.valueOf(sum)
                    .divide(java.math.BigDecimal.valueOf(pairs), 6, java.math.RoundingMode.HALF_EVEN).toPlainString());
            return;
        }
        long scaled = sum * 1_000_000L;
        long q = scaled / pairs;
        long r = scaled % pairs;
        if (2 * r > pairs || (2 * r == pairs && (q & 1) == 1)) {
            q++;
        }
        sb.append(q / 1_000_000L).append('.');
        String frac = Long.toString(q % 1_000_000L);
        for (int i = frac.length(); i < 6; i++) {
            sb.append('0');
        }
        sb.append(frac);
    }

    private static void appendQuoted(StringBuilder sb, String s) {
        boolean quote = s.indexOf(',') >= 0 || s.indexOf('"') >= 0 || s.indexOf('\n') >= 0;
        if (!quote) {
            sb.append(s);
            return;
        }
        sb.append('"').append(s.replace("\"", "\"\"")).append('"');
    }
}
