package org.hpcsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The command line builds only the command it runs; what it prints is that of the whole tree. */
class CommandTreeTest {
    private static final CommandLine WHOLE = Main.commandLine();

    private static List<String> commandNames() {
        return WHOLE.getSubcommands().keySet().stream().filter(n -> !n.equals("help")).toList();
    }

    @Test
    void aCommandLineStartingWithACommandBuildsThatCommandOnly() {
        assertTrue(commandNames().containsAll(List.of("run", "sweep", "list", "bench", "trace")), commandNames().toString());
        for (String name : commandNames()) {
            assertEquals(Set.of(name), Main.commandLineFor(name, "--quiet").getSubcommands().keySet());
        }
    }

    @Test
    void theUsageTheVersionHelpAndAnUnknownCommandGetTheWholeTree() {
        for (String[] args : new String[][] {{}, {"--help"}, {"-V"}, {"help", "run"}, {"runn"}, {"--quiet", "run"}}) {
            assertEquals(WHOLE.getSubcommands().keySet(), Main.commandLineFor(args).getSubcommands().keySet(),
                    String.join(" ", args));
        }
    }

    @Test
    void eachCommandsHelpIsTheSameInItsOwnTreeAsInTheWholeTree() {
        for (String name : commandNames()) {
            assertEquals(WHOLE.getSubcommands().get(name).getUsageMessage(CommandLine.Help.Ansi.OFF),
                    Main.commandLineFor(name).getSubcommands().get(name).getUsageMessage(CommandLine.Help.Ansi.OFF), name);
        }
    }

    @Test
    void anErrorInACommandReadsAsFromTheWholeTree() {
        Cli.Result r = Cli.run("run", "--bogus");
        assertEquals(2, r.status());
        assertEquals(List.of("hpcsim: error: Unknown option: '--bogus'", "Try 'hpcsim run --help' for more information."),
                r.err().lines().toList());
    }
}
