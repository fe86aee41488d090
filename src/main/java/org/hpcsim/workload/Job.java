package org.hpcsim.workload;

/**
 * A job as the simulation sees it. Times are microseconds.
 *
 * @param index        0-based position in the trace (the simulation's internal key)
 * @param id           the trace's job id (SWF field 1; in a .sim trace the 0-based job line index; in a
 *                     four-column trace the 1-based job line index)
 * @param line         line number in the trace file (for messages)
 * @param submit       submit time as given by the trace, or -1 when unknown
 * @param arrival      when the job enters the simulation: the submit time, or for a job with an
 *                     unknown submit time the arrival of the job before it (it is rejected anyway)
 * @param runTime      run time from the trace (how long it runs if not killed), or -1 when unknown
 * @param estimate     the user's estimate (requested time) after the missing-estimate rule
 * @param procs        requested processors
 * @param nodes        nodes needed: {@code ceil(procs / cores-per-node)}
 * @param options      trailing options of a .sim line (communication pattern etc.), or null
 * @param swf          the full SWF record, or null for other formats
 * @param rejectReason why the job cannot run (unusable fields), or null when it can
 */
public record Job(
        int index,
        long id,
        long line,
        long submit,
        long arrival,
        long runTime,
        long estimate,
        int procs,
        int nodes,
        String options,
        SwfRecord swf,
        String rejectReason) implements org.hpcsim.kernel.Canonical.Keyed {

    /**
     * A job in a fingerprint: its index and the fields a scheduler may change in a copy (a requeued job's
     * remaining run time, a malleable job's shape); the trace's record and options follow from the index.
     */
    @Override
    public void writeKey(org.hpcsim.kernel.StateDigest out) {
        out.add(index).add(id).add(submit).add(arrival).add(runTime).add(estimate).add(procs).add(nodes)
                .add(rejectReason);
    }

    public boolean usable() {
        return rejectReason == null;
    }
}
