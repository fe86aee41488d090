package org.hpcsim.batsim;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;
import java.util.Locale;
import org.hpcsim.time.SimTime;
import org.hpcsim.workload.Job;
import org.hpcsim.workload.JobStatus;

/**
 * Batsim's jobs file ({@code _jobs.csv}, Batsim 4's {@code docs/output-jobs.rst}), which evalys's
 * {@code JobSet.from_csv} loads: one row per job, the documented columns in the order Batsim 4's
 * writer ({@code src/export.cpp}) gives them, which puts {@code allocated_resources} before
 * {@code consumed_energy} (the document lists them the other way round; readers go by name).
 *
 * <p>Values as Batsim writes them: times in seconds with six decimals (exact: hpcsim's times are
 * microseconds), {@code success} 1 or 0, resources as an interval set ({@link IntervalSet}),
 * {@code consumed_energy} in joules or -1 when energy is not modelled, {@code metadata} the empty
 * string {@code ""}. The execution columns ({@code starting_time} to {@code stretch},
 * {@code allocated_resources}, {@code consumed_energy}) are empty for a job that did not execute, as
 * Batsim leaves them for a rejected job; {@code stretch} is also empty for a job that executed for 0 s
 * (the ratio is undefined). A job requeued after a failure shows its last attempt.
 */
public final class BatsimJobsCsv {
    /** The file's name in a run's output directory. */
    public static final String FILE = "batsim_jobs.csv";

    /** The columns, in order. */
    public static final List<String> COLUMNS = List.of("job_id", "workload_name", "profile", "submission_time",
            "requested_number_of_resources", "requested_time", "success", "final_state", "starting_time",
            "execution_time", "finish_time", "waiting_time", "turnaround_time", "stretch", "allocated_resources",
            "consumed_energy", "metadata");

    /** The header line (without its line end). */
    public static final String HEADER = String.join(",", COLUMNS);

    private BatsimJobsCsv() {
    }

    /**
     * Batsim's final state for an hpcsim status; {@code started}: the job's last attempt started (it
     * has nodes and a start time). A job that ended without starting (rejected, or failed because it
     * could never be placed) is REJECTED, Batsim's state for a job that was not executed; a job still
     * queued or running when the run was stopped, or not yet submitted, has the state Batsim gives such
     * a job in memory (SUBMITTED, RUNNING, NOT_SUBMITTED).
     */
    public static String finalState(JobStatus status, boolean started) {
        return finalState(status, started, null);
    }

    /** As {@link #finalState(JobStatus, boolean)}; a job its external scheduler killed is COMPLETED_KILLED. */
    public static String finalState(JobStatus status, boolean started, String reason) {
        if (status == JobStatus.KILLED && BatsimNames.KILLED_BY_SCHEDULER.equals(reason)) {
            return "COMPLETED_KILLED";
        }
        return switch (status) {
            case COMPLETED -> "COMPLETED_SUCCESSFULLY";
            case KILLED -> "COMPLETED_WALLTIME_REACHED";
            case FAILED -> started ? "COMPLETED_FAILED" : "REJECTED";
            case REJECTED -> "REJECTED";
            case UNFINISHED -> started ? "RUNNING" : "SUBMITTED";
            case NOT_SUBMITTED -> "NOT_SUBMITTED";
        };
    }

    /** Whether the job executed to an end: Batsim's COMPLETED_* states, whose rows have execution columns. */
    static boolean executed(JobStatus status, boolean started) {
        return finalState(status, started).startsWith("COMPLETED_");
    }

    /**
     * Appends one row with its line end.
     *
     * @param id      the job's id as Batsim writes it: its name in a Batsim workload
     *                ({@code BatsimWorkloadReader.jobNames}), else the trace's job id
     * @param profile the job's profile name (empty when its trace names none)
     * @param walltime the job's walltime as Batsim has it, microseconds, -1 when none (not the estimate
     *                 hpcsim made up for it)
     * @param start   start of its last attempt, or -1 when it never started
     * @param end     end of its last attempt
     * @param nodes   the nodes of its last attempt, or null
     * @param reason  why it ended as it did, or null (tells a job its scheduler killed from one killed at its estimate)
     * @param joules  energy its nodes consumed during the execution, NaN when energy is not modelled
     */
    public static void appendRow(StringBuilder sb, Job job, String id, String profile, long walltime, long start,
                                 long end, int[] nodes,
                                 JobStatus status, String reason, double joules) {
        boolean started = start >= 0 && nodes != null;
        boolean executed = executed(status, started);
        appendText(sb, id);
        sb.append(',').append(BatsimNames.WORKLOAD).append(',');
        appendText(sb, profile);
        sb.append(',');
        if (job.submit() >= 0) {
            appendSeconds(sb, job.submit());
        }
        sb.append(',').append(job.procs()).append(',');
        appendSeconds(sb, walltime > 0 ? walltime : -SimTime.MICROS_PER_SECOND);
        sb.append(',').append(status == JobStatus.COMPLETED ? 1 : 0).append(',').append(finalState(status, started, reason));
        if (!executed) {
            sb.append(",,,,,,,,,\"\"\n");
            return;
        }
        long execution = end - start;
        long turnaround = end - job.submit();
        sb.append(',');
        appendSeconds(sb, start);
        sb.append(',');
        appendSeconds(sb, execution);
        sb.append(',');
        appendSeconds(sb, end);
        sb.append(',');
        appendSeconds(sb, start - job.submit());
        sb.append(',');
        appendSeconds(sb, turnaround);
        sb.append(',');
        if (execution > 0) {
            sb.append(BigDecimal.valueOf(turnaround).divide(BigDecimal.valueOf(execution), 6, RoundingMode.HALF_EVEN)
                    .toPlainString());
        }
        sb.append(',').append(IntervalSet.format(nodes)).append(',');
        sb.append(Double.isNaN(joules) ? "-1.000000" : String.format(Locale.ROOT, "%.6f", joules));
        sb.append(",\"\"\n");
    }

    /** Microseconds as seconds with exactly six decimals, as Batsim writes times ({@code 3600.000000}). */
    static void appendSeconds(StringBuilder sb, long micros) {
        if (micros < 0) {
            sb.append('-');
        }
        long m = Math.abs(micros);
        sb.append(m / SimTime.MICROS_PER_SECOND).append('.');
        String frac = Long.toString(m % SimTime.MICROS_PER_SECOND);
        sb.append("000000", frac.length(), 6).append(frac);
    }

    /** A text field, quoted (quotes doubled) when it holds a comma, a quote or a line end. */
    private static void appendText(StringBuilder sb, String s) {
        if (s.indexOf(',') < 0 && s.indexOf('"') < 0 && s.indexOf('\n') < 0 && s.indexOf('\r') < 0) {
            sb.append(s);
            return;
        }
        sb.append('"').append(s.replace("\"", "\"\"")).append('"');
    }
}
