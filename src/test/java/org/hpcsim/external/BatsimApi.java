package org.hpcsim.external;

import java.util.List;

/**
 * pybatsim's {@code self.bs} as a scheduler sees it: the client, or a test's model of Batsim that
 * drives the same scheduler without hpcsim ({@code BatsimOracle}).
 */
public interface BatsimApi {
    /** pybatsim's {@code time()}: the current message's {@code now}. */
    double time();

    /** pybatsim's {@code nb_resources}. */
    int nbResources();

    /** pybatsim's {@code execute_jobs}: each job's allocation must be set. */
    void executeJob(PybatsimClient.Job job, int[] allocation);

    /** pybatsim's {@code reject_jobs}. */
    void rejectJob(PybatsimClient.Job job);

    /** pybatsim's {@code kill_jobs}. */
    void killJobs(List<PybatsimClient.Job> killed);

    /** pybatsim's {@code wake_me_up_at}. */
    void wakeMeUpAt(double time);

    /** pybatsim's {@code set_resource_state}. */
    void setResourceState(int[] resources, String state);

    /** pybatsim's {@code request_consumed_energy}: a QUERY, answered by an ANSWER. */
    default void requestConsumedEnergy() {
        throw new UnsupportedOperationException("no energy query here");
    }
}
