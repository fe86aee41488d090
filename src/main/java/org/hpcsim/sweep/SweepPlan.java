package org.hpcsim.sweep;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import com.typesafe.config.ConfigList;
import com.typesafe.config.ConfigObject;
import com.typesafe.config.ConfigRenderOptions;
import com.typesafe.config.ConfigUtil;
import com.typesafe.config.ConfigValue;
import com.typesafe.config.ConfigValueFactory;
import com.typesafe.config.ConfigValueType;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import org.hpcsim.config.ConfigLoader;
import org.hpcsim.config.ConfigPaths;
import org.hpcsim.config.Scenario;
import org.hpcsim.registry.Registry;
import org.hpcsim.workload.InputException;

/**
 * A sweep file read and checked: a scenario configuration (the base, the same keys as {@code run})
 * with a block {@code sweep { axes { KEY = [v1, v2, ...], ... } }}, and every combination of the axes'
 * values as a checked {@link Scenario} whose output directory is {@code DIR/runs/LABEL}.
 *
 * <p>Axes are ordered by their key (HOCON objects keep no order), and combinations enumerate with
 * the last axis varying fastest. A label joins {@code key=value} over the axes with commas, the
 * value of {@code trace} being its file name; characters unsafe in file names become {@code _}, and
 * a label already taken (ignoring case, for file systems that do) gets {@code ~2}, {@code ~3}, ...
 */
public final class SweepPlan {
    /** Short names of the keys a sweep varies most. */
    static final Map<String, String> ALIASES = Map.of(
            "allocators", "allocator.policy",
            "schedulers", "scheduler.policy",
            "traces", "trace",
            "seeds", "seed");

    /** Longest label kept before disambiguation, well under file systems' 255-byte names. */
    private static final int MAX_LABEL = 160;

    /** An axis: a configuration key and the values it takes (input paths absolute, see {@link ConfigPaths}), with their text as written. */
    public record Axis(String key, List<ConfigValue> values, List<String> texts) {
        public Axis {
            values = List.copyOf(values);
            texts = List.copyOf(texts);
        }
    }

    /**
     * One run of the sweep.
     *
     * @param index    position in combination order, from 0
     * @param label    its directory's name under {@code runs/}
     * @param values   the text of each axis's value, in axis order
     * @param scenario the checked scenario, output directory included
     */
    public record Combination(int index, String label, List<String> values, Scenario scenario) {
        public Combination {
            values = List.copyOf(values);
        }
    }

    private final Path file;
    private final Config base;
    private final List<Axis> axes;
    private final Path dir;
    private final List<Combination> combinations;
    private final ClusterKeys cluster;

    /**
     * The sweep block's {@code cluster} settings (see {@code hpcsim sweep --cluster}); each null when not set.
     *
     * @param enabled   run on a cluster's workers
     * @param bind      the coordinator's address, HOST[:PORT]
     * @param downAfter how long a worker may stay unreachable, a HOCON duration
     */
    public record ClusterKeys(Boolean enabled, String bind, String downAfter) {
        static final ClusterKeys NONE = new ClusterKeys(null, null, null);
    }

    private SweepPlan(Path file, Config base, List<Axis> axes, Path dir, List<Combination> combinations,
                      ClusterKeys cluster) {
        this.cluster = cluster;
        this.file = file;
        this.base = base;
        this.axes = List.copyOf(axes);
        this.dir = dir;
        this.combinations = List.copyOf(combinations);
    }

    /**
     * Reads a sweep file and checks every combination's scenario; writes nothing.
     *
     * @param overrides command-line {@code key -> value} settings applied to the base (not to an axis)
     * @param out       the sweep's output directory, or null for the base's {@code output.dir}
     */
    public static SweepPlan read(Path file, Map<String, String> overrides, Path out, Registry registry) {
        return read(file, overrides, Map.of(), out, registry);
    }

