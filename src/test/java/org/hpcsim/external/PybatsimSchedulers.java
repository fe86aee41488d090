package org.hpcsim.external;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * pybatsim 3.x's bundled schedulers replayed statement for statement, so that a test can run them
 * without Python: {@code schedulers/schedFcfs.py} and {@code schedulers/schedEasySjfBackfill.py} on
 * the high-level {@code batsim.sched} layer ({@code scheduler.py}, {@code job.py},
 * {@code resource.py}, {@code alloc.py}, {@code algorithms/filling.py}, {@code backfilling.py},
 * {@code utils.py}), and {@code schedulers/easyBackfill.py} on the low-level API. Method and field
 * names follow the Python source; only what these three schedulers reach is replayed (no
 * dependencies, no special resources, no find-resource handlers, no pstates).
 */
final class PybatsimSchedulers {
    private PybatsimSchedulers() {
    }

    /** {@code batsim.sched.resource.Resource.TIME_DELTA}. */
    static final double TIME_DELTA = 0.00000000001;

    /** {@code batsim.sched.utils.increment_float}: adds, and with untilChanged grows the step until the sum differs. */
    static double incrementFloat(double value, double inc, boolean untilChanged) {
        double result = value + inc;
        while (untilChanged && result == value) {
            inc *= 10;
            result = value + inc;
        }
        return result;
    }

    /** {@code batsim.sched.alloc.Allocation}, as far as jobs use it. */
    static final class Allocation {
        final double startTime;
        final double walltime;
        final List<Resource> resources = new ArrayList<>();
        /** The real end (set by {@code free}); null while the allocation is active. */
        Double endTime;

        Allocation(double startTime, double walltime, List<Resource> res) {
            // alloc.py: assert start_time > 0, "Invalid start time for the allocation was given"
            if (!(startTime > 0)) {
                throw new AssertionError("Invalid start time for the allocation was given");
            }
            this.startTime = startTime;
            this.walltime = walltime;
            for (Resource r : res) {
                r.allocations.add(this);
                resources.add(r);
            }
        }

        /** {@code estimated_end_time}: the real end, else start + (walltime or inf); a walltime of -1 is truthy in Python. */
        double estimatedEndTime() {
            if (endTime != null) {
                return endTime;
            }
            return startTime + (walltime != 0 ? walltime : Double.POSITIVE_INFINITY);
        }

        void free(double now) {
            for (Resource r : resources) {
                r.allocations.remove(this);
            }
            endTime = now;
        }
    }

    /** {@code batsim.sched.resource.ComputeResource}. */
    static final class Resource {
        final int id;
        final List<Allocation> allocations = new ArrayList<>();

        Resource(int id) {
            this.id = id;
        }

        /** {@code find_first_time_to_fit_walltime}, line for line; null: not free at present. */
        Double findFirstTimeToFitWalltime(double requestedWalltime, double time, boolean futureReservation,
                                          double presentTime) {
            double startTime = time;
            boolean timeUpdated = true;
            while (timeUpdated) {
                timeUpdated = false;
                for (Allocation alloc : allocations) {
                    double endTime = alloc.endTime == null ? Double.POSITIVE_INFINITY : alloc.estimatedEndTime();
                    if (alloc.startTime <= time && endTime == Double.POSITIVE_INFINITY && !futureReservation
                            && time <= presentTime) {
                        return null;
                    }
                    if (alloc.startTime <= time && endTime >= time) {
                        double newTime = incrementFloat(alloc.estimatedEndTime(), TIME_DELTA, true);
                        if (newTime < startTime) {
                            newTime = startTime;
                        }
                        if (newTime > time) {
                            timeUpdated = true;
                            time = newTime;
                            break;
                        }
                    }
                }
                if (!timeUpdated) {
                    double estimatedEndTime = incrementFloat(time, requestedWalltime, true);
                    estimatedEndTime = incrementFloat(estimatedEndTime, TIME_DELTA, true);
                    for (Allocation alloc : allocations) {
                        if (alloc.startTime > time && alloc.startTime < estimatedEndTime) {
                            double newTime = incrementFloat(alloc.estimatedEndTime(), TIME_DELTA, true);
                            if (newTime < startTime) {
                                newTime = startTime;
                            }
                            if (newTime > time) {
                                timeUpdated = true;
                                time = newTime;
                                break;
                            }
                        }
                    }
                }
            }
            return time;
        }
    }

