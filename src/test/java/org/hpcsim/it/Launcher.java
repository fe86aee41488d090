package org.hpcsim.it;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.hpcsim.testing.SharedData;

/** Runs {@code bin/hpcsim} (the built jar) in a child process, plainly or in a terminal. */
final class Launcher {
    private Launcher() {
    }

    static Path bin() {
        Path b = SharedData.repoRoot().resolve("bin").resolve("hpcsim");
        assertTrue(Files.isExecutable(b), "bin/hpcsim is missing or not executable");
        assertTrue(Files.isRegularFile(SharedData.repoRoot().resolve("target").resolve("hpcsim.jar")),
                "target/hpcsim.jar is not built (integration tests run after package)");
        return b;
    }

    /** The finished output of a plain run: exit status and both streams together. */
    record Result(int status, String output) {
    }

    /** Runs {@code hpcsim ARGS} in {@code dir} and waits (at most 5 minutes). */
    static Result run(Path dir, String... args) throws IOException, InterruptedException {
        return run(dir, java.util.Map.of(), args);
    }

    /** As {@link #run(Path, String...)}, with {@code env} added to the environment. */
    static Result run(Path dir, java.util.Map<String, String> env, String... args)
            throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(bin().toString());
        cmd.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true);
        builder.environment().putAll(env);
        Process p = builder.start();
        p.getOutputStream().close();
        byte[] out = p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(5, TimeUnit.MINUTES), "hpcsim " + String.join(" ", args) + " did not end");
        return new Result(p.exitValue(), new String(out, StandardCharsets.UTF_8));
    }

    /**
     * A command running in a pseudo-terminal (util-linux {@code script}): what is written to it is
     * typed at the terminal, so "\u0003" is Ctrl-C as the terminal's line discipline delivers it.
     */
    static final class Terminal implements AutoCloseable {
        private final Process process;
        private final OutputStream keys;
        private final ByteArrayOutputStream screen = new ByteArrayOutputStream();
        private final Thread pump;

        Terminal(Path dir, String commandLine) throws IOException {
            // script runs the line through $SHELL -c, /bin/sh where SHELL is unset. dash, unlike bash, does not
            // replace itself with a lone command, and it dies of the Ctrl-C the command handles: script would
            // then report the shell's 130 whatever the command's status. exec leaves only the command.
            process = new ProcessBuilder("script", "-qfec", "exec " + commandLine, "/dev/null").directory(dir.toFile())
                    .redirectErrorStream(true).start();
            keys = process.getOutputStream();
            InputStream in = process.getInputStream();
            pump = new Thread(() -> {
                byte[] buf = new byte[8192];
                try {
                    for (int n; (n = in.read(buf)) > 0; ) {
                        synchronized (screen) {
                            screen.write(buf, 0, n);
                        }
                    }
                } catch (IOException e) {
                    // The terminal closed.
                }
            });
            pump.setDaemon(true);
            pump.start();
        }

        void type(String text) throws IOException {
            keys.write(text.getBytes(StandardCharsets.UTF_8));
            keys.flush();
        }

        String screen() {
            synchronized (screen) {
                return screen.toString(StandardCharsets.UTF_8).replace("\r", "");
            }
        }

        /** Waits (at most {@code seconds}) until {@code condition} holds; fails with the screen otherwise. */
        void await(String what, BooleanSupplier condition, int seconds) throws InterruptedException {
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
            while (!condition.getAsBoolean()) {
                assertTrue(process.isAlive() || condition.getAsBoolean(), "ended before " + what + ":\n" + screen());
                assertTrue(System.nanoTime() < end, "no " + what + " within " + seconds + " s:\n" + screen());
                Thread.sleep(20);
            }
        }

        /** Waits for the command to end and returns its exit status. */
        int exit() throws InterruptedException {
            assertTrue(process.waitFor(2, TimeUnit.MINUTES), "did not end:\n" + screen());
            pump.join(5000);
            return process.exitValue();
        }

        @Override
        public void close() {
            process.destroyForcibly();
        }
    }

    /** Whether {@code dir} holds a staging directory (a command is writing there). */
    static boolean staging(Path dir) {
        try (var s = Files.list(dir)) {
            return s.anyMatch(p -> p.getFileName().toString().startsWith(".hpcsim-staging-"));
        } catch (IOException e) {
            return false;
        }
    }
}