    /**
     * As {@link #read(Path, Map, Path, Registry)}, with where each override was given ({@code key ->}
     * {@code -Dkey} or the option), which errors in its value name.
     */
    public static SweepPlan read(Path file, Map<String, String> overrides, Map<String, String> origins, Path out,
                                 Registry registry) {
        return read(file, overrides, origins, out, List.of(), jars -> {
            if (!jars.isEmpty()) {
                throw new IllegalArgumentException("this sweep names plugins " + jars + ": read it with their registry");
            }
            return registry;
        });
    }

    /**
     * As {@link #read(Path, Map, Map, Path, Registry)}, for a sweep that may use plugins: {@code plugins}
     * (the command line's {@code --plugin} jars) are added to the base's key {@code plugins}, and the runs
     * are checked against {@code registry} of the resulting list of jars (one for the whole sweep).
     */
    public static SweepPlan read(Path file, Map<String, String> overrides, Map<String, String> origins, Path out,
                                 List<Path> plugins, Function<List<Path>, Registry> registry) {
        Config user = ConfigLoader.parse(file);
        if (!user.hasPathOrNull("sweep")) {
            throw new InputException(file, 0, "sweep",
                    "no sweep block: add sweep { axes { KEY = [value, ...] } } (or simulate one scenario with hpcsim run)");
        }
        List<Axis> axes = axes(file, user);
        for (String key : overrides.keySet()) {
            for (Axis a : axes) {
                if (a.key().equals(key.strip())) {
                    throw new InputException(origins.getOrDefault(key, ConfigLoader.COMMAND_LINE), 0, key.strip(),
                            "is an axis of the sweep; change its values in " + file + " instead");
                }
            }
        }
        Config base = ConfigPaths.withPlugins(ConfigLoader.merge(user.withoutPath("sweep"), overrides, origins),
                plugins, "--plugin");
        Registry runs = registry.apply(Scenario.plugins(base));
        Path dir = out != null ? out : outputDir(base);
        List<Combination> combinations = new ArrayList<>();
        Set<String> taken = new HashSet<>();
        int count = 1;
        for (Axis a : axes) {
            try {
                count = Math.multiplyExact(count, a.values().size());
            } catch (ArithmeticException e) {
                throw new InputException(file, 0, "sweep.axes", "more than " + Integer.MAX_VALUE + " combinations");
            }
        }
        for (int index = 0; index < count; index++) {
            Config config = base;
            List<String> texts = new ArrayList<>(axes.size());
            StringBuilder label = new StringBuilder();
            int rest = index;
            int[] choice = new int[axes.size()];
            for (int i = axes.size() - 1; i >= 0; i--) {
                choice[i] = rest % axes.get(i).values().size();
                rest /= axes.get(i).values().size();
            }
            for (int i = 0; i < axes.size(); i++) {
                Axis a = axes.get(i);
                config = config.withValue(a.key(), a.values().get(choice[i]));
                String text = a.texts().get(choice[i]);
                texts.add(text);
                label.append(i == 0 ? "" : ",").append(a.key()).append('=').append(labelValue(a.key(), text));
            }
            String name = unique(sanitize(label.toString()), taken);
            config = config.withValue("output.dir",
                    ConfigValueFactory.fromAnyRef(dir.resolve("runs").resolve(name).toString(), "sweep " + file));
            combinations.add(new Combination(index, name, texts, Scenario.from(config, runs)));
        }
        ClusterKeys cluster = cluster(user.withFallback(ConfigLoader.defaults()).resolve());
        return new SweepPlan(file, base, axes, dir, combinations, cluster);
    }

