package org.hpcsim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.BiFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.hpcsim.testing.PackageImports;
import org.junit.jupiter.api.Test;

/** Rules on which {@code org.hpcsim} packages the main classes may use, read from the compiled classes. */
class ArchitectureTest {
    /**
     * The package list of docs/architecture.md, top to bottom. A package may use the packages of the layers
     * below its own and never those above; within an ordered layer it may use only the packages written
     * after it, and within an independent one none uses another (the components talk through protocol
     * messages only; the kernel and soak have nothing to share).
     */
    static final List<Layer> LAYERS = List.of(
            Layer.ordered("cli"),
            Layer.ordered("cluster"),
            Layer.ordered("view", "bench", "sweep", "reproduce", "study", "compare", "plot"),
            Layer.ordered("sim"),
            Layer.ordered("config"),
            Layer.independent("scheduler", "node", "link", "room", "feeder", "report"),
            Layer.ordered("protocol"),
            Layer.ordered("plugin", "registry", "external", "scheduling", "allocation", "events", "network",
                    "locality", "malleable", "storage", "batsim", "output", "energy", "thermal", "failure", "topology",
                    "torus", "workload"),
            Layer.independent("kernel", "soak"),
            Layer.ordered("time"));

    /** Where the simulation's components live: they implement the Pekko-free component API. */
    private static final List<String> COMPONENTS = List.of("scheduler", "node", "link", "room", "feeder", "report",
            "workload", "protocol");

    /** One numbered item of the list: its packages, and whether one may use those written after it (or none). */
    record Layer(List<String> packages, boolean ordered) {
        static Layer ordered(String... packages) {
            return new Layer(List.of(packages), true);
        }

        static Layer independent(String... packages) {
            return new Layer(List.of(packages), false);
        }
    }

    private static final PackageImports IMPORTS = PackageImports.ofMainClasses();

    @Test
    void everyPackageIsListedAndUsesOnlyItsOwnLayerOrThoseBelow() {
        List<String> problems = layerViolations(IMPORTS.packages(), ArchitectureTest::classesUsing, LAYERS);
        if (!problems.isEmpty()) {
            fail("the packages do not follow the layers of docs/architecture.md (move the class to the layer its"
                    + " dependencies put it in, or the type it uses down):\n  " + String.join("\n  ", problems));
        }
    }

    @Test
    void theLayerRuleNamesUnlistedAndEmptyPackagesUpwardUsesAndUsesWithinALayer() {
        List<Layer> layers = List.of(Layer.ordered("top"), Layer.independent("c1", "c2"),
                Layer.ordered("m1", "m2", "gone"));
        Map<String, Set<String>> uses = new TreeMap<>(Map.of("top", Set.of("c1", "m2"), "c1", Set.of("c2", "m1"),
                "m1", Set.of("m2"), "m2", Set.of("m1", "top"), "c2", Set.of(), "stray", Set.of()));
        assertEquals(List.of("org.hpcsim.stray is not in the list",
                "org.hpcsim.gone is listed but has no main classes",
                "c1 -> c2 (C): the packages of their layer never use one another",
                "m2 -> m1 (C): m1 is written before m2 in their layer",
                "m2 -> top (C): top is in a layer above m2"),
                layerViolations(uses, (from, to) -> List.of("C"), layers));
    }

    /** The top-level classes of {@code from} that use package {@code to}, without the org.hpcsim prefix. */
    private static List<String> classesUsing(String from, String to) {
        Set<String> out = new TreeSet<>();
        for (String cls : IMPORTS.classesUsing(from, to)) {
            out.add(cls.substring("org.hpcsim.".length()).replaceFirst("\\$.*", ""));
        }
        return List.copyOf(out);
    }

