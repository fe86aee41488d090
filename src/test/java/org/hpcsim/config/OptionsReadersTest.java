package org.hpcsim.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.typesafe.config.Config;
import java.nio.file.Path;
import java.util.Map;
import org.hpcsim.failure.FailureOptions;
import org.hpcsim.failure.JobFate;
import org.hpcsim.registry.StandardPolicies;
import org.hpcsim.storage.IoOptions;
import org.hpcsim.workload.InputException;
import org.junit.jupiter.api.Test;

/** Each options record is read by its own reader, from its own keys, with the checks the scenario makes. */
class OptionsReadersTest {

    @Test
    void aReaderNeedsOnlyItsOwnKeysNotAWholeScenario() {
        // No trace: Scenario.from would stop there, a reader does not look.
        Config c = ConfigLoader.load(null, Map.of("failures.on-job-failure", "requeue-with-checkpoint",
                "failures.max-attempts", "3", "events-file", "ev.txt"));
        FailureOptions f = FailureOptionsReader.read(c, StandardPolicies.registry());
        assertEquals(JobFate.REQUEUE_WITH_CHECKPOINT, f.onJobFailure());
        assertEquals(3, f.maxAttempts());
        assertEquals(Path.of("ev.txt"), f.eventsFile().getFileName());
        assertEquals(IoOptions.Assign.FILE,
                IoOptionsReader.read(ConfigLoader.load(null, Map.of("io.assign", "file", "io.jobs-file", "io.txt"))).assign());
    }

    @Test
    void aReaderReportsABadValueExactlyAsTheScenarioDoes() {
        InputException byReader = assertThrows(InputException.class,
                () -> IoOptionsReader.read(ConfigLoader.load(null, Map.of("io.assign", "file"))));
        InputException byScenario = assertThrows(InputException.class, () -> Scenario.from(
                ConfigLoader.load(null, Map.of("trace", "t.sim", "io.assign", "file")), StandardPolicies.registry()));
        assertEquals("io.assign", byReader.field());
        assertEquals(byScenario.getMessage(), byReader.getMessage());
        assertTrue(byReader.getMessage().endsWith("is file but io.jobs-file is not set"), byReader.getMessage());
    }
}
