package org.hpcsim.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bundled default run outside the repository (its configuration and trace taken from the jar)
 * can be repeated from the configuration it records: the trace it names outlives the run.
 */
class BundledDefaultIT {

    @TempDir
    Path dir;

    @Test
    void theDefaultRunOutsideTheRepositoryCanBeRunAgainFromItsConfigUsed() throws Exception {
        Path cache = dir.resolve("cache");
        Map<String, String> env = Map.of("XDG_CACHE_HOME", cache.toString());
        Launcher.Result first = Launcher.run(dir, env, "run", "-q");
        assertEquals(0, first.status(), first.output());
        String used = Files.readString(dir.resolve("out/default/config-used.conf"));
        assertTrue(used.contains("trace=\"" + cache.resolve("hpcsim")), "the trace is kept in the cache: " + used);

        Launcher.Result again = Launcher.run(dir, env, "run", "-q", "-c", "out/default/config-used.conf", "-o",
                "out/again");
        assertEquals(0, again.status(), again.output());
        assertEquals(Files.readString(dir.resolve("out/default/jobs.csv")),
                Files.readString(dir.resolve("out/again/jobs.csv")));
    }
}