    /** Packages missing from the list, listed without classes, or using a package the layers forbid. */
    static List<String> layerViolations(Map<String, Set<String>> uses,
                                        BiFunction<String, String, List<String>> classesUsing, List<Layer> layers) {
        Map<String, Integer> layerOf = new TreeMap<>();
        Map<String, Integer> positionOf = new TreeMap<>();
        for (int i = 0; i < layers.size(); i++) {
            List<String> packages = layers.get(i).packages();
            for (int j = 0; j < packages.size(); j++) {
                layerOf.put(packages.get(j), i);
                positionOf.put(packages.get(j), j);
            }
        }
        List<String> problems = new ArrayList<>();
        for (String pkg : uses.keySet()) {
            if (!layerOf.containsKey(pkg)) {
                problems.add("org.hpcsim." + pkg + " is not in the list");
            }
        }
        for (String pkg : layerOf.keySet()) {
            if (!uses.containsKey(pkg)) {
                problems.add("org.hpcsim." + pkg + " is listed but has no main classes");
            }
        }
        uses.forEach((from, used) -> {
            for (String to : new TreeSet<>(used)) {
                if (!layerOf.containsKey(from) || !layerOf.containsKey(to)) {
                    continue;
                }
                int fromLayer = layerOf.get(from);
                int toLayer = layerOf.get(to);
                String why = null;
                if (toLayer < fromLayer) {
                    why = to + " is in a layer above " + from;
                } else if (toLayer == fromLayer && !layers.get(toLayer).ordered()) {
                    why = "the packages of their layer never use one another";
                } else if (toLayer == fromLayer && positionOf.get(to) < positionOf.get(from)) {
                    why = to + " is written before " + from + " in their layer";
                }
                if (why != null) {
                    problems.add(from + " -> " + to + " (" + String.join(", ", classesUsing.apply(from, to)) + "): "
                            + why);
                }
            }
        });
        return problems;
    }

    @Test
    void theLayersAreTheNumberedListOfDocsArchitecture() throws IOException {
        Set<String> names = new TreeSet<>(IMPORTS.packages().keySet());
        List<List<String>> expected = new ArrayList<>();
        for (Layer layer : LAYERS) {
            names.addAll(layer.packages());
            expected.add(layer.packages());
        }
        assertEquals(expected, documentedLayers(Files.readString(Path.of("docs/architecture.md")), names),
                "each numbered item under \"## Packages\" in docs/architecture.md names its layer's packages in"
                        + " backquotes, in LAYERS's order, and no other package");
    }

    /** The package names written in backquotes in each numbered item of the "Packages" section, in order. */
    static List<List<String>> documentedLayers(String markdown, Set<String> names) {
        String section = markdown.substring(markdown.indexOf("\n## Packages\n"));
        section = section.substring(0, section.indexOf("\n## ", 1));
        Pattern backquoted = Pattern.compile("`([a-z0-9]+)`");
        List<List<String>> items = new ArrayList<>();
        boolean inList = false;
        for (String line : section.split("\n")) {
            if (line.matches("\\d+\\. .*")) {
                items.add(new ArrayList<>());
                inList = true;
            } else if (!line.startsWith(" ")) {
                inList = false;
            }
            if (inList) {
                Matcher m = backquoted.matcher(line);
                while (m.find()) {
                    if (names.contains(m.group(1))) {
                        items.get(items.size() - 1).add(m.group(1));
                    }
                }
            }
        }
        return items;
    }

    @Test
    void noImportCycleAmongThePackages() {
        List<List<String>> cycles = cycles(IMPORTS.packages());
        if (!cycles.isEmpty()) {
            StringBuilder b = new StringBuilder("packages that depend on each other (each group is a cycle; break it by"
                    + " moving the shared type down):");
            for (List<String> c : cycles) {
                b.append("\n  ").append(c).append(": ");
                for (String from : c) {
                    for (String to : c) {
                        if (!from.equals(to) && IMPORTS.packages().get(from).contains(to)) {
                            b.append(from).append(" -> ").append(to).append(" (")
                                    .append(String.join(", ", IMPORTS.classesUsing(from, to))).append(") ");
                        }
                    }
                }
            }
            fail(b.toString());
        }
    }

    @Test
    void theCycleFinderFindsACycle() {
        Map<String, Set<String>> g = new java.util.TreeMap<>(Map.of("a", Set.of("b"), "b", Set.of("c"),
                "c", Set.of("a"), "d", Set.of("a")));
        assertEquals(List.of(List.of("a", "b", "c")), cycles(g));
    }

