package org.hpcsim.bench;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.hpcsim.output.OutputDirectory;
import org.hpcsim.report.SummaryJson;

/**
 * Compares the outputs of two runs of the same scenario made at different thread counts: every file,
 * byte for byte, except the two that record how the run was made. {@code summary.json} is compared
 * leaf by leaf on what was simulated (not wall-clock and CPU time, memory, threads, partitions or
 * Pekko's message count: {@link SummaryJson#simulated}); {@code config-used.conf} as configuration, less
 * {@code kernel.threads} and {@code output.dir}.
 */
final class OutputComparison {
    private static final String SUMMARY = "summary.json";
    /** Settings that differ between the runs by construction. */
    private static final List<String> VARIED = List.of("kernel.threads", "output.dir");

    private OutputComparison() {
    }

    /** The differences of {@code other} from {@code reference}, one line each naming the file; empty when none. */
    static List<String> differences(Path reference, Path other) {
        TreeSet<String> expected = files(reference);
        TreeSet<String> got = files(other);
        List<String> out = new ArrayList<>();
        for (String name : expected) {
            if (!got.contains(name)) {
                out.add(name + ": missing");
            } else {
                String d = difference(name, reference.resolve(name), other.resolve(name));
                if (d != null) {
                    out.add(name + ": " + d);
                }
            }
        }
        for (String name : got) {
            if (!expected.contains(name)) {
                out.add(name + ": not in the reference");
            }
        }
        return out;
    }

    /** Files under the directory, by relative path with '/' separators. */
    private static TreeSet<String> files(Path dir) {
        try (Stream<Path> s = Files.walk(dir)) {
            TreeSet<String> names = new TreeSet<>();
            s.filter(Files::isRegularFile).forEach(f -> names.add(dir.relativize(f).toString().replace('\\', '/')));
            return names;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** How the file differs, or null when it does not. */
    private static String difference(String name, Path a, Path b) {
        try {
            if (name.equals(SUMMARY)) {
                return summaryDifference(SummaryJson.read(a), SummaryJson.read(b));
            }
            if (name.equals(OutputDirectory.MARKER)) {
                return settings(a).equals(settings(b)) ? null : "other settings than the thread count";
            }
            long at = Files.mismatch(a, b);
            return at < 0 ? null : "differs from byte offset " + at + " (line " + lineOf(a, at) + ")";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String summaryDifference(SummaryJson a, SummaryJson b) {
        List<String> keys = new ArrayList<>();
        TreeSet<String> all = new TreeSet<>(a.values().keySet());
        all.addAll(b.values().keySet());
        Map<String, String> va = a.values();
        Map<String, String> vb = b.values();
        for (String key : all) {
            if (SummaryJson.simulated(key)
                    && (va.containsKey(key) != vb.containsKey(key) || !Objects.equals(va.get(key), vb.get(key)))) {
                keys.add(key);
            }
        }
        return keys.isEmpty() ? null : "simulated values differ: " + String.join(", ", keys);
    }

    private static Config settings(Path file) {
        Config c = ConfigFactory.parseFile(file.toFile());
        for (String key : VARIED) {
            c = c.withoutPath(key);
        }
        return c;
    }

    /** The 1-based line of the byte at {@code offset}. */
    private static long lineOf(Path file, long offset) throws IOException {
        long line = 1;
        byte[] buffer = new byte[1 << 16];
        try (InputStream in = Files.newInputStream(file)) {
            long read = 0;
            for (int n = in.read(buffer); n > 0 && read < offset; n = in.read(buffer)) {
                for (int i = 0; i < n && read < offset; i++, read++) {
                    if (buffer[i] == '\n') {
                        line++;
                    }
                }
            }
        }
        return line;
    }
}
