package org.hpcsim.workload;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Checks that a trace's job ids are unique: outputs, pinned jobs and Batsim's jobs file key jobs by
 * id, so two jobs with one id would be mixed up. Ids in increasing order (every archive trace, and
 * the index ids of .sim and four-column traces) are checked as they come, in constant memory; only
 * otherwise are the ids gathered ({@link #check}).
 */
final class JobIds {
    private long last = Long.MIN_VALUE;
    private boolean increasing = true;

    /** Notes the next job's id. */
    void add(Job job) {
        increasing &= job.id() > last;
        last = job.id();
    }

    /** Whether every id so far was larger than the one before: then they are unique. */
    boolean increasing() {
        return increasing;
    }

    /**
     * Throws, at the first job (in file order) whose id an earlier job has, an error naming both
     * lines.
     *
     * @param ids   the job ids in file order
     * @param lines their line numbers
     * @param n     how many
     */
    static void check(Path file, long[] ids, long[] lines, int n) {
        long[] sorted = Arrays.copyOf(ids, n);
        Arrays.sort(sorted);
        boolean any = false;
        for (int i = 1; i < n && !any; i++) {
            any = sorted[i] == sorted[i - 1];
        }
        if (!any) {
            return;
        }
        Map<Long, Long> firstLine = new HashMap<>();
        for (int i = 0; i < n; i++) {
            Long earlier = firstLine.putIfAbsent(ids[i], lines[i]);
            if (earlier != null) {
                throw new InputException(file, lines[i], "job id", ids[i] + " is also the id of the job on line "
                        + earlier + ": job ids must be unique");
            }
        }
    }

    /** Ids and lines gathered in file order. */
    static final class Gathered {
        private long[] ids = new long[1024];
        private long[] lines = new long[1024];
        private int n;

        void add(Job job) {
            if (n == ids.length) {
                ids = Arrays.copyOf(ids, n * 2);
                lines = Arrays.copyOf(lines, n * 2);
            }
            ids[n] = job.id();
            lines[n] = job.line();
            n++;
        }

        void check(Path file) {
            JobIds.check(file, ids, lines, n);
        }
    }
}
