package org.hpcsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.hpcsim.testing.SharedData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code -q/--quiet}: every command that prints progress or summary lines takes it, with one meaning. */
class QuietOptionTest {

    @Test
    void plotReportAndTraceTransformTakeQuietAndThenPrintNothing(@TempDir Path tmp) throws Exception {
        Path run = tmp.resolve("run");
        Cli.Result r = Cli.run("run", "-q", "--config", SharedData.repoRoot().resolve("config/default.conf").toString(),
                "-o", run.toString());
        assertEquals(0, r.status(), r.err());

        Cli.Result plot = Cli.run("plot", "-q", run.toString(), "--format", "png");
        assertEquals(new Cli.Result(0, "", ""), plot);
        assertTrue(Files.isRegularFile(run.resolve("plots/utilization.png")), "quiet, not idle");

        Cli.Result report = Cli.run("report", "--quiet", run.toString(), "-o", tmp.resolve("report").toString(),
                "--no-plots");
        assertEquals(new Cli.Result(0, "", ""), report);
        assertTrue(Files.isRegularFile(tmp.resolve("report/report.md")));

        Path trace = tmp.resolve("t.swf");
        Cli.Result transform = Cli.run("trace", "transform", "-q",
                SharedData.repoRoot().resolve("traces/synthetic-2000.swf").toString(), "-o", trace.toString());
        assertEquals(new Cli.Result(0, "", ""), transform);
        assertTrue(Files.isRegularFile(trace));
    }

    @Test
    void everyCommandThatPrintsProgressOrSummaryLinesDescribesQuietAlike() {
        CommandLine root = Main.bareCommandLine();
        List<CommandLine> commands = List.of(root.getSubcommands().get("run"), root.getSubcommands().get("sweep"),
                root.getSubcommands().get("worker"), root.getSubcommands().get("plot"),
                root.getSubcommands().get("report"), root.getSubcommands().get("trace").getSubcommands().get("transform"));
        String meaning = String.join(" ", commands.get(0).getCommandSpec().findOption("-q").description());
        for (CommandLine c : commands) {
            CommandLine.Model.OptionSpec q = c.getCommandSpec().findOption("-q");
            assertNotNull(q, c.getCommandName() + " takes -q");
            assertEquals(List.of("-q", "--quiet"), List.of(q.names()), c.getCommandName());
            assertEquals(meaning, String.join(" ", q.description()), c.getCommandName());
        }
    }
}
