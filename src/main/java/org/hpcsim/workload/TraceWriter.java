package org.hpcsim.workload;

import java.math.BigDecimal;
import org.hpcsim.time.SimTime;

/**
 * Formats trace lines that the readers read back to the same values: times as exact decimal seconds
 * ({@code -1} for unknown), SWF with all 18 fields.
 */
final class TraceWriter {
    private TraceWriter() {
    }

    /** Appends one job line (without the line end) in the given format. */
    static void appendLine(StringBuilder sb, TraceFormat format, TraceRecord r) {
        switch (format) {
            case SWF -> appendSwf(sb, r.toSwf());
            case SIM -> {
                appendColumns(sb, r);
                if (r.options() != null) {
                    sb.append(' ').append(r.options());
                }
            }
            case FOUR_COLUMN -> appendColumns(sb, r);
        }
    }

    /** {@code submit procs runtime estimate}: the columns .sim and four-column share. */
    private static void appendColumns(StringBuilder sb, TraceRecord r) {
        SimTime.appendSeconds(sb, r.submit());
        sb.append(' ').append(r.procs()).append(' ');
        SimTime.appendSeconds(sb, r.runTime());
        sb.append(' ');
        SimTime.appendSeconds(sb, r.estimate());
    }

    static void appendSwf(StringBuilder sb, SwfRecord r) {
        sb.append(r.jobNumber()).append(' ');
        SimTime.appendSeconds(sb, r.submitTime());
        sb.append(' ');
        SimTime.appendSeconds(sb, r.waitTime());
        sb.append(' ');
        SimTime.appendSeconds(sb, r.runTime());
        sb.append(' ').append(r.allocatedProcessors()).append(' ');
        SimTime.appendSeconds(sb, r.averageCpuTime());
        sb.append(' ');
        appendReal(sb, r.usedMemoryKb());
        sb.append(' ').append(r.requestedProcessors()).append(' ');
        SimTime.appendSeconds(sb, r.requestedTime());
        sb.append(' ');
        appendReal(sb, r.requestedMemoryKb());
        sb.append(' ').append(r.status())
                .append(' ').append(r.userId())
                .append(' ').append(r.groupId())
                .append(' ').append(r.executableNumber())
                .append(' ').append(r.queueNumber())
                .append(' ').append(r.partitionNumber())
                .append(' ').append(r.precedingJobNumber()).append(' ');
        SimTime.appendSeconds(sb, r.thinkTime());
    }

    /** A real field in its shortest exact form: 1024 rather than 1024.0, never an exponent. */
    private static void appendReal(StringBuilder sb, double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            sb.append((long) v);
        } else {
            sb.append(BigDecimal.valueOf(v).stripTrailingZeros().toPlainString());
        }
    }
}