    /** A job of the high-level layer ({@code batsim.sched.job.Job}): open until scheduled, rejected or completed. */
    static final class SchedJob {
        final PybatsimClient.Job batsimJob;
        boolean scheduled;
        boolean rejected;
        boolean completed;
        Allocation allocation;

        SchedJob(PybatsimClient.Job batsimJob) {
            this.batsimJob = batsimJob;
        }

        boolean open() {
            return !scheduled && !rejected && !completed;
        }

        double requestedTime() {
            return batsimJob.requestedTime;
        }

        int requestedResources() {
            return batsimJob.requestedResources;
        }
    }

    /**
     * {@code batsim.sched.scheduler.Scheduler} with its {@code BaseBatsimScheduler}: every job
     * submission and completion updates the time ({@code _update_time}) and runs a scheduling
     * iteration ({@code _do_schedule}), whose end consumes {@code sched-delay} (1e-21 s) of pybatsim's
     * clock; a job's {@code schedule} allocates its resources from now and sends EXECUTE_JOB at once.
     */
    abstract static class SchedLayer extends PybatsimClient.Scheduler {
        /** {@code self.jobs}: in submission order. */
        final List<SchedJob> jobs = new ArrayList<>();
        /** {@code self.resources.compute}: in id order. */
        final List<Resource> resources = new ArrayList<>();
        private final java.util.Map<String, SchedJob> jobmap = new java.util.HashMap<>();
        /** {@code self.time}. */
        double time;

        @Override
        public void onSimulationBegins() {
            time = bs.time();
            for (int i = 0; i < bs.nbResources(); i++) {
                resources.add(new Resource(i));
            }
        }

        @Override
        public void onJobSubmission(PybatsimClient.Job job) {
            time = bs.time();
            SchedJob j = new SchedJob(job);
            jobmap.put(job.id, j);
            jobs.add(j);
            doSchedule();
        }

        @Override
        public void onJobCompletion(PybatsimClient.Job job) {
            time = bs.time();
            SchedJob j = jobmap.remove(job.id);
            // job.py _do_complete_job: the job is completed and its allocation freed at the current time.
            j.completed = true;
            j.allocation.free(time);
            doSchedule();
        }

        private void doSchedule() {
            schedule();
            // pybatsim's consume_time(1e-21): no change to a time above about 1e-5 s.
            time += 0.000000000000000000001;
        }

        abstract void schedule();

        List<SchedJob> open() {
            return jobs.stream().filter(SchedJob::open).toList();
        }

        /** {@code Job.schedule(res)}: an allocation from now for the job's walltime, and EXECUTE_JOB. */
        void scheduleJob(SchedJob job, List<Resource> res) {
            job.allocation = new Allocation(time, job.requestedTime(), res);
            job.scheduled = true;
            int[] ids = res.stream().mapToInt(r -> r.id).sorted().toArray();
            bs.executeJob(job.batsimJob, ids);
        }

        void reject(SchedJob job) {
            job.rejected = true;
            bs.rejectJob(job.batsimJob);
        }

        /**
         * {@code consecutive_resources_filter} ({@code generate_resources_filter} with
         * {@code filter_func_consecutive_resources} and no best-find function): from each start in
         * turn, the resources next to the last one taken, up to {@code max}; the first set of at
         * least {@code min}.
         */
        static List<Resource> consecutiveFilter(List<Resource> res, int min, int max) {
            for (int i = 0; i < res.size() - min + 1; i++) {
                List<Resource> result = new ArrayList<>();
                for (Resource r : res.subList(i, res.size())) {
                    if (result.isEmpty() || r.id == result.get(result.size() - 1).id + 1
                            || r.id == result.get(result.size() - 1).id - 1) {
                        result.add(r);
                    }
                    if (result.size() == max) {
                        break;
                    }
                }
                if (result.size() >= min) {
                    return result;
                }
            }
            return List.of();
        }

