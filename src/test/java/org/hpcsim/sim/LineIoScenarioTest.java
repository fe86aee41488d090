package org.hpcsim.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.hpcsim.testing.Runs;
import org.hpcsim.topology.LineTopology;
import org.hpcsim.workload.SyntheticWorkload;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A line of 64 compute and 3 I/O nodes with jobs reading and writing 20 GiB each at 1 GiB/s under the
 * links model: with the locality constraint no job's I/O ever shares a link or an I/O node (each takes
 * exactly its 40 s alone), without it I/O crosses other jobs and takes longer; malleable jobs run
 * a_j f(q_j).
 */
class LineIoScenarioTest {
    private static final String LINE = "line:C16 IO C16 IO C16 IO C16";

    @TempDir
    Path dir;
    private Path trace;

    @BeforeEach
    void trace() throws IOException {
        trace = dir.resolve("line.swf");
        Files.writeString(trace, SyntheticWorkload.generate(300, 16, 0.9, 11));
    }

    private Simulation.Result run(String name, String... extra) {
        List<String> keys = new ArrayList<>(List.of("trace", trace.toString(), "machine", LINE,
                "scheduler.policy", "easy", "network.model", "links", "network.communication-fraction", "0.3",
                "io.read", "20G", "io.write", "20G", "io.bandwidth", "1G", "output.dir", dir.resolve(name).toString()));
        keys.addAll(List.of(extra));
        return Runs.run(Runs.scenario(keys.toArray(String[]::new)));
    }

    private List<Map<String, String>> rows(String run, String file) {
        String[] lines = Runs.read(dir.resolve(run).resolve(file)).split("\n");
        String[] header = lines[0].split(",");
        List<Map<String, String>> rows = new ArrayList<>();
        for (int i = 1; i < lines.length; i++) {
            String[] f = lines[i].split(",", -1);
            Map<String, String> row = new HashMap<>();
            for (int c = 0; c < header.length; c++) {
                row.put(header[c], f[c]);
            }
            rows.add(row);
        }
        return rows;
    }

    @Test
    void underLocalityEveryJobsIoTakesItsTimeAloneAndEveryAllocationIsContiguousAndLocal() {
        run("local", "allocator.policy", "contiguous-local");
        List<Map<String, String>> io = rows("local", "io.csv");
        List<Map<String, String>> jobs = rows("local", "jobs.csv");
        assertEquals(300, io.size(), "every job did its I/O");
        Map<String, String> ioNode = new HashMap<>();
        for (Map<String, String> r : io) {
            assertEquals(40.0, Double.parseDouble(r.get("io_s")), 1e-6, "job " + r.get("id"));
            ioNode.put(r.get("id"), r.get("io_node"));
        }
        LineTopology line = LineTopology.parse(LINE.substring(5));
        for (Map<String, String> j : jobs) {
            String[] nodes = j.get("nodes").split(";");
            int first = Integer.parseInt(nodes[0]);
            int last = Integer.parseInt(nodes[nodes.length - 1]);
            assertEquals(nodes.length - 1, last - first, "contiguous: job " + j.get("id"));
            assertTrue(line.isLocal(first, last, Integer.parseInt(ioNode.get(j.get("id")))), "local: job " + j.get("id"));
        }
    }

    @Test
    void withoutLocalityIoCrossesOtherJobsAndTakesLonger() {
        Simulation.Result local = run("local", "allocator.policy", "contiguous-local");
        Simulation.Result free = run("free", "allocator.policy", "line-contiguous");
        double mean = free.io().meanIoSeconds();
        assertTrue(mean > 40.0 * 1.5, "mean I/O " + mean + " s");
        assertEquals(40.0, local.io().meanIoSeconds(), 1e-6);
        assertTrue(rows("free", "io.csv").stream().anyMatch(r -> Double.parseDouble(r.get("io_s")) > 100));
    }

    @Test
    void outputsAreTheSameAtOneAndTwoThreads() {
        run("t1", "allocator.policy", "line-contiguous", "kernel.threads", "1");
        run("t2", "allocator.policy", "line-contiguous", "kernel.threads", "2");
        for (String file : List.of("jobs.csv", "io.csv")) {
            assertEquals(Runs.read(dir.resolve("t1").resolve(file)), Runs.read(dir.resolve("t2").resolve(file)), file);
        }
    }

    @Test
    void malleableJobsRunTheirLoadTimesFOnTheNodesTheyGet() throws IOException {
        Map<String, double[]> asked = new HashMap<>(); // id -> {run time, procs}
        for (String line : Files.readAllLines(trace)) {
            if (!line.startsWith(";") && !line.isBlank()) {
                String[] f = line.strip().split("\\s+");
                asked.put(f[0], new double[] {Double.parseDouble(f[3]), Double.parseDouble(f[4])});
            }
        }
        run("malleable", "allocator.policy", "contiguous-local", "scheduler.policy", "fcfs", "network.model", "none",
                "io.read", "0", "io.write", "0", "io.assign", "nearest", "malleable.enabled", "true",
                "malleable.speedup", "amdahl[0.2]", "scheduler.kill-at-estimate", "false");
        int shrunk = 0;
        for (Map<String, String> j : rows("malleable", "jobs.csv")) {
            double[] a = asked.get(j.get("id"));
            int q = j.get("nodes").split(";").length;
            int big = (int) a[1];
            assertTrue(q >= 1 && q <= big, "job " + j.get("id"));
            shrunk += q < big ? 1 : 0;
            double f = (0.2 + 0.8 / q) / (0.2 + 0.8 / big);
            assertEquals(a[0] * f, Double.parseDouble(j.get("run_time")), 1e-5, "job " + j.get("id") + " on " + q);
        }
        assertTrue(shrunk > 0, "some job ran on fewer nodes than it asked for");
    }
}
