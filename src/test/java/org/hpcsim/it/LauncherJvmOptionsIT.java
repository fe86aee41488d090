package org.hpcsim.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.hpcsim.testing.SharedData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JVM options bin/hpcsim chooses. The class-data archive the build makes beside the jar
 * (target/hpcsim.jsa): bin/hpcsim and the runs of {@code bench} map it, and a jar without one, or with
 * one that does not match it, runs the same and prints nothing about it. The serial collector on two
 * cores or fewer, unless HPCSIM_JAVA_OPTS chooses one, and there ten times the JIT's last-tier thresholds.
 */
class LauncherJvmOptionsIT {
    /** A class of hpcsim's as the JVM's class-loading log shows it when it comes from the archive. */
    private static final String FROM_ARCHIVE = "org.hpcsim.cli.Main source: shared objects file (top)";

    @TempDir
    Path dir;

    private record Output(int status, String text) {
    }

    /** Runs {@code command} with {@code env} added to the environment; both streams together. */
    private static Output run(Map<String, String> env, String... command) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().putAll(env);
        Process p = pb.start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(3, TimeUnit.MINUTES), String.join(" ", command) + " did not end");
        return new Output(p.exitValue(), out);
    }

    private Map<String, String> logClassLoading(Path log) {
        return Map.of("HPCSIM_JAVA_OPTS", "-Xlog:class+load:file=" + log);
    }

    @Test
    void theLauncherMapsTheArchiveTheBuildMade() throws Exception {
        Path archive = SharedData.repoRoot().resolve("target").resolve("hpcsim.jsa");
        assertTrue(Files.isRegularFile(archive), "the build made no class-data archive: " + archive);
        Path log = dir.resolve("classes.log");
        Output o = run(logClassLoading(log), Launcher.bin().toString(), "list");
        assertEquals(0, o.status(), o.text());
        assertTrue(Files.readString(log).contains(FROM_ARCHIVE), "hpcsim's classes did not come from " + archive);
    }

    /**
     * An archive dumped while the JIT was at work could leave a method it had marked never compiled in
     * the runs that map it (one training run in two or three: SDSC-BLUE then took 5.3 s instead of 3.0 s);
     * the build trains the archive interpreted (pom.xml), and the simulation's hottest method compiles.
     */
    @Test
    void withTheArchiveTheSimulationsHottestMethodIsCompiled() throws Exception {
        Output o = run(Map.of("HPCSIM_JAVA_OPTS", "-XX:+PrintCompilation"), Launcher.bin().toString(), "run", "-q",
                "-o", dir.resolve("out").toString());
        assertEquals(0, o.status(), o.text());
        assertTrue(o.text().contains("org.hpcsim.node.ComputeNode::onMessage"),
                "ComputeNode.onMessage was never compiled in the bundled run");
    }

    @Test
    void aJarWithoutItsArchiveOrWithAnotherJarsRunsTheSameAndSaysNothingAboutIt() throws Exception {
        Path target = SharedData.repoRoot().resolve("target");
        Output reference = run(Map.of(), Launcher.bin().toString(), "list");
        assertEquals(0, reference.status(), reference.text());

        // A copy of the jar elsewhere: bin/hpcsim finds no archive beside it.
        Path jar = Files.copy(target.resolve("hpcsim.jar"), dir.resolve("hpcsim.jar"));
        Path log = dir.resolve("classes.log");
        Map<String, String> env = new HashMap<>(logClassLoading(log));
        env.put("HPCSIM_JAR", jar.toString());
        Output without = run(env, Launcher.bin().toString(), "list");
        assertEquals(reference, without);
        assertFalse(Files.readString(log).contains(FROM_ARCHIVE));

        // The archive made for target/hpcsim.jar beside the copy: the JVM finds that it does not match.
        Files.copy(target.resolve("hpcsim.jsa"), dir.resolve("hpcsim.jsa"));
        Files.delete(log);
        Output mismatched = run(env, Launcher.bin().toString(), "list");
        assertEquals(reference, mismatched);
        assertFalse(Files.readString(log).contains(FROM_ARCHIVE));

        Output plainJava = run(Map.of(), Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar",
                target.resolve("hpcsim.jar").toString(), "list");
        assertEquals(reference, plainJava);
    }

    @Test
    void onTwoCoresOrFewerTheSerialCollectorUnlessTheUserChoosesOneAndLaterLastTierCompiles() throws Exception {
        boolean small = Integer.parseInt(run(Map.of(), "nproc").text().strip()) <= 2;
        Output flags = run(Map.of("HPCSIM_JAVA_OPTS", "-XX:+PrintCommandLineFlags"), Launcher.bin().toString(), "--version");
        assertEquals(0, flags.status(), flags.text());
        assertEquals(small, flags.text().contains("-XX:+UseSerialGC"), flags.text());
        assertEquals(small, flags.text().contains("-XX:Tier4InvocationThreshold=50000"), flags.text());
        Output chosen = run(Map.of("HPCSIM_JAVA_OPTS", "-XX:+UseParallelGC -XX:+PrintCommandLineFlags"),
                Launcher.bin().toString(), "--version");
        assertEquals(0, chosen.status(), chosen.text());
        assertTrue(chosen.text().contains("-XX:+UseParallelGC") && !chosen.text().contains("-XX:+UseSerialGC"),
                chosen.text());
    }

    @Test
    void benchRunsStartWithTheOptionsTheLauncherChoseForBench() throws Exception {
        boolean small = Integer.parseInt(run(Map.of(), "nproc").text().strip()) <= 2;
        Path log = dir.resolve("run-classes.log");
        Output o = run(Map.of(), Launcher.bin().toString(), "bench", "run", "--runs", "1",
                "--jvm-opt=-Xlog:class+load:file=" + log, "--jvm-opt=-XX:+PrintCommandLineFlags");
        assertEquals(0, o.status(), o.text());
        assertTrue(o.text().contains("median of 1: "), o.text());
        assertTrue(Files.readString(log).contains(FROM_ARCHIVE), "the timed run did not map the archive");
        assertEquals(small, o.text().contains("-XX:+UseSerialGC"), o.text());
        assertEquals(small, o.text().contains("-XX:Tier4CompileThreshold=150000"), o.text());
    }
}
