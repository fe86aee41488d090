package org.hpcsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/** An option and a -D that set one key to different values are an error naming both (exit 2); neither silently wins. */
class ConflictingSettingsTest {
    @TempDir
    Path dir;

    /** The options of a command whose help names the configuration key they set ("...; key scheduler.policy."). */
    private static List<String[]> keyedOptions(String command) {
        Pattern key = Pattern.compile("key ([a-z][\\w.-]*)\\.$");
        List<String[]> found = new ArrayList<>();
        for (OptionSpec o : Main.bareCommandLine().getSubcommands().get(command).getCommandSpec().options()) {
            Matcher m = key.matcher(String.join(" ", o.description()));
            if (m.find()) {
                found.add(new String[] {o.longestName(), m.group(1), o.type().getSimpleName()});
            }
        }
        return found;
    }

    @Test
    void schedulerOptionAndADifferentSchedulerDefineAreAnErrorNamingBoth() {
        Path out = dir.resolve("out");
        Cli.Result r = Cli.run("run", "--scheduler", "conservative", "-Dscheduler.policy=fcfs", "-o", out.toString());
        assertEquals(2, r.status(), r.out());
        assertTrue(r.err().startsWith("hpcsim: error: "), r.err());
        assertTrue(r.err().contains("--scheduler conservative") && r.err().contains("-Dscheduler.policy=fcfs"), r.err());
        assertEquals(1, r.err().lines().count(), r.err());
        assertFalse(Files.exists(out), "nothing ran");
    }

    @Test
    void everyRunOptionThatSetsAKeyConflictsWithADifferentDefineOfThatKey() {
        List<String[]> options = keyedOptions("run");
        assertTrue(options.size() >= 13, "run's keyed options: " + options.size());
        for (String[] o : options) {
            String name = o[0];
            String key = o[1];
            List<String> args = new ArrayList<>(List.of("run", "-o", dir.resolve("out").toString()));
            String given;
            String define;
            switch (o[2]) {
                case "boolean" -> {
                    args.add(name);
                    given = name;
                    define = "-D" + key + "=false";
                }
                case "Integer", "Long" -> {
                    args.addAll(List.of(name, "2"));
                    given = name + " 2";
                    define = "-D" + key + "=3";
                }
                case "Path" -> {
                    args.addAll(List.of(name, dir.resolve("first").toString()));
                    given = name + " " + dir.resolve("first");
                    define = "-D" + key + "=" + dir.resolve("second");
                }
                default -> {
                    args.addAll(List.of(name, "first"));
                    given = name + " first";
                    define = "-D" + key + "=second";
                }
            }
            if (key.equals("output.dir")) {
                args.subList(1, 3).clear(); // the option under test is the only --out
            }
            args.add(define);
            Cli.Result r = Cli.run(args.toArray(String[]::new));
            assertEquals(2, r.status(), name + ": " + r.err());
            assertTrue(r.err().contains(given) && r.err().contains(define), name + ": " + r.err());
        }
    }

    @Test
    void theSameValueGivenTwiceIsNoConflict() {
        Path out = dir.resolve("out");
        Cli.Result r = Cli.run("run", "-q", "--seed", "2", "-Dseed=2", "--trace", "traces/synthetic-2000.swf",
                "-Dtrace=./traces/../traces/synthetic-2000.swf", "--machine", "mesh:16x8", "-Dmachine=mesh:16x8",
                "--plots", "-Doutput.plots=yes", "-o", out.toString(), "-Doutput.dir=" + out);
        assertEquals(0, r.status(), r.err());
        assertTrue(Files.isDirectory(out.resolve("plots")));
    }

    @Test
    void sweepOutAndADifferentOutputDirDefineAreAnError() {
        Cli.Result r = Cli.run("sweep", "-c", "config/sweep.conf", "-o", dir.resolve("a").toString(),
                "-Doutput.dir=" + dir.resolve("b"));
        assertEquals(2, r.status(), r.err());
        assertTrue(r.err().contains("--out " + dir.resolve("a")) && r.err().contains("-Doutput.dir=" + dir.resolve("b")),
                r.err());
        assertFalse(Files.exists(dir.resolve("a")) || Files.exists(dir.resolve("b")), "nothing ran");
    }

    @Test
    void benchPassesNoConflictOnToItsRuns() {
        Cli.Result r = Cli.run("bench", "run", "--runs", "1", "--allocator", "mm", "-Dallocator.policy=mc1x1");
        assertEquals(2, r.status(), r.err());
        assertTrue(r.err().contains("--allocator mm") && r.err().contains("-Dallocator.policy=mc1x1"), r.err());
    }
}