    @Test
    void noComponentUsesPekko() {
        List<String> offenders = new ArrayList<>();
        for (String pkg : COMPONENTS) {
            offenders.addAll(IMPORTS.classesUsingPrefix(pkg, "org/apache/pekko/"));
        }
        assertTrue(offenders.isEmpty(), "components must run under either executor, without Pekko: " + offenders);
        assertTrue(!IMPORTS.classesUsingPrefix("kernel", "org/apache/pekko/").isEmpty(),
                "the reader must see the Pekko executor's use of Pekko");
    }

    @Test
    void theKernelApiUsesNeitherPekkoNorAnExecutor() {
        List<String> offenders = new ArrayList<>();
        for (String prefix : List.of("org/apache/pekko/", "org/hpcsim/kernel/pekko/", "org/hpcsim/kernel/sequential/")) {
            for (String cls : IMPORTS.classesUsingPrefix("kernel", prefix)) {
                if (cls.startsWith("org.hpcsim.kernel.") && cls.indexOf('.', "org.hpcsim.kernel.".length()) < 0) {
                    offenders.add(cls + " -> " + prefix);
                }
            }
        }
        assertTrue(offenders.isEmpty(), "the kernel API (org.hpcsim.kernel) must not use Pekko or an executor: "
                + offenders);
        assertTrue(IMPORTS.classesUsingPrefix("kernel", "org/apache/pekko/").stream()
                        .anyMatch(c -> c.startsWith("org.hpcsim.kernel.pekko.")),
                "the reader must see the Pekko executor's use of Pekko");
    }

    /** The strongly connected groups of more than one package (Tarjan), each sorted, in order of their first package. */
    static List<List<String>> cycles(Map<String, Set<String>> graph) {
        List<List<String>> found = new ArrayList<>();
        Map<String, Integer> index = new java.util.HashMap<>();
        Map<String, Integer> low = new java.util.HashMap<>();
        java.util.Deque<String> stack = new java.util.ArrayDeque<>();
        Set<String> onStack = new java.util.HashSet<>();
        int[] next = {0};
        for (String v : new java.util.TreeSet<>(graph.keySet())) {
            if (!index.containsKey(v)) {
                strongConnect(v, graph, index, low, stack, onStack, next, found);
            }
        }
        found.sort(java.util.Comparator.comparing(c -> c.get(0)));
        return found;
    }

    private static void strongConnect(String v, Map<String, Set<String>> graph, Map<String, Integer> index,
                                      Map<String, Integer> low, java.util.Deque<String> stack, Set<String> onStack,
                                      int[] next, List<List<String>> found) {
        index.put(v, next[0]);
        low.put(v, next[0]);
        next[0]++;
        stack.push(v);
        onStack.add(v);
        for (String w : new java.util.TreeSet<>(graph.getOrDefault(v, Set.of()))) {
            if (w.equals(v) || !graph.containsKey(w)) {
                continue;
            }
            if (!index.containsKey(w)) {
                strongConnect(w, graph, index, low, stack, onStack, next, found);
                low.put(v, Math.min(low.get(v), low.get(w)));
            } else if (onStack.contains(w)) {
                low.put(v, Math.min(low.get(v), index.get(w)));
            }
        }
        if (low.get(v).equals(index.get(v))) {
            List<String> group = new ArrayList<>();
            String w;
            do {
                w = stack.pop();
                onStack.remove(w);
                group.add(w);
            } while (!w.equals(v));
            if (group.size() > 1) {
                group.sort(null);
                found.add(group);
            }
        }
    }

    @Test
    void importsAreReadFromTypeReferencesOfCompiledClasses() {
        // The rule above is only as good as the reader: a known dependency must be seen.
        assertTrue(IMPORTS.packages().get("sim").contains("config"), "sim uses config.Scenario");
        assertTrue(IMPORTS.classesUsing("sim", "config").contains("org.hpcsim.sim.Simulation"));
    }
}
