package org.hpcsim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.hpcsim.testing.PackageImports;
import org.junit.jupiter.api.Test;

/** Rules on which {@code org.hpcsim} packages the main classes may use, read from the compiled classes. */
class ArchitectureTest {
    /** Policies, models, actors and the kernel: configuration is read above them and handed down as options records. */
    private static final List<String> BELOW_CONFIG = List.of("allocation", "topology", "network", "thermal",
            "failure", "malleable", "workload", "storage", "scheduling", "node", "link", "room", "report",
            "kernel", "events", "locality", "torus", "protocol", "feeder", "plugin");

    /** Where the simulation's components live: they implement the Pekko-free component API. */
    private static final List<String> COMPONENTS = List.of("node", "link", "storage", "room", "scheduling", "report",
            "feeder", "workload", "protocol");

    private static final PackageImports IMPORTS = PackageImports.ofMainClasses();

    @Test
    void noPackageBelowSimulationUsesConfig() {
        Map<String, Set<String>> packages = IMPORTS.packages();
        List<String> offenders = new ArrayList<>();
        for (String pkg : BELOW_CONFIG) {
            assertTrue(packages.containsKey(pkg), "no main classes in org.hpcsim." + pkg + ": update BELOW_CONFIG");
            for (String cls : IMPORTS.classesUsing(pkg, "config")) {
                offenders.add(cls);
            }
        }
        if (!offenders.isEmpty()) {
            fail("these classes use org.hpcsim.config, which only sim and above may (move the option into the"
                    + " subsystem's own options record): " + String.join(", ", offenders));
        }
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
