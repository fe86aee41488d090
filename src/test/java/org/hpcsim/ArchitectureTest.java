package org.hpcsim;

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
            "kernel", "events", "locality", "torus");

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
    void importsAreReadFromTypeReferencesOfCompiledClasses() {
        // The rule above is only as good as the reader: a known dependency must be seen.
        assertTrue(IMPORTS.packages().get("sim").contains("config"), "sim uses config.Scenario");
        assertTrue(IMPORTS.classesUsing("sim", "config").contains("org.hpcsim.sim.Simulation"));
    }
}