        /** Start time and resources: {@code find_first_time_and_resources_to_fit_walltime}'s {@code do_find}. */
        private record Found(Double time, List<Resource> resources) {
        }

        private Found doFind(SchedJob job, double t, int matches, boolean futureReservation) {
            if (resources.size() < matches) {
                return new Found(t, List.of());
            }
            List<Resource> found;
            while (true) {
                boolean sufficient = false;
                found = new ArrayList<>();
                Double earliest = null;
                for (Resource r : resources) {
                    Double newTime = r.findFirstTimeToFitWalltime(job.requestedTime(), t, futureReservation, time);
                    if (newTime == null) {
                        continue;
                    }
                    if (newTime == t) {
                        found.add(r);
                        if (found.size() >= matches) {
                            sufficient = true;
                        }
                    } else {
                        earliest = earliest == null ? newTime : Math.min(earliest, newTime);
                    }
                }
                if (sufficient) {
                    found = consecutiveFilter(found, matches, matches);
                    if (!found.isEmpty() && found.size() >= matches) {
                        break;
                    } else if (earliest != null) {
                        t = earliest;
                    } else {
                        return new Found(null, null);
                    }
                } else if (earliest != null && earliest != 0) {
                    if (t != earliest) {
                        t = earliest;
                    } else {
                        return new Found(null, null);
                    }
                } else {
                    if (found.size() > matches) {
                        found = found.subList(0, matches);
                    }
                    if (found.size() < matches) {
                        found = List.of();
                    }
                    return new Found(t, found);
                }
            }
            return new Found(t, found.size() > matches ? found.subList(0, matches) : found);
        }

        /** {@code find_with_earliest_start_time}: without future allocations, resources free now only. */
        Found findWithEarliestStartTime(SchedJob job, boolean allowFuture, double t) {
            Found f = doFind(job, Math.max(t, job.batsimJob.submitTime), job.requestedResources(), allowFuture);
            if (f.time() == null) {
                // find_first_time_and_resources_to_fit_walltime returns (None, None)
                return allowFuture ? f : new Found(t, List.of());
            }
            if (f.resources().isEmpty()) {
                return allowFuture ? new Found(null, null) : new Found(t, List.of());
            }
            if (!allowFuture && f.time() != t) {
                return new Found(f.time(), List.of());
            }
            return f;
        }

        List<Resource> findSufficientResourcesForJob(SchedJob job) {
            return findWithEarliestStartTime(job, false, time).resources();
        }

        /** {@code algorithms.filling.filler_sched} with {@code consecutive_resources_filter}. */
        void fillerSched(boolean abortOnFirstNonfitting) {
            for (SchedJob job : open()) {
                if (!job.open()) {
                    continue;
                }
                List<Resource> res = findSufficientResourcesForJob(job);
                if (!res.isEmpty()) {
                    scheduleJob(job, res);
                } else if (job.requestedResources() > resources.size()) {
                    reject(job);
                } else if (abortOnFirstNonfitting) {
                    break;
                }
            }
        }

        /** {@code utils.find_resources_without_delaying_priority_jobs}. */
        List<Resource> findResourcesWithoutDelayingPriorityJobs(List<SchedJob> priorityJobs, SchedJob job) {
            List<Allocation> temporary = new ArrayList<>();
            for (SchedJob j : priorityJobs) {
                Found f = findWithEarliestStartTime(j, true, time);
                if (f.resources() == null || f.resources().isEmpty()) {
                    throw new AssertionError("No future allocations were found in backfilling for priority job");
                }
                temporary.add(new Allocation(f.time(), j.requestedTime(), f.resources()));
            }
            List<Resource> res = findSufficientResourcesForJob(job);
            for (Allocation a : temporary) {
                a.free(time);
            }
            return res;
        }
    }

