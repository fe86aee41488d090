package org.hpcsim.external;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * pybatsim 3.x's {@code schedulers/fcfsSchedSleep.py} replayed statement for statement (an FCFS that
 * switches idle machines off when the head job cannot start because of running jobs, or when nothing
 * waits, and switches sleeping ones on when the head job could run on them). Names follow the Python
 * source; its prints are left out. Its {@code PState} enum is given: pybatsim's own numbers
 * ({@link #PYBATSIM}: computing 0, 1, 2, sleep 3) are those of Batsim's {@code energy_platform.xml}
 * host Mercury, not of {@code energy_platform_homogeneous.xml} ({@link #HOMOGENEOUS}: computing 0,
 * sleep 1), which its docstring names. One deviation: a RESOURCE_STATE_CHANGED's state, a string in
 * Batsim 4's protocol, is compared with the enum as a number; the Python compares the string with
 * the enum's integers, never equal, and exits at the first state change (docs/batsim.md).
 */
final class FcfsSchedSleep extends PybatsimClient.Scheduler {

    /** The scheduler's {@code PState} enum: its computing pstates (ComputeFast first) and its sleep pstate. */
    record PStates(List<Integer> compute, int sleep) {
        int computeFast() {
            return compute.get(0);
        }
    }

    /** As pybatsim writes it: ComputeFast = 0, ComputeMedium = 1, ComputeSlow = 2, Sleep = 3. */
    static final PStates PYBATSIM = new PStates(List.of(0, 1, 2), 3);
    /** The same enum renumbered for energy_platform_homogeneous.xml: ComputeFast = 0, Sleep = 1. */
    static final PStates HOMOGENEOUS = new PStates(List.of(0), 1);

    private enum State { COMPUTING, IDLE, SLEEPING, SWITCHING_ON, SWITCHING_OFF }

    private final PStates pstate;
    /** Every state change the scheduler asked for, "time resource state", in order (for the test). */
    final List<String> requests = new ArrayList<>();

    private List<PybatsimClient.Job> openJobs;
    private TreeSet<Integer> computingMachines;
    private TreeSet<Integer> idleMachines;
    private TreeSet<Integer> sleepingMachines;
    private TreeSet<Integer> switchingOnMachines;
    private TreeSet<Integer> switchingOffMachines;
    private Map<Integer, State> machinesStates;

    FcfsSchedSleep(PStates pstate) {
        this.pstate = pstate;
    }

    /** {@code onAfterBatsimInit}. */
    @Override
    public void onSimulationBegins() {
        openJobs = new ArrayList<>();
        computingMachines = new TreeSet<>();
        idleMachines = new TreeSet<>();
        for (int i = 0; i < bs.nbResources(); i++) {
            idleMachines.add(i);
        }
        sleepingMachines = new TreeSet<>();
        switchingOnMachines = new TreeSet<>();
        switchingOffMachines = new TreeSet<>();
        machinesStates = new HashMap<>();
        for (int i = 0; i < bs.nbResources(); i++) {
            machinesStates.put(i, State.IDLE);
        }
    }

    private void scheduleJobs() {
        List<PybatsimClient.Job> scheduledJobs = new ArrayList<>();
        List<int[]> pstatesToChange = new ArrayList<>(); // (pstate, resource)
        boolean loop = true;
        while (loop && !openJobs.isEmpty()) {
            PybatsimClient.Job job = openJobs.get(0);
            int nbResReq = job.requestedResources;
            if (nbResReq > bs.nbResources()) {
                throw new IllegalStateException("Rejection unimplemented");
            } else if (nbResReq <= idleMachines.size()) {
                int[] res = idleMachines.stream().limit(nbResReq).mapToInt(Integer::intValue).toArray();
                job.allocation = res;
                scheduledJobs.add(job);
                for (int r : res) {
                    idleMachines.remove(r);
                    computingMachines.add(r);
                    machinesStates.put(r, State.COMPUTING);
                }
                openJobs.remove(job);
            } else {
                loop = false;
                int nbNotComputingMachines = bs.nbResources() - computingMachines.size();
                if (nbResReq <= nbNotComputingMachines) {
                    int nbResToSwitchOn = nbResReq - idleMachines.size() - switchingOnMachines.size();
                    if (nbResToSwitchOn > 0) {
                        int nbSwitchOn = Math.min(nbResToSwitchOn, sleepingMachines.size());
                        if (nbSwitchOn > 0) {
                            List<Integer> res = sleepingMachines.stream().limit(nbSwitchOn).toList();
                            for (int r : res) {
                                sleepingMachines.remove(r);
                                switchingOnMachines.add(r);
                                machinesStates.put(r, State.SWITCHING_ON);
                                pstatesToChange.add(new int[] {pstate.computeFast(), r});
                            }
                        }
                    }
                } else {
                    for (int r : idleMachines) {
                        switchingOffMachines.add(r);
                        machinesStates.put(r, State.SWITCHING_OFF);
                        pstatesToChange.add(new int[] {pstate.sleep(), r});
                    }
                    idleMachines = new TreeSet<>();
                }
            }
        }
        if (openJobs.isEmpty()) {
            for (int r : idleMachines) {
                switchingOffMachines.add(r);
                machinesStates.put(r, State.SWITCHING_OFF);
                pstatesToChange.add(new int[] {pstate.sleep(), r});
            }
            idleMachines = new TreeSet<>();
        }
        // self.bs.consume_time(self.sched_delay): a delay of 0.
        for (PybatsimClient.Job job : scheduledJobs) {
            bs.executeJob(job, job.allocation);
        }
        for (int[] change : pstatesToChange) {
            requests.add(bs.time() + " " + change[1] + " " + change[0]);
            bs.setResourceState(new int[] {change[1]}, String.valueOf(change[0]));
        }
    }

    @Override
    public void onJobSubmission(PybatsimClient.Job job) {
        if (job.requestedResources > bs.nbResources()) {
            bs.rejectJob(job);
        } else {
            openJobs.add(job);
            scheduleJobs();
        }
    }

    @Override
    public void onJobCompletion(PybatsimClient.Job job) {
        for (int res : job.allocation) {
            idleMachines.add(res);
            computingMachines.remove(res);
            machinesStates.put(res, State.IDLE);
        }
        scheduleJobs();
    }

    @Override
    public void onMachinePStateChanged(int[] machines, String state) {
        int machine = machines[0];
        int newPstate = Integer.parseInt(state);
        if (pstate.compute().contains(newPstate)) {
            if (machinesStates.get(machine) == State.SWITCHING_ON) {
                switchingOnMachines.remove(machine);
                idleMachines.add(machine);
                machinesStates.put(machine, State.IDLE);
            } else {
                throw new IllegalStateException("Unhandled case: a machine switched to a compute pstate but was not"
                        + " switching ON");
            }
        } else if (newPstate == pstate.sleep()) {
            if (machinesStates.get(machine) == State.SWITCHING_OFF) {
                switchingOffMachines.remove(machine);
                sleepingMachines.add(machine);
                machinesStates.put(machine, State.SLEEPING);
            } else {
                throw new IllegalStateException("Unhandled case: a machine switched to a sleep pstate but was not"
                        + " switching OFF");
            }
        } else {
            throw new IllegalStateException("Switched to an unhandled pstate: " + newPstate);
        }
        scheduleJobs();
    }
}
