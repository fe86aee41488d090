package org.hpcsim.testing;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The oracle's comparison sees a difference in any output, but not in what describes the execution. */
class ExecutorOracleTest {
    @TempDir
    Path dir;

    private Path output(String name, String jobs, String threads) throws IOException {
        Path d = Files.createDirectories(dir.resolve(name));
        Files.writeString(d.resolve("jobs.csv"), jobs);
        Files.writeString(d.resolve("summary.json"), "{\n  \"makespan_s\": 5,\n  \"threads\": " + threads + "\n}\n");
        return d;
    }

    @Test
    void outputsDifferingOnlyInExecutionFiguresAreTheSame() throws IOException {
        ExecutorOracle.assertSameOutputs(output("a", "id\n1\n", "4"), output("b", "id\n1\n", "1"));
    }

    @Test
    void aDifferentByteInAnOutputIsReported() throws IOException {
        AssertionError e = assertThrows(AssertionError.class,
                () -> ExecutorOracle.assertSameOutputs(output("a", "id\n1\n", "1"), output("b", "id\n2\n", "1")));
        assertTrue(e.getMessage().contains("jobs.csv differs"), e.getMessage());
    }

    @Test
    void aMissingOutputIsReported() throws IOException {
        Path a = output("a", "id\n1\n", "1");
        Files.writeString(a.resolve("events.csv"), "x\n");
        assertThrows(AssertionError.class, () -> ExecutorOracle.assertSameOutputs(a, output("b", "id\n1\n", "1")));
    }
}