    /** {@code schedulers/schedFcfs.py}: {@code filler_sched(consecutive_resources_filter, abort_on_first_nonfitting=True)}. */
    static final class SchedFcfs extends SchedLayer {
        @Override
        void schedule() {
            fillerSched(true);
        }
    }

    /**
     * {@code schedulers/schedEasySjfBackfill.py}: {@code backfilling_sched} with reservation depth 1
     * and the remaining jobs sorted by requested time (Python's sort is stable).
     */
    static final class SchedEasySjfBackfill extends SchedLayer {
        @Override
        void schedule() {
            fillerSched(true);
            if (!open().isEmpty()) {
                List<SchedJob> runnable = open();
                List<SchedJob> reserved = runnable.subList(0, Math.min(1, runnable.size()));
                List<SchedJob> remaining = new ArrayList<>(runnable.subList(reserved.size(), runnable.size()));
                remaining.sort(Comparator.comparingDouble(SchedJob::requestedTime));
                for (SchedJob job : remaining) {
                    List<Resource> res = findResourcesWithoutDelayingPriorityJobs(reserved, job);
                    if (!res.isEmpty()) {
                        scheduleJob(job, res);
                    }
                }
            }
        }
    }

    /** A job as {@code easyBackfill.py} annotates pybatsim's: its rectangle and times. */
    static final class EasyJob {
        final PybatsimClient.Job job;
        /** {@code job.alloc}: first and last resource. */
        int[] alloc;
        double startTime;
        double estimateFinishTime;

        EasyJob(PybatsimClient.Job job) {
            this.job = job;
        }

        int requestedResources() {
            return job.requestedResources;
        }

        double requestedTime() {
            return job.requestedTime;
        }
    }

    /** {@code easyBackfill.FreeSpace}: a free rectangle of consecutive resources. */
    static final class FreeSpace {
        int firstRes;
        int lastRes;
        int res;
        double length;
        FreeSpace prev;
        FreeSpace nextt;
        boolean allocSmallestResFirst = true;
        FreeSpace linkedTo;
        boolean removed;

        FreeSpace(int firstRes, int lastRes, double length, FreeSpace p, FreeSpace n) {
            this.firstRes = firstRes;
            this.lastRes = lastRes;
            this.res = lastRes - firstRes + 1;
            this.length = length;
            this.prev = p;
            this.nextt = n;
            if (firstRes > lastRes) {
                throw new AssertionError("first_res <= last_res");
            }
        }

        FreeSpace copy() {
            FreeSpace n = new FreeSpace(firstRes, lastRes, length, prev, nextt);
            n.allocSmallestResFirst = allocSmallestResFirst;
            n.linkedTo = linkedTo;
            n.removed = removed;
            return n;
        }
    }

    /** {@code easyBackfill.FreeSpaceContainer}: the free spaces, a doubly linked list in resource order. */
    static final class FreeSpaceContainer {
        FreeSpace firstItem;
        int freeProcessors;

        FreeSpaceContainer(int totalProcessors) {
            firstItem = new FreeSpace(0, totalProcessors - 1, Double.POSITIVE_INFINITY, null, null);
            freeProcessors = totalProcessors;
        }

        private FreeSpaceContainer() {
        }

        void remove(FreeSpace item) {
            FreeSpace prev = item.prev;
            FreeSpace nextt = item.nextt;
            if (item == firstItem) {
                firstItem = nextt;
            } else {
                if (prev == null) {
                    throw new AssertionError("The self.firstItem should be set");
                }
                prev.nextt = nextt;
            }
            if (nextt != null) {
                nextt.prev = prev;
            }
            item.removed = true;
        }

        private int[] assignJobBeginning(FreeSpace l, EasyJob job) {
            int[] alloc = {l.firstRes, l.firstRes + job.requestedResources() - 1};
            l.firstRes = l.firstRes + job.requestedResources();
            l.res = l.lastRes - l.firstRes + 1;
            if (l.res == 0) {
                remove(l);
            }
            return alloc;
        }

