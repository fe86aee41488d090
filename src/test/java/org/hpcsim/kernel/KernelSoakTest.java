package org.hpcsim.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.hpcsim.soak.Soak;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.hpcsim.kernel.pekko.ActorRuntime;

/**
 * The determinism test's five settings, run {@code soak.runs} times in turn with a busy thread
 * beside them; each run must end within {@code soak.bound} seconds (default 60) with the reference
 * logs. Not part of the suite: it runs only when asked for,
 * {@code mvn -q test -Dtest=KernelSoakTest -Dsoak.runs=5000}. A hung run's thread dump goes to
 * {@code target/kernel-soak/hang-N.txt}; the actor system it hung in is replaced.
 */
@EnabledIfSystemProperty(named = "soak.runs", matches = "[0-9]+")
class KernelSoakTest {

    @Test
    void theDeterminismSettingsNeitherHangNorFailNorDifferUnderABusyCore() throws Exception {
        int runs = Integer.getInteger("soak.runs");
        double bound = Double.parseDouble(System.getProperty("soak.bound", "60"));
        Path dumps = Path.of("target", "kernel-soak");
        Files.createDirectories(dumps);
        ActorRuntime runtime = ActorRuntime.start();
        Map<Integer, String> reference = KernelDeterminismTest.run(runtime, KernelDeterminismTest.REFERENCE);
        Map<KernelSettings, int[]> counts = new TreeMap<>((a, b) -> a.toString().compareTo(b.toString()));
        int hangs = 0;
        int failures = 0;
        int different = 0;
        long t0 = System.nanoTime();
        try (Soak soak = new Soak(1)) {
            for (int i = 0; i < runs; i++) {
                KernelSettings s = KernelDeterminismTest.SETTINGS.get(i % KernelDeterminismTest.SETTINGS.size());
                ActorRuntime r = runtime;
                Soak.Attempt<Map<Integer, String>> a = soak.attempt(() -> KernelDeterminismTest.run(r, s), bound);
                int[] c = counts.computeIfAbsent(s, k -> new int[4]);
                c[0]++;
                if (a.hung()) {
                    hangs++;
                    c[1]++;
                    Path dump = dumps.resolve("hang-" + i + ".txt");
                    write(dump, s + "\n\n" + a.threadDump());
                    System.out.printf("run %d (%s): HUNG, no end after %.0f s; threads in %s%n", i, s, bound, dump);
                    runtime.shutdown();
                    runtime = ActorRuntime.start();
                } else if (a.failed()) {
                    failures++;
                    c[2]++;
                    System.out.printf("run %d (%s): FAILED: %s%n", i, s, a.failure());
                } else if (!a.value().equals(reference)) {
                    different++;
                    c[3]++;
                    System.out.printf("run %d (%s): logs differ from one thread's%n", i, s);
                }
                if ((i + 1) % 500 == 0) {
                    System.out.printf("%d runs, %.0f s: %d hangs, %d failures, %d different%n", i + 1,
                            (System.nanoTime() - t0) / 1e9, hangs, failures, different);
                }
            }
        } finally {
            runtime.close();
        }
        counts.forEach((s, c) -> System.out.printf("%s: %d runs, %d hangs, %d failures, %d different%n", s, c[0], c[1],
                c[2], c[3]));
        System.out.printf("kernel soak: %d runs in %.0f s: %d hangs, %d failures, %d different%n", runs,
                (System.nanoTime() - t0) / 1e9, hangs, failures, different);
        assertEquals("0 hangs, 0 failures, 0 different", hangs + " hangs, " + failures + " failures, " + different
                + " different");
    }

    private static void write(Path file, String text) {
        try {
            Files.writeString(file, text);
        } catch (IOException e) {
            System.out.println("could not write " + file + ": " + e);
        }
    }
}
