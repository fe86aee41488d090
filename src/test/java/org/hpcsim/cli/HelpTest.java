package org.hpcsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;

/** The help of every command and how usage errors are reported. */
class HelpTest {

    /** Every command of the tree, parents before their subcommands. */
    private static List<CommandLine> commands() {
        return commands(Main.commandLine());
    }

    private static List<CommandLine> commands(CommandLine root) {
        List<CommandLine> all = new ArrayList<>();
        collect(root, all);
        return all;
    }

    /** What the parent's command list shows: the header's first line, else the description's. */
    private static String summary(CommandSpec spec) {
        String[] header = spec.usageMessage().header();
        return HelpText.restore(header.length > 0 ? header[0] : spec.usageMessage().description()[0]);
    }

    /** Every help text of a command as written: description, header, footer, option and parameter descriptions. */
    private static List<String> texts(CommandSpec spec) {
        List<String> texts = new ArrayList<>();
        texts.addAll(List.of(spec.usageMessage().description()));
        texts.addAll(List.of(spec.usageMessage().header()));
        texts.addAll(List.of(spec.usageMessage().footer()));
        for (ArgSpec arg : spec.args()) {
            if (!arg.hidden()) {
                texts.addAll(List.of(arg.description()));
            }
        }
        return texts;
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
            // An option like none of any command's, so that picocli suggests none (it offers bench's --nodes
            // for "--no-such-option").
            Cli.Result r = Cli.run(path(c, "--qqq-unknown"));
            String name = c.getCommandSpec().qualifiedName();
            assertEquals(2, r.status(), name);
            assertEquals("", r.out(), name);
            List<String> lines = r.err().lines().toList();
            assertEquals(2, lines.size(), name + ":\n" + r.err());
            // Picocli reports a missing required option before an unknown one.
            assertTrue(lines.get(0).equals("hpcsim: error: Unknown option: '--qqq-unknown'")
                    || lines.get(0).startsWith("hpcsim: error: Missing required "), name + ": " + lines.get(0));
            assertEquals("Try '" + name + " --help' for more information.", lines.get(1), name);
        }
        assertEquals(List.of("hpcsim: error: Unknown option: '--bogus'", "Try 'hpcsim run --help' for more information."),
                Cli.run("run", "--bogus").err().lines().toList());
        Cli.Result missing = Cli.run("experiment", "cplant", "--trace", "t.swf");
        assertEquals(List.of("hpcsim: error: Missing required option: '--out=DIR'",
                "Try 'hpcsim experiment cplant --help' for more information."), missing.err().lines().toList());
        Cli.Result noCommand = Cli.run("experiment");
        assertEquals(List.of("hpcsim: error: missing experiment (one of: situation-decision, cplant, cooling,"
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
        assertEquals(List.of("hpcsim: error: Unknown options: '--trce', 'x.swf'", "Possible solutions: --trace, --trace-format",
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
        assertEquals(4, groups, "hpcsim, experiment, trace and bench");
    }

    @Test
    void noWordOfAnyHelpTextIsBrokenAcrossLinesAtAnyWidth() {
        // The texts as written come from a tree without the help's line-breaking protection.
        Map<String, CommandSpec> written = new LinkedHashMap<>();
        for (CommandLine c : commands(Main.bareCommandLine())) {
            written.put(c.getCommandSpec().qualifiedName(), c.getCommandSpec());
        }
        int words = 0;
        for (int width : new int[] {80, 100, 132}) {
            CommandLine root = Main.commandLine();
            root.setUsageHelpWidth(width);
            for (CommandLine c : commands(root)) {
                String name = c.getCommandSpec().qualifiedName();
                String help = c.getUsageMessage(CommandLine.Help.Ansi.OFF);
                CommandSpec spec = written.get(name);
                List<String> texts = texts(spec);
                spec.subcommands().values().forEach(sub -> texts.add(summary(sub.getCommandSpec())));
                for (String text : texts) {
                    for (String word : String.format(text).split("\\s+")) {
                        words++;
                        assertTrue(help.contains(word), name + " --help at width " + width + " breaks '" + word
                                + "' of '" + text + "' across lines:\n" + help);
                    }
                }
            }
        }
        assertTrue(words > 3000, "words checked: " + words);
    }

    @Test
    void everyCommandSummaryIsOneCompleteSentenceOfAtMostTwoLines() {
        for (CommandLine c : commands()) {
            CommandSpec spec = c.getCommandSpec();
            String summary = summary(spec);
            assertTrue(summary.endsWith("."), spec.qualifiedName() + ": summary is not a sentence: " + summary);
            if (spec.parent() != null) {
                List<String> lines = c.getParent().getUsageMessage(CommandLine.Help.Ansi.OFF).lines().toList();
                int first = -1;
                for (int i = 0; i < lines.size() && first < 0; i++) {
                    if (lines.get(i).matches("  " + java.util.regex.Pattern.quote(spec.name()) + " .*")) {
                        first = i;
                    }
                }
                assertTrue(first >= 0, spec.qualifiedName() + " is not in its parent's list");
                int end = first + 1;
                while (end < lines.size() && lines.get(end).matches(" {4,}\\S.*")) {
                    end++;
                }
                String shown = String.join(" ", lines.subList(first, end)).replaceAll("\\s+", " ").strip();
                assertTrue(shown.endsWith(summary), spec.qualifiedName() + ": parent lists '" + shown + "'");
                assertTrue(end - first <= 2, spec.qualifiedName() + ": summary takes " + (end - first) + " lines");
            }
        }
    }

    @Test
    void noHelpTextIsASentenceCutIntoHandWrappedLines() {
        for (CommandLine c : commands(Main.bareCommandLine())) {
            String previous = "";
            for (String text : texts(c.getCommandSpec())) {
                String t = String.format(text).strip();
                // A paragraph ends a sentence; an example command line stands alone, or goes on after a backslash.
                assertTrue(t.isEmpty() || t.matches("(?s).*[.:?!]") || t.startsWith("hpcsim ")
                        || previous.endsWith(" \\"), c.getCommandSpec().qualifiedName()
                        + ": a line picocli cannot reflow: '" + text + "'");
                previous = t;
            }
        }
    }
}
