package org.hpcsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bench --sweep} times whole sweep processes per --parallel value and checks their results agree. */
class BenchCommandTest {
    @TempDir
    Path dir;

    @Test
    void benchSweepTimesEachParallelValuePerRoundAndReportsTheSpeedUpOverTheFirst() {
        Path file = SweepFixture.write(dir, 60, "seeds = [1, 2]");
        Cli.Result r = Cli.run("bench", "--sweep", file.toString(), "--parallel", "1,2", "--runs", "2");
        assertEquals(0, r.status(), r.err());
        List<String> lines = r.out().lines().toList();
        // Round 1 goes in the given order, round 2 in reverse.
        assertTrue(lines.get(0).startsWith("round 1, --parallel 1: ") && lines.get(0).endsWith(" s process (2 runs)"),
                r.out());
        assertTrue(lines.get(1).startsWith("round 1, --parallel 2: "), r.out());
        assertTrue(lines.get(2).startsWith("round 2, --parallel 2: "), r.out());
        assertTrue(lines.get(3).startsWith("round 2, --parallel 1: "), r.out());
        assertEquals("results.csv identical in all 4 sweeps", lines.get(4));
        assertTrue(lines.get(5).startsWith("--parallel 1: median of 2: "), r.out());
        Matcher m = Pattern.compile("--parallel 2: median of 2: ([0-9.]+) s process .*, ([0-9.]+)x --parallel 1")
                .matcher(lines.get(6));
        assertTrue(m.matches(), lines.get(6));
        double p1 = Double.parseDouble(lines.get(5).replaceAll("^--parallel 1: median of 2: ([0-9.]+) s.*$", "$1"));
        assertEquals(p1 / Double.parseDouble(m.group(1)), Double.parseDouble(m.group(2)), 0.01);
    }

    @Test
    void benchSweepRefusesRunOptionsAndParallelNeedsSweep() {
        Path file = SweepFixture.write(dir, 10, "seeds = [1, 2]");
        Cli.Result withMachine = Cli.run("bench", "--sweep", file.toString(), "--machine", "mesh:4x4");
        assertEquals(2, withMachine.status());
        assertTrue(withMachine.err().contains("-D options only"), withMachine.err());
        Cli.Result parallelAlone = Cli.run("bench", "--parallel", "1,2");
        assertEquals(2, parallelAlone.status());
        assertTrue(parallelAlone.err().contains("--parallel is an option of bench --sweep"), parallelAlone.err());
        Cli.Result zero = Cli.run("bench", "--sweep", file.toString(), "--parallel", "0");
        assertEquals(2, zero.status());
        assertTrue(zero.err().contains("--parallel"), zero.err());
    }
}
