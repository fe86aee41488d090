package org.hpcsim.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.hpcsim.bench.ScalingBench;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bench scaling}: one synthetic workload on machines of several sizes, its medians written and plotted. */
class ScalingBenchTest {
    private static final byte[] PNG_SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

    @TempDir
    Path dir;

    @Test
    void scalingRunsEverySizeOncePerRoundUpToItsRunsAndWritesOneCsvRowPerSizeAndALogLogPlot() throws IOException {
        Path out = dir.resolve("out");
        Cli.Result r = Cli.run("bench", "scaling", "--nodes", "128,64,32:1", "--jobs-per-node", "2", "--runs", "2",
                "--trace-cache", dir.resolve("cache").toString(), "-o", out.toString());
        assertEquals(0, r.status(), r.out() + r.err());
        // Every size once a round, increasing then decreasing (a drifting machine favours none), but
        // 32:1 only in the first.
        List<String> rounds = r.out().lines().filter(l -> l.startsWith("round ")).map(l -> l.replaceAll(":.*", ""))
                .toList();
        assertEquals(List.of("round 1, 32 nodes", "round 1, 64 nodes", "round 1, 128 nodes", "round 2, 128 nodes",
                "round 2, 64 nodes"), rounds);
        assertTrue(r.out().contains("64 nodes: hpcsim run --trace " + dir.resolve("cache").toAbsolutePath()
                + "/synthetic-j128-p64-m64-l0.9-s21.swf --machine simple:64 --scheduler easy --allocator"
                + " sorted-free-list"), r.out());

        List<String> csv = Files.readAllLines(out.resolve("scaling.csv"));
        assertEquals(ScalingBench.CSV_HEADER, csv.get(0));
        assertEquals("nodes,jobs,runs,wall_s,cpu_s,wall_us_per_job,cpu_us_per_job,events,peak_rss_mb,simulation_s,"
                + "simulation_us_per_job", csv.get(0));
        assertEquals(4, csv.size(), csv.toString());
        int[] nodes = {32, 64, 128};
        int[] runs = {1, 2, 2};
        for (int i = 0; i < 3; i++) {
            String[] f = csv.get(i + 1).split(",", -1);
            assertEquals(11, f.length, csv.get(i + 1));
            assertEquals(nodes[i], Integer.parseInt(f[0]));
            assertEquals(2 * nodes[i], Integer.parseInt(f[1]));
            assertEquals(runs[i], Integer.parseInt(f[2]));
            double wall = Double.parseDouble(f[3]);
            double cpu = Double.parseDouble(f[4]);
            int jobs = 2 * nodes[i];
            // Seconds are written to the millisecond, microseconds a job to the hundredth.
            double rounding = 0.0005 / jobs * 1e6 + 0.005;
            assertEquals(wall / jobs * 1e6, Double.parseDouble(f[5]), rounding);
            assertEquals(cpu / jobs * 1e6, Double.parseDouble(f[6]), rounding);
            assertTrue(Long.parseLong(f[7]) > 2L * nodes[i], csv.get(i + 1));
            assertTrue(Double.parseDouble(f[8]) > 0, csv.get(i + 1));
            double simulation = Double.parseDouble(f[9]);
            assertTrue(simulation > 0 && simulation < wall, csv.get(i + 1));
            // The medians are those of the runs printed for this size.
            assertEquals(median(printed(r.out(), nodes[i], runs[i], "s wall")), wall, 0.0011, r.out());
            assertEquals(median(printed(r.out(), nodes[i], runs[i], "s CPU")), cpu, 0.0011, r.out());
        }
        assertTrue(r.out().contains("wrote scaling.csv, scaling.png and scaling.svg into " + out), r.out());

        byte[] png = Files.readAllBytes(out.resolve("scaling.png"));
        assertArrayEquals(PNG_SIGNATURE, Arrays.copyOf(png, 8));
        BufferedImage image = ImageIO.read(out.resolve("scaling.png").toFile());
        assertTrue(image.getWidth() > 0 && image.getHeight() > 0);
        assertTrue(Files.readString(out.resolve("scaling.svg")).contains("<svg"));
        try (Stream<Path> files = Files.list(out)) {
            assertEquals(List.of(".hpcsim-lock", ".hpcsim-output", "scaling.csv", "scaling.png", "scaling.svg"),
                    files.map(p -> p.getFileName().toString()).sorted().toList(), "nothing staged is left");
        }
    }

