package org.hpcsim.batsim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.EnumMap;
import java.util.Map;
import org.hpcsim.time.SimTime;
import org.hpcsim.workload.Job;
import org.hpcsim.workload.JobStatus;
import org.junit.jupiter.api.Test;

class BatsimJobsCsvTest {

    private static Job job(long id, long submit, long estimate, int procs, String reason) {
        return new Job(0, id, 1, submit, submit, SimTime.seconds(30), estimate, procs, procs, null, null, reason);
    }

    private static String row(Job job, String profile, long start, long end, int[] nodes, JobStatus status,
                              double joules) {
        StringBuilder sb = new StringBuilder();
        BatsimJobsCsv.appendRow(sb, job, Long.toString(job.id()), profile, BatsimNames.walltime(job), start, end, nodes,
                status, null, joules);
        return sb.toString();
    }

    @Test
    void everyStatusHasABatsimFinalStateAndOnlyJobsThatStartedCompleteOrRun() {
        Map<JobStatus, String> started = new EnumMap<>(JobStatus.class);
        Map<JobStatus, String> never = new EnumMap<>(JobStatus.class);
        for (JobStatus s : JobStatus.values()) {
            started.put(s, BatsimJobsCsv.finalState(s, true));
            never.put(s, BatsimJobsCsv.finalState(s, false));
        }
        assertEquals(Map.of(JobStatus.COMPLETED, "COMPLETED_SUCCESSFULLY", JobStatus.KILLED, "COMPLETED_WALLTIME_REACHED",
                JobStatus.FAILED, "COMPLETED_FAILED", JobStatus.REJECTED, "REJECTED", JobStatus.UNFINISHED, "RUNNING",
                JobStatus.NOT_SUBMITTED, "NOT_SUBMITTED"), started);
        assertEquals("REJECTED", never.get(JobStatus.FAILED), "failed before starting: never placed, not executed");
        assertEquals("SUBMITTED", never.get(JobStatus.UNFINISHED), "still queued when the run stopped");
        assertEquals("REJECTED", never.get(JobStatus.REJECTED));
    }

    @Test
    void anExecutedJobHasSixDecimalTimesItsIdentitiesAnIntervalSetAndItsEnergy() {
        Job j = job(42, 10_500_000, SimTime.seconds(60), 5, null);
        assertEquals("42,w0,d30,10.500000,5,60.000000,1,COMPLETED_SUCCESSFULLY,20.000000,30.000001,50.000001,"
                        + "9.500000,39.500001,1.316667,0-3 8,1234.500000,\"\"\n",
                row(j, "d30", 20_000_000, 50_000_001, new int[]{8, 3, 0, 1, 2}, JobStatus.COMPLETED, 1234.5));
        assertEquals("42,w0,,10.500000,5,60.000000,0,COMPLETED_WALLTIME_REACHED,20.000000,0.000000,20.000000,"
                        + "9.500000,9.500000,,7,-1.000000,\"\"\n",
                row(j, "", 20_000_000, 20_000_000, new int[]{7}, JobStatus.KILLED, Double.NaN),
                "no energy model: -1 as Batsim writes it; no execution: no stretch");
    }

    @Test
    void aJobThatDidNotExecuteHasEmptyExecutionColumnsAsBatsimWritesARejectedJob() {
        Job rejected = job(3, 0, -1, 2, "unknown run time");
        assertEquals("3,w0,\"a,b\",0.000000,2,-1.000000,0,REJECTED,,,,,,,,,\"\"\n",
                row(rejected, "a,b", -1, -1, null, JobStatus.REJECTED, Double.NaN));
        Job queued = job(4, SimTime.seconds(5), SimTime.seconds(9), 1, null);
        assertEquals("4,w0,p,5.000000,1,9.000000,0,SUBMITTED,,,,,,,,,\"\"\n",
                row(queued, "p", -1, -1, null, JobStatus.UNFINISHED, 7.0));
        assertEquals("4,w0,p,5.000000,1,9.000000,0,RUNNING,,,,,,,,,\"\"\n",
                row(queued, "p", SimTime.seconds(6), SimTime.seconds(8), new int[]{0}, JobStatus.UNFINISHED, 7.0));
    }
}