        private int[] assignJobEnding(FreeSpace l, EasyJob job) {
            int[] alloc = {l.lastRes - job.requestedResources() + 1, l.lastRes};
            l.lastRes = l.lastRes - job.requestedResources();
            l.res = l.lastRes - l.firstRes + 1;
            if (l.res == 0) {
                remove(l);
            }
            return alloc;
        }

        int[] assignJob(FreeSpace l, EasyJob job) {
            if (job.requestedResources() > l.res) {
                throw new AssertionError("job.requested_resources <= l.res");
            }
            int[] alloc;
            if (l.allocSmallestResFirst) {
                alloc = assignJobBeginning(l, job);
                if (l.linkedTo != null && l.linkedTo.firstRes <= alloc[1]) {
                    l.linkedTo.firstRes = alloc[1] + 1;
                }
            } else {
                alloc = assignJobEnding(l, job);
                if (l.linkedTo != null && l.linkedTo.lastRes >= alloc[0]) {
                    l.linkedTo.lastRes = alloc[0] - 1;
                }
            }
            job.alloc = alloc;
            if (l.linkedTo != null && !l.linkedTo.removed) {
                l.linkedTo.res = l.linkedTo.lastRes - l.linkedTo.firstRes + 1;
                if (l.linkedTo.res <= 0) {
                    remove(l.linkedTo);
                }
            }
            freeProcessors -= job.requestedResources();
            return alloc;
        }

        FreeSpace unassignJob(EasyJob job) {
            freeProcessors += job.requestedResources();
            FreeSpace l1 = null;
            FreeSpace l2 = null;
            for (FreeSpace f = firstItem; f != null; f = f.nextt) {
                if (f.firstRes > job.alloc[0]) {
                    l2 = f;
                    break;
                }
                l1 = f;
            }
            boolean mergel1 = l1 != null && l1.lastRes + 1 == job.alloc[0];
            boolean mergel2 = l2 != null && l2.firstRes - 1 == job.alloc[1];
            if (mergel1 && mergel2) {
                l1.nextt = l2.nextt;
                if (l1.nextt != null) {
                    l1.nextt.prev = l1;
                }
                l1.lastRes = l2.lastRes;
                l1.res = l1.lastRes - l1.firstRes + 1;
                return l1;
            } else if (mergel1) {
                l1.lastRes = l1.lastRes + job.requestedResources();
                l1.res = l1.lastRes - l1.firstRes + 1;
                l1.allocSmallestResFirst = false;
                return l1;
            } else if (mergel2) {
                l2.firstRes = l2.firstRes - job.requestedResources();
                l2.res = l2.lastRes - l2.firstRes + 1;
                l2.allocSmallestResFirst = true;
                return l2;
            }
            FreeSpace lnew = new FreeSpace(job.alloc[0], job.alloc[1], Double.POSITIVE_INFINITY, l1, l2);
            if (l1 == null) {
                firstItem = lnew;
            } else {
                l1.nextt = lnew;
            }
            if (l2 != null) {
                l2.prev = lnew;
            }
            return lnew;
        }

        FreeSpace insertNewFreeSpaceAfter(int firstRes, int lastRes, double len, FreeSpace l) {
            FreeSpace newfs = new FreeSpace(firstRes, lastRes, len, l, l.nextt);
            if (l.nextt != null) {
                l.nextt.prev = newfs;
            }
            l.nextt = newfs;
            return newfs;
        }

        FreeSpaceContainer copy() {
            FreeSpaceContainer n = new FreeSpaceContainer();
            n.freeProcessors = freeProcessors;
            if (firstItem == null) {
                n.firstItem = null;
            } else {
                FreeSpace curit = firstItem.copy();
                FreeSpace fi = curit;
                while (curit.nextt != null) {
                    curit.nextt = curit.nextt.copy();
                    curit.nextt.prev = curit;
                    curit = curit.nextt;
                }
                n.firstItem = fi;
            }
            return n;
        }
    }