    /** The figures "N s wall" (or CPU) of each run of that size, as printed. */
    private static double[] printed(String out, int nodes, int runs, String what) {
        List<Double> v = new ArrayList<>();
        Matcher m = Pattern.compile("round \\d+, " + nodes + " nodes: .*?([0-9.]+) " + Pattern.quote(what)).matcher(out);
        while (m.find()) {
            v.add(Double.parseDouble(m.group(1)));
        }
        assertEquals(runs, v.size(), out);
        return v.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** The median of one or two values. */
    private static double median(double[] v) {
        return v.length == 1 ? v[0] : (v[0] + v[1]) / 2;
    }

    @Test
    void aBadNodeListIsBadInputWithExitStatus2AndWritesNothing() {
        Path out = dir.resolve("out");
        String expected = "--nodes: expected node counts N >= 1, each optionally with its runs as N:RUNS (RUNS >= 1),"
                + " got ";
        for (String[] bad : List.of(new String[] {"64,abc", expected + "'abc'"}, new String[] {"64,0", expected + "'0'"},
                new String[] {"64:0", expected + "'64:0'"}, new String[] {"99999999999", expected + "'99999999999'"},
                new String[] {"64,64:2", "--nodes: 64 is given twice"})) {
            Cli.Result r = Cli.run("bench", "scaling", "--nodes", bad[0], "--runs", "1", "-o", out.toString());
            assertEquals(2, r.status(), bad[0] + ": " + r.err());
            assertTrue(r.err().startsWith("hpcsim: error: ") && r.err().contains(bad[1]), r.err());
            assertFalse(Files.exists(out), bad[0]);
        }
    }

    @Test
    void scalingRefusesWhatEachSizeSetsAndNeedsAnOutputDirectory() {
        Path out = dir.resolve("out");
        Cli.Result machine = Cli.run("bench", "scaling", "--machine", "mesh:4x4", "-o", out.toString());
        assertEquals(2, machine.status());
        assertTrue(machine.err().contains("each size sets its own machine (a synthetic trace on simple:N); drop"
                + " --machine"), machine.err());
        Cli.Result trace = Cli.run("bench", "scaling", "-Dtrace=x.swf", "-o", out.toString());
        assertEquals(2, trace.status());
        assertTrue(trace.err().contains("drop -Dtrace"), trace.err());
        Cli.Result noOut = Cli.run("bench", "scaling", "--nodes", "64");
        assertEquals(2, noOut.status());
        assertTrue(noOut.err().contains("into -o DIR; give one"), noOut.err());
        Cli.Result notScaling = Cli.run("bench", "run", "--nodes", "64");
        assertEquals(2, notScaling.status());
        assertTrue(notScaling.err().contains("Unknown options: '--nodes'"), notScaling.err());
        Cli.Result tooMany = Cli.run("bench", "scaling", "--nodes", "100000", "--jobs-per-node", "30000", "-o",
                out.toString());
        assertEquals(2, tooMany.status());
        assertTrue(tooMany.err().contains("jobs a node is more than"), tooMany.err());
        assertFalse(Files.exists(out));
    }

    @Test
    void aRunThatFailsStopsTheSweepWithItsStatusAndLeavesNoOutput() {
        Path out = dir.resolve("out");
        Cli.Result r = Cli.run("bench", "scaling", "--nodes", "16", "--jobs-per-node", "1", "--runs", "1",
                "--allocator", "no-such-allocator", "--trace-cache", dir.resolve("cache").toString(), "-o", out.toString());
        assertEquals(2, r.status(), r.out());
        assertTrue(r.out().contains("round 1, 16 nodes: the run failed (its error is above)"), r.out());
        assertFalse(Files.exists(out));
    }
}
