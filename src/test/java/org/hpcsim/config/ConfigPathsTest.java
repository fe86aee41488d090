package org.hpcsim.config;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.typesafe.config.Config;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfigPathsTest {
    @TempDir
    Path dir;

    private static final Path CWD = Path.of("").toAbsolutePath();

    private Path write(String name, String text) throws IOException {
        Path file = dir.resolve(name);
        Files.createDirectories(file.getParent());
        return Files.writeString(file, text);
    }

    @Test
    void everyInputPathSetInAFileResolvesAgainstThatFilesDirectory() throws IOException {
        Path file = write("conf/s.conf", """
                trace = "../traces/t.swf"
                events-file = "events.txt"
                allocator.pinned = "pins/p.txt"
                allocator.policy = "sorted-free-list[file:order.txt]"
                allocator.span-curve = "file:order.txt"
                machine = "line:@layout.txt"
                network.pattern = "g.mtx"
                io.jobs-file = "io.csv"
                thermal.d-matrix = "room/d.mtx"
                thermal.a-matrix = "room/a.mtx"
                """);
        Config c = ConfigLoader.load(file, Map.of());
        Path conf = dir.resolve("conf");
        assertEquals(dir.resolve("traces/t.swf").toString(), c.getString("trace"));
        assertEquals(conf.resolve("events.txt").toString(), c.getString("events-file"));
        assertEquals(conf.resolve("pins/p.txt").toString(), c.getString("allocator.pinned"));
        assertEquals("sorted-free-list[file:" + conf.resolve("order.txt") + "]", c.getString("allocator.policy"));
        assertEquals("file:" + conf.resolve("order.txt"), c.getString("allocator.span-curve"));
        assertEquals("line:@" + conf.resolve("layout.txt"), c.getString("machine"));
        assertEquals(conf.resolve("g.mtx").toString(), c.getString("network.pattern"));
        assertEquals(conf.resolve("io.csv").toString(), c.getString("io.jobs-file"));
        assertEquals(conf.resolve("room/d.mtx").toString(), c.getString("thermal.d-matrix"));
        assertEquals(conf.resolve("room/a.mtx").toString(), c.getString("thermal.a-matrix"));
    }

    @Test
    void aPathInAnIncludedFileResolvesAgainstTheIncludedFilesDirectory() throws IOException {
        write("shared/base.conf", "trace = \"t.swf\"\nallocator.span-curve = \"file[order.txt]\"\n");
        Path file = write("study/s.conf", "include \"../shared/base.conf\"\nevents-file = \"e.txt\"\n");
        Config c = ConfigLoader.load(file, Map.of());
        assertEquals(dir.resolve("shared/t.swf").toString(), c.getString("trace"));
        assertEquals("file[" + dir.resolve("shared/order.txt") + "]", c.getString("allocator.span-curve"));
        assertEquals(dir.resolve("study/e.txt").toString(), c.getString("events-file"));
    }

    @Test
    void commandLineValuesResolveAgainstTheWorkingDirectory() throws IOException {
        Path file = write("conf/s.conf", "trace = \"t.swf\"\nevents-file = \"e.txt\"\n");
        Map<String, String> overrides = new LinkedHashMap<>();
        overrides.put("trace", "traces/other.swf");
        overrides.put("thermal.d-matrix", "d.mtx");
        Config c = ConfigLoader.load(file, overrides);
        assertEquals(CWD.resolve("traces/other.swf").toString(), c.getString("trace"));
        assertEquals(CWD.resolve("d.mtx").toString(), c.getString("thermal.d-matrix"));
        assertEquals(dir.resolve("conf/e.txt").toString(), c.getString("events-file"), "the file's own value stays its");
    }

    @Test
    void absolutePathsNamedPatternsAndOutputDirAreLeftAsWritten() throws IOException {
        Path trace = dir.resolve("abs/t.swf");
        Path file = write("conf/s.conf", "trace = \"" + trace + "\"\nnetwork.pattern = ring\nmachine = \"mesh:4x4\"\n"
                + "allocator.policy = \"best-fit[hilbert]\"\nallocator.span-curve = snake\noutput.dir = \"out/x\"\n");
        Config c = ConfigLoader.load(file, Map.of());
        assertEquals(trace.toString(), c.getString("trace"));
        assertEquals("ring", c.getString("network.pattern"));
        assertEquals("mesh:4x4", c.getString("machine"));
        assertEquals("best-fit[hilbert]", c.getString("allocator.policy"));
        assertEquals("snake", c.getString("allocator.span-curve"));
        assertEquals("out/x", c.getString("output.dir"), "an output goes where the command runs");
    }

    @Test
    void aResolvedValueKeepsItsFileAndLineForMessages() throws IOException {
        Path file = write("conf/s.conf", "\n\nallocator.pinned = \"p.txt\"\n");
        Config c = ConfigLoader.load(file, Map.of());
        assertEquals(3, c.getValue("allocator.pinned").origin().lineNumber());
        assertEquals(file.toString(), ConfigLoader.originName(c.getValue("allocator.pinned").origin()));
    }
}
