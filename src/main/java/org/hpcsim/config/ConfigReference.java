package org.hpcsim.config;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigObject;
import com.typesafe.config.ConfigRenderOptions;
import com.typesafe.config.ConfigUtil;
import com.typesafe.config.ConfigValue;
import com.typesafe.config.ConfigValueType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The configuration reference: every key a scenario may set, its default and its meaning, all read
 * from the built-in defaults ({@link ConfigLoader#defaults()}), where the comment right above a key is
 * its meaning. The loader's defaults, {@code hpcsim config --describe} and docs/config-keys.md thus
 * come from one file and cannot drift apart.
 */
public final class ConfigReference {

    /**
     * One key.
     *
     * @param key          the full key, e.g. {@code network.model}
     * @param defaultValue its default as written in a scenario file ({@code null}: none)
     * @param meaning      its comment lines, one leading space and the comment marks removed
     */
    public record Entry(String key, String defaultValue, List<String> meaning) {
        public Entry {
            meaning = List.copyOf(meaning);
        }

        /** The meaning on one line. */
        public String meaningText() {
            return String.join(" ", meaning.stream().map(String::strip).toList());
        }
    }

    private final List<Entry> entries;

    private ConfigReference(List<Entry> entries) {
        this.entries = List.copyOf(entries);
    }

    /** The reference of the built-in defaults, in the order the defaults file lists the keys. */
    public static ConfigReference builtIn() {
        return of(ConfigLoader.defaults());
    }

    /** The reference of a parsed (unresolved, comment-keeping) defaults file. */
    static ConfigReference of(Config defaults) {
        List<Entry> out = new ArrayList<>();
        collect(defaults.root(), new ArrayList<>(), out);
        return new ConfigReference(out);
    }

    /** Every key, in the order of the defaults file. */
    public List<Entry> entries() {
        return entries;
    }

    /**
     * The keys equal to {@code prefix} or under it as a section ({@code network} gives
     * {@code network.model}, ...; not {@code network-x}); every key for a blank prefix.
     */
    public List<Entry> under(String prefix) {
        String p = prefix.strip();
        if (p.isEmpty()) {
            return entries;
        }
        return entries.stream().filter(e -> e.key().equals(p) || e.key().startsWith(p + ".")).toList();
    }

    /**
     * The keys as text: each key with its default, then its meaning indented below it, as
     * {@code hpcsim config --describe} prints them.
     */
    public static String text(List<Entry> entries) {
        StringBuilder out = new StringBuilder();
        for (Entry e : entries) {
            out.append(e.key()).append(" = ").append(e.defaultValue()).append('\n');
            for (String line : e.meaning()) {
                out.append("    ").append(line).append('\n');
            }
        }
        return out.toString();
    }

    /** The keys as a Markdown table (key, default, meaning), as docs/config-keys.md holds it. */
    public static String markdown(List<Entry> entries) {
        StringBuilder out = new StringBuilder();
        out.append("| key | default | meaning |\n|---|---|---|\n");
        for (Entry e : entries) {
            out.append("| `").append(e.key()).append("` | `").append(cell(e.defaultValue())).append("` | ")
                    .append(cell(e.meaningText())).append(" |\n");
        }
        return out.toString();
    }

    /** A table cell: a pipe would end the cell. */
    private static String cell(String text) {
        return text.replace("|", "\\|");
    }

    private static void collect(ConfigObject obj, List<String> prefix, List<Entry> out) {
        // ConfigObject keeps the order of the file only through its origins' line numbers.
        List<Map.Entry<String, ConfigValue>> members = new ArrayList<>(obj.entrySet());
        members.sort((a, b) -> Integer.compare(a.getValue().origin().lineNumber(), b.getValue().origin().lineNumber()));
        for (Map.Entry<String, ConfigValue> m : members) {
            List<String> path = new ArrayList<>(prefix);
            path.add(m.getKey());
            ConfigValue v = m.getValue();
            if (v instanceof ConfigObject child && !child.isEmpty()) {
                collect(child, path, out);
            } else {
                out.add(new Entry(ConfigUtil.joinPath(path), value(v), comments(v)));
            }
        }
    }

    /** A default as a scenario file would write it: strings bare, lists and others as HOCON. */
    private static String value(ConfigValue v) {
        if (v.valueType() == ConfigValueType.STRING) {
            String s = (String) v.unwrapped();
            return s.isEmpty() ? "\"\"" : s;
        }
        return v.render(ConfigRenderOptions.concise().setJson(false));
    }

    private static List<String> comments(ConfigValue v) {
        List<String> lines = new ArrayList<>();
        for (String c : v.origin().comments()) {
            lines.add(c.startsWith(" ") ? c.substring(1) : c);
        }
        return lines;
    }
}
