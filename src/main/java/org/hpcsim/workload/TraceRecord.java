package org.hpcsim.workload;

/**
 * A job as a trace line holds it, for writing traces: the values as read, before the reader's
 * mapping to nodes. Times are microseconds; negative values are unknown.
 *
 * @param id       the job id (SWF field 1; the job's index in .sim and four-column traces)
 * @param submit   submit time as read (negative: unknown)
 * @param arrival  when the simulation would deliver the job (see {@link Job#arrival()})
 * @param procs    processors as read (for SWF the field the size option picks; negative: unknown)
 * @param runTime  run time as read
 * @param estimate the estimate the reader derived: the requested time, or the missing-estimate rule
 * @param options  trailing options of a .sim line, or null
 * @param swf      the full SWF record when the trace is SWF, or null
 * @param usable   false when the reader rejected the job (its values are then written unchanged)
 */
record TraceRecord(long id, long submit, long arrival, long procs, long runTime, long estimate, String options,
                   SwfRecord swf, boolean usable) {

    /** An unknown time field: -1 second. */
    static final long UNKNOWN_TIME = -1_000_000;

    static TraceRecord of(Job job, WorkloadOptions options) {
        SwfRecord r = job.swf();
        long procs = job.procs();
        if (r != null) {
            procs = options.swfSize() == WorkloadOptions.SwfSizeField.ALLOCATED
                    ? (r.allocatedProcessors() > 0 ? r.allocatedProcessors() : r.requestedProcessors())
                    : (r.requestedProcessors() > 0 ? r.requestedProcessors() : r.allocatedProcessors());
        }
        // The readers mark an unknown estimate as -1 microsecond; written, it is -1 second.
        long estimate = job.estimate() < 0 ? UNKNOWN_TIME : job.estimate();
        return new TraceRecord(job.id(), job.submit(), job.arrival(), procs, job.runTime(), estimate,
                job.options(), r, job.usable());
    }

    /** As an SWF record: the record read, or one with the known fields set and every other -1. */
    SwfRecord toSwf() {
        if (swf != null) {
            return swf;
        }
        return new SwfRecord(id, submit, UNKNOWN_TIME, runTime, -1, UNKNOWN_TIME, -1, procs, estimate, -1, -1, -1, -1,
                -1, -1, -1, -1, UNKNOWN_TIME);
    }
}