    /** The axes of the sweep block, ordered by key; each key known, given once, with a non-empty list of distinct values. */
    private static List<Axis> axes(Path file, Config user) {
        Config resolved;
        try {
            resolved = user.withFallback(ConfigLoader.defaults()).resolve();
        } catch (ConfigException e) {
            throw ConfigLoader.fromConfigException(e, file.toString(), null);
        }
        ConfigValue sweep = resolved.root().get("sweep");
        if (!(sweep instanceof ConfigObject block)) {
            throw bad(sweep, "sweep", "expected a block: sweep { axes { KEY = [value, ...] } }");
        }
        for (String key : new TreeMap<>(block).keySet()) {
            if (!key.equals("axes") && !key.equals("cluster")) {
                throw bad(block.get(key), "sweep." + key, "unknown key in sweep (known: axes, cluster)");
            }
        }
        ConfigValue axesValue = block.get("axes");
        if (!(axesValue instanceof ConfigObject axesBlock) || axesBlock.isEmpty()) {
            throw bad(axesValue == null ? sweep : axesValue, "sweep.axes",
                    "expected at least one axis: axes { KEY = [value, ...] }");
        }
        Map<String, ConfigValue> leaves = new TreeMap<>();
        leaves(axesBlock, new ArrayList<>(), leaves);
        Map<String, Axis> byKey = new TreeMap<>();
        Map<String, String> givenAs = new LinkedHashMap<>();
        for (Map.Entry<String, ConfigValue> e : leaves.entrySet()) {
            String given = e.getKey();
            ConfigValue v = e.getValue();
            String key = ALIASES.getOrDefault(given, given);
            String where = "sweep.axes." + given;
            ConfigLoader.checkKey(key, source(v), line(v));
            if (key.equals("output.dir")) {
                throw bad(v, where, "cannot be an axis: each run writes to DIR/runs/LABEL (set DIR with -o or output.dir)");
            }
            if (key.equals(ConfigPaths.PLUGINS)) {
                throw bad(v, where, "cannot be an axis: the runs of a sweep share one set of plugins (set plugins"
                        + " in the base, or --plugin)");
            }
            if (givenAs.containsKey(key)) {
                throw bad(v, where, key + " is given twice (as " + givenAs.get(key) + " and " + given + ")");
            }
            givenAs.put(key, given);
            if (!(v instanceof ConfigList list)) {
                throw bad(v, where, "expected a list of values, e.g. [a, b]");
            }
            if (list.isEmpty()) {
                throw bad(v, where, "the list of values is empty");
            }
            List<String> texts = new ArrayList<>();
            List<ConfigValue> values = new ArrayList<>();
            for (ConfigValue item : list) {
                String text = text(item);
                if (texts.contains(text)) {
                    throw bad(item, where, "value " + text + " is given twice");
                }
                texts.add(text);
                // a path in an axis resolves against the file that lists it, as in the base
                values.add(ConfigPaths.absolute(key, item));
            }
            byKey.put(key, new Axis(key, values, texts));
        }
        return new ArrayList<>(byKey.values());
    }

    private static void leaves(ConfigObject obj, List<String> prefix, Map<String, ConfigValue> out) {
        for (Map.Entry<String, ConfigValue> e : obj.entrySet()) {
            List<String> path = new ArrayList<>(prefix);
            path.add(e.getKey());
            if (e.getValue() instanceof ConfigObject child && !child.isEmpty()) {
                leaves(child, path, out);
            } else {
                out.put(ConfigUtil.joinPath(path), e.getValue());
            }
        }
    }

    /** A value's text as written: a string as is, anything else as HOCON renders it ({@code 2}, {@code ["a","b"]}). */
    static String text(ConfigValue v) {
        if (v.valueType() == ConfigValueType.STRING) {
            return (String) v.unwrapped();
        }
        return v.render(ConfigRenderOptions.concise());
    }

    /** In a label a trace is named by its file name: the directories before it say little and are long. */
    private static String labelValue(String key, String text) {
        if (!key.equals("trace")) {
            return text;
        }
        try {
            Path name = Path.of(text).getFileName();
            return name == null ? text : name.toString();
        } catch (InvalidPathException e) {
            return text;
        }
    }

    /** Keeps letters, digits and {@code . _ - + = , @ % [ ]}; anything else becomes {@code _}. */
    static String sanitize(String label) {
        StringBuilder sb = new StringBuilder(label.length());
        for (int i = 0; i < label.length() && sb.length() < MAX_LABEL; i++) {
            char c = label.charAt(i);
            boolean safe = c < 128 && (Character.isLetterOrDigit(c) || "._-+=,@%[]".indexOf(c) >= 0);
            sb.append(safe ? c : '_');
        }
        return sb.toString();
    }

