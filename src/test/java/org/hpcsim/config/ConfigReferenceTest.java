package org.hpcsim.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.typesafe.config.Config;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.hpcsim.registry.StandardPolicies;
import org.junit.jupiter.api.Test;

class ConfigReferenceTest {
    private static final ConfigReference REFERENCE = ConfigReference.builtIn();

    /** The keys {@link Scenario} reads from a configuration (every path it asks the Config about). */
    private static Set<String> keysScenarioReads() {
        Config merged = ConfigLoader.load(null, Map.of("trace", "t.sim"));
        Set<String> read = new TreeSet<>();
        Config recording = (Config) Proxy.newProxyInstance(Config.class.getClassLoader(), new Class<?>[] {Config.class},
                (proxy, method, args) -> {
                    if (args != null && args.length > 0 && args[0] instanceof String path) {
                        read.add(path);
                    }
                    try {
                        return method.invoke(merged, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
        Scenario scenario = Scenario.from(recording, StandardPolicies.registry());
        scenario.plots();
        return read;
    }

    private static Set<String> referenceKeys() {
        Set<String> keys = new TreeSet<>();
        REFERENCE.entries().forEach(e -> keys.add(e.key()));
        return keys;
    }

    @Test
    void everyKeyTheScenarioReadsHasAnEntryWithAMeaning() {
        Map<String, ConfigReference.Entry> byKey = new java.util.HashMap<>();
        REFERENCE.entries().forEach(e -> byKey.put(e.key(), e));
        for (String key : keysScenarioReads()) {
            ConfigReference.Entry e = byKey.get(key);
            assertTrue(e != null, key + " is read by Scenario but has no entry in the defaults");
            assertFalse(e.meaningText().isBlank(), key + " has no comment above it in defaults.conf");
        }
    }

    @Test
    void everyEntryIsAKeyTheScenarioAcceptsAndReads() {
        for (ConfigReference.Entry e : REFERENCE.entries()) {
            ConfigLoader.checkKey(e.key(), "reference", 0);
        }
        assertEquals(referenceKeys(), keysScenarioReads(), "keys in the reference but never read, or read but not listed");
    }

    @Test
    void entriesFollowTheFileWithDefaultsAsAScenarioWritesThem() {
        List<String> keys = new ArrayList<>();
        REFERENCE.entries().forEach(e -> keys.add(e.key()));
        assertEquals("trace", keys.get(0));
        assertEquals(List.of("thermal.power.idle", "thermal.power.compute", "thermal.power.communication"),
                keys.subList(keys.indexOf("thermal.power.idle"), keys.indexOf("thermal.power.idle") + 3));
        assertEquals("null", entry("trace").defaultValue());
        assertEquals("easy", entry("scheduler.policy").defaultValue());
        assertEquals("60s", entry("output.timeseries-interval").defaultValue());
        assertEquals("[]", entry("cooling.units").defaultValue());
        assertEquals("0.3", entry("network.communication-fraction").defaultValue());
    }

    @Test
    void aPrefixSelectsThatKeyOrItsSectionOnly() {
        assertEquals(List.of("events"), REFERENCE.under("events").stream().map(ConfigReference.Entry::key).toList());
        assertEquals(3, REFERENCE.under("thermal.power").size());
        assertTrue(REFERENCE.under("network").stream().allMatch(e -> e.key().startsWith("network.")));
        assertEquals(REFERENCE.entries(), REFERENCE.under(" "));
    }

    @Test
    void markdownEscapesPipesAndTextIndentsEachMeaningLine() {
        ConfigReference.Entry e = new ConfigReference.Entry("a.b", "x", List.of("one | two", "  three"));
        assertEquals("| key | default | meaning |\n|---|---|---|\n| `a.b` | `x` | one \\| two three |\n",
                ConfigReference.markdown(List.of(e)));
        assertEquals("a.b = x\n    one | two\n      three\n", ConfigReference.text(List.of(e)));
    }

    private static ConfigReference.Entry entry(String key) {
        return REFERENCE.entries().stream().filter(e -> e.key().equals(key)).findFirst().orElseThrow();
    }
}
