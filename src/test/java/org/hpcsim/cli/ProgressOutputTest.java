package org.hpcsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The progress lines on stderr (output.progress = on here, stderr not being a terminal in tests). */
class ProgressOutputTest {
    @TempDir
    Path dir;

    /** The lines drawn, each redraw on a line of its own (they are separated by carriage returns). */
    private static List<String> drawn(String err) {
        return err.lines().flatMap(l -> Pattern.compile("\r").splitAsStream(l)).map(String::strip)
                .filter(l -> !l.isEmpty()).toList();
    }

    @Test
    void aRunDrawsTheReadingOfItsTraceThenItsPercentAndClearsTheLineAtTheEnd() {
        Path out = dir.resolve("out");
        Cli.Result r = Cli.run("run", "-Doutput.progress=on", "-o", out.toString());
        assertEquals(0, r.status(), r.err());
        List<String> lines = drawn(r.err());
        assertTrue(lines.get(0).startsWith("[hpcsim] reading trace synthetic-2000.swf: "), r.err());
        assertTrue(lines.stream().anyMatch(l -> l.matches("\\[hpcsim] \\d{1,3}\\.\\d %  .*jobs \\d+/2000  t=\\d+ d \\d\\d:\\d\\d:\\d\\d  .*")),
                r.err());
        assertTrue(lines.stream().allMatch(l -> l.length() <= ProgressLine.WIDTH), r.err());
        assertTrue(r.err().endsWith("\r"), "the line is wiped at the end");
        assertTrue(r.out().startsWith("hpcsim: 2000 jobs"), "the summary goes to stdout as ever");
    }

    @Test
    void theProgressLineChangesNoOutputFile() throws IOException {
        Path on = dir.resolve("on");
        Path off = dir.resolve("off");
        assertEquals(0, Cli.run("run", "-Doutput.progress=on", "-o", on.toString()).status());
        assertEquals(0, Cli.run("run", "-Doutput.progress=off", "-o", off.toString()).status());
        for (String name : List.of("jobs.csv", "timeseries.csv", "summary.json")) {
            assertEquals(SweepFixture.comparable(off.resolve(name)), SweepFixture.comparable(on.resolve(name)), name);
        }
    }

    @Test
    void aSweepDrawsRunsDoneAndEachRunningRunsPercentBetweenItsLogLines() {
        Path file = SweepFixture.write(dir, 300, "seeds = [1, 2]");
        Cli.Result r = Cli.run("sweep", "-c", file.toString(), "--parallel", "1", "-Doutput.progress=on");
        assertEquals(0, r.status(), r.err());
        List<String> lines = drawn(r.err());
        assertTrue(lines.stream().anyMatch(l -> l.matches("\\[sweep] 0/2 runs done  run 1/2 (reading \\d+ %|\\d+\\.\\d %)")),
                r.err());
        assertTrue(lines.stream().anyMatch(l -> l.matches("\\[sweep] 1/2 runs done  .*run 2/2 .*")), r.err());
        // the log lines are printed whole, each on a cleared line
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("[1/2] seed=1  ")), r.err());
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("sweep: done")), r.err());
    }

    @Test
    void aSweepWithoutATerminalLogsWithoutAProgressLine() {
        Path file = SweepFixture.write(dir, 100, "seeds = [1, 2]");
        Cli.Result r = Cli.run("sweep", "-c", file.toString(), "--parallel", "1");
        assertEquals(0, r.status(), r.err());
        assertFalse(r.err().contains("[sweep]") || r.err().contains("\r"), r.err());
        assertTrue(r.err().contains("[2/2] seed=2"), r.err());
    }
}