    /**
     * {@code schedulers/easyBackfill.py}: EASY backfilling on rectangles of consecutive resources,
     * scheduling at every submission and every completion (not once per message), the running jobs
     * kept sorted by expected end ({@code SortedListWithKey}: a new job after those of equal key).
     */
    static final class EasyBackfill extends PybatsimClient.Scheduler {
        private FreeSpaceContainer listFreeSpace;
        private final List<EasyJob> listRunningJob = new ArrayList<>();
        private final List<EasyJob> listWaitingJob = new ArrayList<>();
        private final java.util.Map<String, EasyJob> byId = new java.util.HashMap<>();

        @Override
        public void onSimulationBegins() {
            listFreeSpace = new FreeSpaceContainer(bs.nbResources());
        }

        @Override
        public void onJobSubmission(PybatsimClient.Job job) {
            EasyJob j = new EasyJob(job);
            byId.put(job.id, j);
            listWaitingJob.add(j);
            scheduleJobs(bs.time());
        }

        @Override
        public void onJobCompletion(PybatsimClient.Job job) {
            EasyJob j = byId.remove(job.id);
            listFreeSpace.unassignJob(j);
            if (!listRunningJob.remove(j)) {
                throw new AssertionError("Job not found!");
            }
            scheduleJobs(bs.time());
        }

        private void addRunning(EasyJob j) {
            int at = listRunningJob.size();
            while (at > 0 && listRunningJob.get(at - 1).estimateFinishTime > j.estimateFinishTime) {
                at--;
            }
            listRunningJob.add(at, j);
        }

        private void scheduleJobs(double currentTime) {
            List<EasyJob> allocs = allocHeadOfList(currentTime);
            if (listWaitingJob.size() > 1) {
                EasyJob firstJob = listWaitingJob.remove(0);
                allocs.addAll(allocBackFill(firstJob, currentTime));
                listWaitingJob.add(0, firstJob);
            }
            // start_jobs_continuous: one EXECUTE_JOB per job, its alloc "first-last".
            for (EasyJob j : allocs) {
                int[] ids = new int[j.alloc[1] - j.alloc[0] + 1];
                for (int i = 0; i < ids.length; i++) {
                    ids[i] = j.alloc[0] + i;
                }
                bs.executeJob(j.job, ids);
            }
        }

        private int[] allocJobFcfs(EasyJob job) {
            for (FreeSpace l = listFreeSpace.firstItem; l != null; l = l.nextt) {
                if (job.requestedResources() <= l.res) {
                    return listFreeSpace.assignJob(l, job);
                }
            }
            return null;
        }

        private int[] allocJobBackfill(EasyJob job) {
            for (FreeSpace l = listFreeSpace.firstItem; l != null; l = l.nextt) {
                if (job.requestedResources() <= l.res && job.requestedTime() <= l.length) {
                    return listFreeSpace.assignJob(l, job);
                }
            }
            return null;
        }

        private List<EasyJob> allocHeadOfList(double currentTime) {
            List<EasyJob> allocs = new ArrayList<>();
            while (!listWaitingJob.isEmpty()) {
                int[] alloc = allocJobFcfs(listWaitingJob.get(0));
                if (alloc == null) {
                    break;
                }
                EasyJob job = listWaitingJob.remove(0);
                job.startTime = currentTime;
                job.estimateFinishTime = job.requestedTime() + job.startTime;
                addRunning(job);
                allocs.add(job);
            }
            return allocs;
        }

        /** {@code findAllocFuture}: the first job's start and rectangle once enough running jobs have ended. */
        private Object[] findAllocFuture(EasyJob job) {
            FreeSpaceContainer temp = listFreeSpace.copy();
            for (EasyJob j : listRunningJob) {
                FreeSpace created = temp.unassignJob(j);
                if (job.requestedResources() <= created.res) {
                    int[] alloc = temp.assignJob(created, job);
                    return new Object[] {alloc, j.estimateFinishTime};
                }
            }
            throw new AssertionError("the job will never fit in the cluster");
        }

