package org.hpcsim.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.hpcsim.output.OutputDirectory;
import org.hpcsim.report.SummaryJson;
import org.hpcsim.workload.SyntheticWorkload;

/** Small sweeps for the sweep command's tests: a generated trace on an 8x4 mesh, and ways to compare outputs. */
final class SweepFixture {
    private SweepFixture() {
    }

    /** Writes a trace of {@code jobs} jobs and a sweep file over it with the given axes; returns the sweep file. */
    static Path write(Path dir, int jobs, String axes) {
        try {
            Path trace = dir.resolve("small.swf");
            Files.writeString(trace, SyntheticWorkload.generate(jobs, 32, 0.8, 11));
            Path file = dir.resolve("sweep.conf");
            Files.writeString(file, "trace = \"" + trace + "\"\nmachine = \"mesh:8x4\"\noutput.dir = \""
                    + dir.resolve("out") + "\"\nsweep.axes { " + axes + " }\n");
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The names in a directory, sorted. */
    static List<String> names(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            // The lock and the manifest every output directory keeps are not outputs.
            return s.map(p -> p.getFileName().toString())
                    .filter(n -> !n.equals(OutputDirectory.LOCK) && !n.equals(OutputDirectory.MANIFEST)).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A file's text; for summary.json only its simulated leaves, for config-used.conf all but output.dir. */
    static String comparable(Path file) {
        try {
            String name = file.getFileName().toString();
            if (name.equals("summary.json")) {
                Map<String, String> simulated = new TreeMap<>();
                SummaryJson.read(file).values().forEach((k, v) -> {
                    if (SummaryJson.simulated(k)) {
                        simulated.put(k, v);
                    }
                });
                return simulated.toString();
            }
            String text = Files.readString(file);
            if (name.equals("config-used.conf")) {
                List<String> lines = new ArrayList<>(text.lines().toList());
                lines.removeIf(l -> l.strip().startsWith("dir="));
                return String.join("\n", lines);
            }
            return text;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
