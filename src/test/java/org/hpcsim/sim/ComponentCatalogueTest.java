package org.hpcsim.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.typesafe.config.Config;
import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.hpcsim.config.ConfigLoader;
import org.hpcsim.kernel.Component;
import org.hpcsim.kernel.ComponentType;
import org.hpcsim.testing.PackageImports;
import org.hpcsim.testing.SharedData;
import org.junit.jupiter.api.Test;

/** The component catalogue is complete, says only true things, and is the table docs/architecture.md shows. */
class ComponentCatalogueTest {
    private static final String BEGIN = "<!-- generated: hpcsim list components --markdown -->\n";
    private static final String END = "<!-- end of generated -->";

    @Test
    void everyComponentClassIsCataloguedByItsType() throws Exception {
        List<String> missing = new ArrayList<>();
        for (String name : PackageImports.ofMainClasses().classNames()) {
            Class<?> c = Class.forName(name, false, getClass().getClassLoader());
            if (!Component.class.isAssignableFrom(c) || c.isInterface() || Modifier.isAbstract(c.getModifiers())) {
                continue;
            }
            Field type = c.getField("TYPE");
            if (!ComponentCatalogue.KINDS.contains(type.get(null))) {
                missing.add(name);
            }
        }
        assertTrue(missing.isEmpty(), "component classes whose TYPE is not in ComponentCatalogue.KINDS: " + missing);
    }

    @Test
    void everyKeyAKindIsMadeWithIsAConfigurationKey() {
        Config defaults = ConfigLoader.load(null, Map.of());
        for (ComponentType<?> k : ComponentCatalogue.KINDS) {
            for (ComponentType.Param p : k.parameters()) {
                assertTrue(defaults.hasPathOrNull(p.key()), k.name() + " names " + p.key() + ", not a configuration key");
            }
        }
    }

    @Test
    void theTableInTheArchitectureDocIsTheGeneratedCatalogue() throws IOException {
        Path doc = SharedData.repoRoot().resolve("docs/architecture.md");
        String text = Files.readString(doc);
        int from = text.indexOf(BEGIN);
        int to = text.indexOf(END);
        if (from < 0 || to < from) {
            fail(doc + " lacks the generated catalogue between '" + BEGIN.strip() + "' and '" + END + "'");
        }
        assertEquals(ComponentCatalogue.markdown(), text.substring(from + BEGIN.length(), to),
                "docs/architecture.md's component table is out of date: regenerate it with"
                        + " `hpcsim list components --markdown`");
    }
}
