package org.hpcsim.protocol;

import org.hpcsim.workload.Job;
import org.hpcsim.workload.JobStatus;
import java.util.List;

import org.hpcsim.protocol.SchedulerProtocol;
import org.hpcsim.protocol.NodeProtocol;
/**
 * The scheduler protocol: what the scheduler accepts. Each record says who sends it to whom.
 */
public sealed interface SchedulerProtocol {

    /** TraceFeeder -> Scheduler: a job arrives (at its arrival time). */
    public record JobArrived(Job job) implements SchedulerProtocol {
    }

    /**
     * TraceFeeder -> Scheduler, in the wind-down of a run stopped early: jobs never submitted (their
     * arrival lay after the stop), to record as such.
     */
    public record NotSubmitted(List<Job> jobs) implements SchedulerProtocol {
        /** The ids of the first and last jobs only: a message may carry thousands, and errors name it. */
        @Override
        public String toString() {
            return "NotSubmitted[" + jobs.size() + " jobs" + (jobs.isEmpty() ? "" : ", ids " + jobs.get(0).id()
                    + " .. " + jobs.get(jobs.size() - 1).id()) + "]";
        }
    }

    /**
     * Scheduler -> Scheduler (itself): the stall watch armed with {@code epoch} has run its time (see
     * {@code failures.stall-limit}); it ends the run unless a job started since.
     */
    public record StallCheck(long epoch) implements SchedulerProtocol {
    }

    /** TraceFeeder -> Scheduler: no job arrives after the last one sent (sent with it). */
    public record TraceEnded() implements SchedulerProtocol {
    }

    /**
     * Scheduler -> Scheduler (itself): a call its policy asked for (an external scheduler's CALL_ME_LATER)
     * is due; also Kernel -> Scheduler at time 0 when the policy is reactive, so that it hears of the run then.
     */
    public record Called() implements SchedulerProtocol {
    }

    /**
     * Scheduler -> Scheduler (itself): the node's power switch number {@code version} (switching off or
     * on, or a change of computing state) has taken its transition's time.
     */
    public record PowerSwitched(int node, int version) implements SchedulerProtocol {
    }

    /**
     * ComputeNode -> Scheduler: the job's run on {@code node} ended at {@code endTime} with
     * {@code status}; a lead node under the links model adds the contention it saw, others null.
     */
    public record NodeReport(int jobIndex, int node, long endTime, JobStatus status, Contention contention)
            implements SchedulerProtocol {
    }

    /**
     * ComputeNode -> Scheduler: the node stopped job {@code jobIndex} at {@code time} as asked
     * ({@link NodeProtocol.Abort}); a lead under the links model says how much work was done
     * (microseconds of trace run time) and the contention it saw until then (sigmas NaN if its compute
     * phase had not begun), others NaN and null.
     */
    public record NodeAborted(int jobIndex, int node, long time, double workDone, Contention contention)
            implements SchedulerProtocol {
    }

    /**
     * ComputeNode -> Scheduler: {@code node} failed at {@code time} running {@code jobIndex} (-1:
     * idle), with {@code workDone} and {@code contention} as in {@link NodeAborted}; {@code cause} is
     * what the failure came from ({@code scenario}, or the failure model); {@code alreadyDown} when it
     * was down already.
     */
    public record NodeFailed(int node, long time, int jobIndex, double workDone, Contention contention, String cause,
                             boolean alreadyDown) implements SchedulerProtocol {
    }

    /** ComputeNode -> Scheduler: {@code node} was repaired at {@code time}; {@code wasDown} false if it was up. */
    public record NodeRepaired(int node, long time, String cause, boolean wasDown) implements SchedulerProtocol {
    }

    /** Kernel (a scenario event) -> Scheduler: the nodes move to power state {@code pstate}, as SET_RESOURCE_STATE does. */
    public record SetPowerState(int[] nodes, int pstate, String cause) implements SchedulerProtocol {
    }

    /** Kernel (a scenario event) -> Scheduler: the power cap of its policy is {@code watts} from now on. */
    public record SetPowerCap(double watts, String cause) implements SchedulerProtocol {
    }

    /** Kernel (a scenario event) -> Scheduler: no new job on {@code nodes}; running ones finish. */
    public record Drain(int[] nodes, String cause) implements SchedulerProtocol {
    }

    /** Kernel (a scenario event) -> Scheduler: {@code nodes} take jobs again. */
    public record Resume(int[] nodes, String cause) implements SchedulerProtocol {
    }

    /**
     * Kernel (a scenario event) -> Scheduler: the link between nodes {@code a} and {@code b} fails
     * ({@code up} false) or comes back.
     */
    public record LinkEvent(int a, int b, boolean up, String cause) implements SchedulerProtocol {
    }

    /**
     * The contention a job met: time-weighted mean and largest stretch of its compute phase, the most load
     * on one of its links, and how long its read and write phases took (0 without I/O).
     */
    public record Contention(double sigmaMean, double sigmaMax, long maxLinkLoad, long readTime, long writeTime) {
    }
}
