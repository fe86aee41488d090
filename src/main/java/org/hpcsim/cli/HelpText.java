package org.hpcsim.cli;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Help;
import picocli.CommandLine.Help.Ansi.Text;
import picocli.CommandLine.Model.UsageMessageSpec;

/**
 * Makes picocli wrap help text at spaces only. Picocli reflows text with the JDK's line
 * {@link java.text.BreakIterator}, which also breaks inside a word: after a dot, colon, comma or
 * semicolon and before a bracket, so that a key, a spec or a path could be printed as
 * {@code -Dscheduler.} / {@code missing-estimate} or {@code best-fit} / {@code [hilbert]} and not be
 * copied out of the help whole (picocli itself keeps only hyphens from breaking a word). Before picocli
 * wraps a text, each such mark inside a word is swapped for a character of the private use area, which
 * the BreakIterator takes for a letter; the help picocli renders has them swapped back.
 */
final class HelpText {
    /** Where the swapped marks lie: mark c becomes {@code SWAPPED + c}. */
    private static final char SWAPPED = '\uE000';
    /** Marks the BreakIterator may break after when a non-space follows. */
    private static final String BREAK_AFTER = ".,:;!?)]}\"";
    /** Marks the BreakIterator may break before when a non-space precedes. */
    private static final String BREAK_BEFORE = "([{";

    private HelpText() {
    }

    /** Installs the swap on every command of the tree. */
    static void install(CommandLine root) {
        protectUsageMessages(root);
        root.setHelpFactory(Protecting::new);
        Map<String, CommandLine.IHelpSectionRenderer> sections = new LinkedHashMap<>();
        root.getHelpSectionMap().forEach((key, renderer) -> sections.put(key, help -> restore(renderer.render(help))));
        root.setHelpSectionMap(sections);
    }

    /** The descriptions, headers and footers (the parent's command list shows a description's first line). */
    private static void protectUsageMessages(CommandLine command) {
        UsageMessageSpec u = command.getCommandSpec().usageMessage();
        u.description(protect(u.description()));
        u.header(protect(u.header()));
        u.footer(protect(u.footer()));
        command.getSubcommands().values().forEach(HelpText::protectUsageMessages);
    }

    private static String[] protect(String[] lines) {
        return Arrays.stream(lines).map(HelpText::protect).toArray(String[]::new);
    }

    static String protect(String s) {
        StringBuilder sb = new StringBuilder(s);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean before = i > 0 && !Character.isWhitespace(s.charAt(i - 1));
            boolean after = i + 1 < s.length() && !Character.isWhitespace(s.charAt(i + 1));
            if (BREAK_AFTER.indexOf(c) >= 0 && after || BREAK_BEFORE.indexOf(c) >= 0 && before) {
                sb.setCharAt(i, (char) (SWAPPED + c));
            }
        }
        return sb.toString();
    }

    static String restore(String s) {
        StringBuilder sb = new StringBuilder(s);
        for (int i = 0; i < sb.length(); i++) {
            char c = sb.charAt(i);
            if (c >= SWAPPED && c < SWAPPED + 128) {
                sb.setCharAt(i, (char) (c - SWAPPED));
            }
        }
        return sb.toString();
    }

    /** Picocli's help, with the description column of options and parameters protected before it is wrapped. */
    private static final class Protecting extends Help {
        Protecting(CommandLine.Model.CommandSpec spec, ColorScheme scheme) {
            super(spec, scheme);
        }

        @Override
        public IOptionRenderer createDefaultOptionRenderer() {
            IOptionRenderer plain = super.createDefaultOptionRenderer();
            return (option, labels, scheme) -> protect(plain.render(option, labels, scheme), scheme);
        }

        @Override
        public IParameterRenderer createDefaultParameterRenderer() {
            IParameterRenderer plain = super.createDefaultParameterRenderer();
            return (parameter, labels, scheme) -> protect(plain.render(parameter, labels, scheme), scheme);
        }

        /** Each row's last column is the description. */
        private static Text[][] protect(Text[][] rows, ColorScheme scheme) {
            for (Text[] row : rows) {
                int last = row.length - 1;
                row[last] = scheme.text(HelpText.protect(row[last].plainString()));
            }
            return rows;
        }
    }
}
