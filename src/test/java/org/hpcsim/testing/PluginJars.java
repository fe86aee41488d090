package org.hpcsim.testing;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.hpcsim.plugin.Plugins;
import org.hpcsim.plugin.PolicyProvider;

/**
 * Plugin jars built in a test, as a plugin author builds them: Java sources compiled against hpcsim's
 * classes with the JDK's compiler, packed with {@link JarOutputStream}, with a providers file.
 */
public final class PluginJars {
    /** The example plugin's sources, as docs/plugins.md builds them. */
    public static final Path EXAMPLE = Path.of("examples", "plugin", "src", "main");

    private PluginJars() {
    }

    /** The example plugin of the repository, built into {@code dir/example-plugin.jar}. */
    public static Path example(Path dir) {
        Path root = SharedData.repoRoot().resolve(EXAMPLE);
        Map<String, String> sources = new LinkedHashMap<>();
        try (Stream<Path> files = Files.walk(root.resolve("java"))) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
                sources.put(root.resolve("java").relativize(f).toString(), Files.readString(f));
            }
            String services = Files.readString(root.resolve("resources").resolve(Plugins.SERVICE_FILE));
            return jar(dir, "example-plugin.jar", sources, services);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Compiles {@code sources} (path such as {@code p/A.java} -> text) into {@code dir/name}, whose providers
     * file holds {@code services} (null: the jar has none).
     */
    public static Path jar(Path dir, String name, Map<String, String> sources, String services) {
        try {
            Path work = Files.createTempDirectory(dir, name + "-");
            Path src = work.resolve("src");
            Path classes = Files.createDirectories(work.resolve("classes"));
            List<String> args = new ArrayList<>(List.of("--release", "17", "-proc:none", "-d", classes.toString(),
                    "-cp", hpcsimClasses().toString()));
            for (Map.Entry<String, String> s : sources.entrySet()) {
                Path file = src.resolve(s.getKey());
                Files.createDirectories(file.getParent());
                Files.writeString(file, s.getValue());
                args.add(file.toString());
            }
            JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
            assertTrue(javac != null, "no Java compiler: run the tests on a JDK");
            java.io.ByteArrayOutputStream messages = new java.io.ByteArrayOutputStream();
            int status = javac.run(null, messages, messages, args.toArray(String[]::new));
            assertTrue(status == 0, "the plugin does not compile:\n" + messages.toString(StandardCharsets.UTF_8));
            Path jar = dir.resolve(name);
            try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar));
                 Stream<Path> files = Files.walk(classes)) {
                for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
                    add(out, classes.relativize(f).toString().replace('\\', '/'), Files.readAllBytes(f));
                }
                if (services != null) {
                    add(out, Plugins.SERVICE_FILE, services.getBytes(StandardCharsets.UTF_8));
                }
            }
            return jar;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void add(JarOutputStream out, String entry, byte[] bytes) throws IOException {
        out.putNextEntry(new JarEntry(entry));
        out.write(bytes);
        out.closeEntry();
    }

    /** Where hpcsim's main classes are (target/classes under Maven): what a plugin compiles against. */
    private static Path hpcsimClasses() {
        try {
            return Path.of(PolicyProvider.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The source of a provider {@code plugin.NAME} whose constructor runs {@code constructor} and whose
     * register runs {@code register} (Java statements; {@code p} is the {@code Policies}).
     */
    public static Map<String, String> provider(String name, String constructor, String register) {
        return Map.of("plugin/" + name + ".java", """
                package plugin;

                import java.util.List;
                import org.hpcsim.plugin.Policies;
                import org.hpcsim.plugin.PolicyProvider;
                import org.hpcsim.registry.Registry;

                public final class %s implements PolicyProvider {
                    public %s() {
                        %s
                    }

                    @Override
                    public void register(Policies p) {
                        %s
                    }
                }
                """.formatted(name, name, constructor, register));
    }

    /**
     * A provider {@code plugin.Pairs} of the trace format {@code pairs} (extension {@code .pairs}): one job
     * a line, {@code procs runtime} (seconds), every job submitted at 0 with its run time as estimate.
     */
    public static Map<String, String> pairsFormat() {
        return Map.of("plugin/Pairs.java", """
                package plugin;

                import java.io.BufferedReader;
                import java.io.IOException;
                import java.nio.file.Files;
                import java.nio.file.Path;
                import org.hpcsim.plugin.Policies;
                import org.hpcsim.plugin.PolicyProvider;
                import org.hpcsim.workload.Job;
                import org.hpcsim.workload.TraceHeader;
                import org.hpcsim.workload.TraceReader;
                import org.hpcsim.workload.WorkloadOptions;

                public final class Pairs implements PolicyProvider {
                    @Override
                    public void register(Policies p) {
                        p.traceReader("pairs", "procs runtime, one job a line, all submitted at 0", ".pairs", Reader::new);
                    }

                    static final class Reader implements TraceReader {
                        private final BufferedReader in;
                        private final WorkloadOptions options;
                        private int index;
                        private long line;

                        Reader(Path file, WorkloadOptions options) throws IOException {
                            this.in = Files.newBufferedReader(file);
                            this.options = options;
                        }

                        @Override
                        public Job next() throws IOException {
                            String s;
                            do {
                                s = in.readLine();
                                line++;
                            } while (s != null && s.isBlank());
                            if (s == null) {
                                return null;
                            }
                            String[] f = s.strip().split("\\s+");
                            int procs = Integer.parseInt(f[0]);
                            long run = Long.parseLong(f[1]) * 1_000_000L;
                            int i = index++;
                            return new Job(i, i + 1, line, 0, 0, run, run, procs, options.nodesFor(procs), null, null, null);
                        }

                        @Override
                        public TraceHeader header() {
                            return TraceHeader.EMPTY;
                        }

                        @Override
                        public long bytesRead() {
                            return 0;
                        }

                        @Override
                        public void close() throws IOException {
                            in.close();
                        }
                    }
                }
                """);
    }
}
