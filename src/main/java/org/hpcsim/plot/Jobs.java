package org.hpcsim.plot;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * The jobs of a run ({@code jobs.csv}) and the node time they held: every job's last attempt, plus the
 * earlier attempts a failure cut short before the job was requeued ({@code attempts.csv}, when there
 * is one; an attempt with outcome {@code failed} is the job's last, already in jobs.csv).
 */
final class Jobs {
    /** Rows of jobs.csv, in file order. */
    final int count;
    /** First start - arrival (s); NaN for a job that never ran. */
    final double[] wait;
    /** The last attempt's start and end (s); NaN for a job that never ran. */
    final double[] start;
    final double[] end;
    /** end - start of the last attempt (s). */
    final double[] runTime;
    /** The first attempt's start (s). */
    final double[] firstStart;
    /** Every stretch of node time held: the jobs' last attempts and their earlier, cut-short ones. */
    final Holds holds;

    private Jobs(int count, double[] wait, double[] start, double[] end, double[] runTime,
                 double[] firstStart, Holds holds) {
        this.count = count;
        this.wait = wait;
        this.start = start;
        this.end = end;
        this.runTime = runTime;
        this.firstStart = firstStart;
        this.holds = holds;
    }

    /**
     * Node time held by attempts: attempt i held {@code nodes[i]} from {@code start[i]} to
     * {@code end[i]} for job {@code job[i]} (an index into the jobs).
     */
    record Holds(int count, int[] job, double[] start, double[] end, int[][] nodes) {
    }

    /** Whether job i got nodes (rejected jobs and jobs never placed did not). */
    boolean ran(int i) {
        return !Double.isNaN(start[i]) && !Double.isNaN(end[i]);
    }

    /** Jobs that ran. */
    int ranCount() {
        int n = 0;
        for (int i = 0; i < count; i++) {
            n += ran(i) ? 1 : 0;
        }
        return n;
    }

    /**
     * Reads {@code jobs.csv} and, when it exists, {@code attempts.csv} beside it, of a run on a machine
     * of {@code machineNodes} nodes.
     *
     * @throws org.hpcsim.workload.InputException naming the file, line and column of bad input
     */
    static Jobs read(Path jobsCsv, Path attemptsCsv, int machineNodes) {
        Growing g = new Growing();
        Map<String, Integer> index = new HashMap<>();
        try (Csv csv = Csv.open(jobsCsv)) {
            int cId = csv.column("id");
            int cWait = csv.column("wait");
            int cStart = csv.column("start");
            int cEnd = csv.column("end");
            int cRun = csv.column("run_time");
            int cNodes = csv.column("nodes");
            int cFirst = csv.has("first_start") ? csv.column("first_start") : -1;
            while (csv.next()) {
                String id = csv.text(cId);
                double start = csv.number(cStart);
                double first = cFirst >= 0 ? csv.number(cFirst) : start;
                g.add(csv.number(cWait), start, csv.number(cEnd), csv.number(cRun),
                        Double.isNaN(first) ? start : first, nodes(csv, cNodes, machineNodes));
                index.putIfAbsent(id, g.n - 1);
            }
        }
        HoldList holds = new HoldList();
        for (int i = 0; i < g.n; i++) {
            if (!Double.isNaN(g.start[i]) && !Double.isNaN(g.end[i]) && g.nodes[i] != null) {
                holds.add(i, g.start[i], g.end[i], g.nodes[i]);
            }
        }
        if (attemptsCsv != null && Files.exists(attemptsCsv)) {
            readAttempts(attemptsCsv, index, holds, machineNodes);
        }
        return new Jobs(g.n, Arrays.copyOf(g.wait, g.n), Arrays.copyOf(g.start, g.n),
                Arrays.copyOf(g.end, g.n), Arrays.copyOf(g.run, g.n), Arrays.copyOf(g.first, g.n), holds.done());
    }

    private static void readAttempts(Path file, Map<String, Integer> index, HoldList holds, int machineNodes) {
        try (Csv csv = Csv.open(file)) {
            int cId = csv.column("id");
            int cStart = csv.column("start");
            int cEnd = csv.column("end");
            int cNodes = csv.column("nodes");
            int cOutcome = csv.column("outcome");
            while (csv.next()) {
                if (csv.text(cOutcome).strip().equals("failed")) {
                    continue;
                }
                Integer job = index.get(csv.text(cId));
                if (job == null) {
                    throw csv.bad(cId, "job '" + csv.text(cId) + "' is not in jobs.csv");
                }
                double start = csv.number(cStart);
                double end = csv.number(cEnd);
                if (Double.isNaN(start) || Double.isNaN(end)) {
                    throw csv.bad(Double.isNaN(start) ? cStart : cEnd, "empty: an attempt has a start and an end");
                }
                int[] nodes = nodes(csv, cNodes, machineNodes);
                if (nodes != null) {
                    holds.add(job, start, end, nodes);
                }
            }
        }
    }

    /** Node ids separated by {@code ;}, each below {@code machineNodes}; null when the field is empty. */
    private static int[] nodes(Csv csv, int column, int machineNodes) {
        String s = csv.text(column).strip();
        if (s.isEmpty()) {
            return null;
        }
        int[] ids = new int[8];
        int n = 0;
        long value = -1;
        for (int i = 0; i <= s.length(); i++) {
            char c = i < s.length() ? s.charAt(i) : ';';
            if (c >= '0' && c <= '9') {
                value = (value < 0 ? 0 : value * 10) + (c - '0');
                if (value > Integer.MAX_VALUE) {
                    throw csv.bad(column, "node id too large in '" + s + "'");
                }
            } else if (c == ';' && value >= 0) {
                if (value >= machineNodes) {
                    throw csv.bad(column, "node " + value + " is not on the machine (" + machineNodes + " nodes)");
                }
                if (n == ids.length) {
                    ids = Arrays.copyOf(ids, 2 * n);
                }
                ids[n++] = (int) value;
                value = -1;
            } else {
                throw csv.bad(column, "expected node ids separated by ';', got '" + s + "'");
            }
        }
        return Arrays.copyOf(ids, n);
    }

    /** Columns of jobs.csv as they are read. */
    private static final class Growing {
        int n;
        double[] wait = new double[1024];
        double[] start = new double[1024];
        double[] end = new double[1024];
        double[] run = new double[1024];
        double[] first = new double[1024];
        int[][] nodes = new int[1024][];

        void add(double wait, double start, double end, double run, double first, int[] nodes) {
            if (n == this.wait.length) {
                int m = 2 * n;
                this.wait = Arrays.copyOf(this.wait, m);
                this.start = Arrays.copyOf(this.start, m);
                this.end = Arrays.copyOf(this.end, m);
                this.run = Arrays.copyOf(this.run, m);
                this.first = Arrays.copyOf(this.first, m);
                this.nodes = Arrays.copyOf(this.nodes, m);
            }
            this.wait[n] = wait;
            this.start[n] = start;
            this.end[n] = end;
            this.run[n] = run;
            this.first[n] = first;
            this.nodes[n] = nodes;
            n++;
        }
    }

    /** Holds as they are read. */
    private static final class HoldList {
        int n;
        int[] job = new int[1024];
        double[] start = new double[1024];
        double[] end = new double[1024];
        int[][] nodes = new int[1024][];

        void add(int job, double start, double end, int[] nodes) {
            if (n == this.job.length) {
                int m = 2 * n;
                this.job = Arrays.copyOf(this.job, m);
                this.start = Arrays.copyOf(this.start, m);
                this.end = Arrays.copyOf(this.end, m);
                this.nodes = Arrays.copyOf(this.nodes, m);
            }
            this.job[n] = job;
            this.start[n] = start;
            this.end[n] = end;
            this.nodes[n] = nodes;
            n++;
        }

        Holds done() {
            return new Holds(n, Arrays.copyOf(job, n), Arrays.copyOf(start, n), Arrays.copyOf(end, n),
                    Arrays.copyOf(nodes, n));
        }
    }
}