        private FreeSpace[] allocFutureJob(int[] firstJobRes, double firstJobStarttime, double currentTime) {
            FreeSpace firstVirtual = null;
            FreeSpace firstShortened = null;
            FreeSpace secondVirtual = null;
            FreeSpace secondShortened = null;
            for (FreeSpace l = listFreeSpace.firstItem; l != null; l = l.nextt) {
                if (l.firstRes == firstJobRes[0]) {
                    firstShortened = l;
                    l.length = firstJobStarttime - currentTime;
                } else if (l.firstRes < firstJobRes[0] && l.lastRes >= firstJobRes[0]) {
                    firstVirtual = listFreeSpace.insertNewFreeSpaceAfter(l.firstRes, firstJobRes[0] - 1,
                            Double.POSITIVE_INFINITY, l);
                    firstVirtual.linkedTo = l;
                    l.linkedTo = firstVirtual;
                    firstVirtual.allocSmallestResFirst = true;
                    l.allocSmallestResFirst = false;
                    firstShortened = l;
                    l.length = firstJobStarttime - currentTime;
                }
                if (l.lastRes == firstJobRes[1]) {
                    secondShortened = l;
                    l.length = firstJobStarttime - currentTime;
                } else if (l.firstRes <= firstJobRes[1] && l.lastRes > firstJobRes[1]) {
                    secondVirtual = listFreeSpace.insertNewFreeSpaceAfter(firstJobRes[1] + 1, l.lastRes,
                            Double.POSITIVE_INFINITY, l);
                    secondVirtual.linkedTo = l;
                    l.linkedTo = secondVirtual;
                    secondVirtual.allocSmallestResFirst = false;
                    l.allocSmallestResFirst = true;
                    secondShortened = l;
                    l.length = firstJobStarttime - currentTime;
                    break;
                }
            }
            return new FreeSpace[] {firstVirtual, firstShortened, secondVirtual, secondShortened};
        }

        private List<EasyJob> findBackfilledAllocs(double currentTime) {
            List<EasyJob> allocs = new ArrayList<>();
            List<EasyJob> jobsToRemove = new ArrayList<>();
            for (EasyJob j : listWaitingJob) {
                if (allocJobBackfill(j) != null) {
                    allocs.add(j);
                    j.startTime = currentTime;
                    j.estimateFinishTime = j.requestedTime() + j.startTime;
                    jobsToRemove.add(j);
                    addRunning(j);
                }
            }
            listWaitingJob.removeAll(jobsToRemove);
            return allocs;
        }

        private List<EasyJob> allocBackFill(EasyJob firstJob, double currentTime) {
            Object[] future = findAllocFuture(firstJob);
            FreeSpace[] spaces = allocFutureJob((int[]) future[0], (double) future[1], currentTime);
            List<EasyJob> allocs = findBackfilledAllocs(currentTime);
            FreeSpace firstVirtual = spaces[0];
            FreeSpace firstShortened = spaces[1];
            FreeSpace secondVirtual = spaces[2];
            FreeSpace secondShortened = spaces[3];
            if (firstVirtual != null) {
                firstVirtual.linkedTo.linkedTo = null;
                firstVirtual.linkedTo = null;
                if (!firstVirtual.removed) {
                    listFreeSpace.remove(firstVirtual);
                }
            }
            if (firstShortened != null) {
                firstShortened.length = Double.POSITIVE_INFINITY;
                firstShortened.allocSmallestResFirst = true;
            }
            if (secondVirtual != null) {
                secondVirtual.linkedTo.linkedTo = null;
                secondVirtual.linkedTo = null;
                if (!secondVirtual.removed) {
                    listFreeSpace.remove(secondVirtual);
                }
            }
            if (secondShortened != null) {
                secondShortened.length = Double.POSITIVE_INFINITY;
                secondShortened.allocSmallestResFirst = true;
            }
            return allocs;
        }
    }
}