    /** The label, or with {@code ~2}, {@code ~3}, ... the first that is not taken yet (ignoring case). */
    static String unique(String label, Set<String> taken) {
        String name = label;
        for (int n = 2; !taken.add(name.toLowerCase(Locale.ROOT)); n++) {
            name = label + "~" + n;
        }
        return name;
    }

    private static Path outputDir(Config base) {
        try {
            return Path.of(base.getString("output.dir"));
        } catch (ConfigException e) {
            throw ConfigLoader.fromConfigException(e, "configuration", "output.dir");
        } catch (InvalidPathException e) {
            throw new InputException("configuration", 0, "output.dir", e.getMessage());
        }
    }

    private static InputException bad(ConfigValue v, String key, String message) {
        return new InputException(source(v), line(v), key, message);
    }

    private static String source(ConfigValue v) {
        return ConfigLoader.originName(v.origin());
    }

    private static long line(ConfigValue v) {
        return Math.max(0, v.origin().lineNumber());
    }

    public Path file() {
        return file;
    }

    public List<Axis> axes() {
        return axes;
    }

    /** The sweep's output directory. */
    /** The sweep block's cluster settings. */
    public ClusterKeys cluster() {
        return cluster;
    }

    /** Reads {@code sweep.cluster { enabled, bind, down-after }}, each optional. */
    private static ClusterKeys cluster(Config user) {
        if (!user.hasPath("sweep.cluster")) {
            return ClusterKeys.NONE;
        }
        ConfigValue v = user.getValue("sweep.cluster");
        if (!(v instanceof ConfigObject block)) {
            throw bad(v, "sweep.cluster", "expected a block: cluster { enabled = true, bind = \"HOST:PORT\", down-after = 10s }");
        }
        for (String key : new TreeMap<>(block).keySet()) {
            if (!List.of("enabled", "bind", "down-after").contains(key)) {
                throw bad(block.get(key), "sweep.cluster." + key, "unknown key in sweep.cluster (known: enabled, bind,"
                        + " down-after)");
            }
        }
        Boolean enabled = null;
        if (block.containsKey("enabled")) {
            if (block.get("enabled").valueType() != ConfigValueType.BOOLEAN) {
                throw bad(block.get("enabled"), "sweep.cluster.enabled", "expected true or false");
            }
            enabled = (Boolean) block.get("enabled").unwrapped();
        }
        return new ClusterKeys(enabled, clusterText(block, "bind"), clusterText(block, "down-after"));
    }

    private static String clusterText(ConfigObject block, String key) {
        ConfigValue v = block.get(key);
        if (v == null) {
            return null;
        }
        if (v.valueType() != ConfigValueType.STRING && v.valueType() != ConfigValueType.NUMBER) {
            throw bad(v, "sweep.cluster." + key, "expected a string");
        }
        return String.valueOf(v.unwrapped());
    }

    public Path dir() {
        return dir;
    }

    /** The base's {@code output.progress} (every run's, unless it is an axis). */
    public Scenario.Progress progress() {
        return combinations.get(0).scenario().progress();
    }

    /** Every run, in combination order. */
    public List<Combination> combinations() {
        return combinations;
    }

    /**
     * The sweep as it ran, written to {@code sweep-used.conf}: the base with every default filled in and
     * {@code output.dir} the sweep's directory, and the axes under their full keys, every path absolute.
     * Given back to {@code hpcsim sweep --config} from any directory, it repeats (or resumes) the same sweep.
     */
    public String render() {
        Config used = ConfigPaths.withAbsoluteOutputDir(base, dir);
        for (Axis a : axes) {
            used = used.withValue("sweep.axes." + a.key(), ConfigValueFactory.fromIterable(a.values()));
        }
        return ConfigLoader.render(used);
    }
}
