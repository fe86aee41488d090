package org.hpcsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The help of every command and how usage errors are reported. */
class HelpTest {

    /** Every command of the tree, parents before their subcommands. */
    private static List<CommandLine> commands() {
        List<CommandLine> all = new ArrayList<>();
        collect(Main.commandLine(), all);
        return all;
    }

    private static void collect(CommandLine c, List<CommandLine> all) {
        all.add(c);
        c.getSubcommands().values().forEach(sub -> collect(sub, all));
    }

    /** The arguments that reach {@code c} from the top ("experiment", "cplant"). */
    private static String[] path(CommandLine c, String... more) {
        List<String> names = new ArrayList<>();
        for (CommandLine.Model.CommandSpec s = c.getCommandSpec(); s.parent() != null; s = s.parent()) {
            names.add(0, s.name());
        }
        return Stream.concat(names.stream(), Stream.of(more)).toArray(String[]::new);
    }

    @Test
    void aUsageErrorIsOneErrorLineAndWhereToReadMoreWithExitStatusTwo() {
        for (CommandLine c : commands()) {
            if (c.getCommandSpec().name().equals("help")) {
                continue; // picocli's help command takes any unknown argument for its parent's help
            }
            Cli.Result r = Cli.run(path(c, "--no-such-option"));
            String name = c.getCommandSpec().qualifiedName();
            assertEquals(2, r.status(), name);
            assertEquals("", r.out(), name);
            List<String> lines = r.err().lines().toList();
            assertEquals(2, lines.size(), name + ":\n" + r.err());
            // Picocli reports a missing required option before an unknown one.
            assertTrue(lines.get(0).equals("hpcsim: error: Unknown option: '--no-such-option'")
                    || lines.get(0).startsWith("hpcsim: error: Missing required "), name + ": " + lines.get(0));
            assertEquals("Try '" + name + " --help' for more information.", lines.get(1), name);
        }
        assertEquals(List.of("hpcsim: error: Unknown option: '--bogus'", "Try 'hpcsim run --help' for more information."),
                Cli.run("run", "--bogus").err().lines().toList());
        Cli.Result missing = Cli.run("experiment", "cplant", "--trace", "t.swf");
        assertEquals(List.of("hpcsim: error: Missing required option: '--out=DIR'",
                "Try 'hpcsim experiment cplant --help' for more information."), missing.err().lines().toList());
        Cli.Result noCommand = Cli.run("experiment");
        assertEquals(List.of("hpcsim: error: missing experiment (one of situation-decision, cplant, cooling,"
                        + " torus-schedule, torus-feasibility, malleable)",
                "Try 'hpcsim experiment --help' for more information."), noCommand.err().lines().toList());
    }

    @Test
    void aUsageErrorKeepsPicocliSuggestions() {
        Cli.Result r = Cli.run("experiment", "cplan");
        assertEquals(2, r.status());
        assertEquals(List.of("hpcsim: error: Unmatched argument at index 1: 'cplan'", "Did you mean: experiment cplant?",
                "Try 'hpcsim experiment --help' for more information."), r.err().lines().toList());
        Cli.Result option = Cli.run("run", "--trce", "x.swf");
        assertEquals(List.of("hpcsim: error: Unknown options: '--trce', 'x.swf'", "Possible solutions: --trace",
                "Try 'hpcsim run --help' for more information."), option.err().lines().toList());
    }

    @Test
    void everyCommandWithSubcommandsHasAHelpSubcommand() {
        int groups = 0;
        for (CommandLine c : commands()) {
            if (c.getSubcommands().isEmpty() || c.getCommandSpec().name().equals("help")) {
                continue;
            }
            groups++;
            String name = c.getCommandSpec().qualifiedName();
            assertTrue(c.getSubcommands().containsKey("help"), name + " has no help subcommand");
            Cli.Result help = Cli.run(path(c, "help"));
            assertEquals(0, help.status(), name + ": " + help.err());
            assertEquals(Cli.run(path(c, "--help")).out(), help.out(), name);
            for (String sub : c.getSubcommands().keySet()) {
                Cli.Result subHelp = Cli.run(path(c, "help", sub));
                assertEquals(0, subHelp.status(), name + " help " + sub + ": " + subHelp.err());
                assertEquals(Cli.run(path(c, sub, "--help")).out(), subHelp.out(), name + " help " + sub);
            }
        }
        assertEquals(3, groups, "hpcsim, experiment and trace");
    }
}
