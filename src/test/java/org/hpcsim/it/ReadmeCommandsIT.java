package org.hpcsim.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.hpcsim.testing.SharedData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every command of the README, as written: the {@code sh} code blocks, in order, as one shell
 * script in a scratch directory laid out like a clone ({@code bin}, {@code config}, {@code traces},
 * {@code target} linked from the repository, {@code ../shared} beside it). A command that fails stops
 * the test, naming its README line.
 *
 * <p>Not run here: {@code mvn} commands ({@code .ci/run} runs the test command, which builds the jar
 * too) and blocks marked {@code <!-- benchmark -->} (minutes to hours), unless
 * {@code -Dreadme.benchmarks=true}.
 */
class ReadmeCommandsIT {
    static final String BENCHMARK = "<!-- benchmark -->";

    @TempDir
    Path scratch;

    /** A command of the README: its first line number and its text (continuation lines joined). */
    record Command(int line, String text) {
    }

    /** The commands of the {@code sh} blocks, comments and blank lines dropped. */
    static List<Command> commands(List<String> readme, boolean benchmarks) {
        List<Command> out = new ArrayList<>();
        boolean inSh = false;
        boolean inFence = false;
        boolean skip = false;
        StringBuilder pending = null;
        int start = 0;
        for (int i = 0; i < readme.size(); i++) {
            String line = readme.get(i);
            if (line.startsWith("```")) {
                if (!inFence) {
                    inFence = true;
                    inSh = line.strip().equals("```sh");
                    skip = !benchmarks && i > 0 && previousNonBlank(readme, i).equals(BENCHMARK);
                } else {
                    assertTrue(pending == null, "README line " + start + ": a command ends with '\\'");
                    inFence = false;
                    inSh = false;
                }
                continue;
            }
            if (!inSh || skip) {
                continue;
            }
            if (pending == null) {
                if (line.isBlank() || line.strip().startsWith("#")) {
                    continue;
                }
                pending = new StringBuilder();
                start = i + 1;
            }
            if (line.endsWith("\\")) {
                pending.append(line, 0, line.length() - 1).append(' ');
                continue;
            }
            pending.append(line);
            out.add(new Command(start, pending.toString().strip()));
            pending = null;
        }
        return out;
    }

    private static String previousNonBlank(List<String> lines, int i) {
        for (int j = i - 1; j >= 0; j--) {
            if (!lines.get(j).isBlank()) {
                return lines.get(j).strip();
            }
        }
        return "";
    }

    @Test
    void everyCommandOfTheReadmeRunsAsWritten() throws IOException, InterruptedException {
        Path repo = SharedData.repoRoot();
        Launcher.bin();
        Path work = Files.createDirectories(scratch.resolve("clone"));
        for (String name : List.of("bin", "config", "traces", "target")) {
            Files.createSymbolicLink(work.resolve(name), repo.resolve(name));
        }
        Files.createSymbolicLink(scratch.resolve("shared"), repo.resolveSibling("shared"));
        List<Command> commands = commands(Files.readAllLines(repo.resolve("README.md")),
                Boolean.getBoolean("readme.benchmarks"));
        assertTrue(commands.size() > 20, "found only " + commands.size() + " commands");

        StringBuilder script = new StringBuilder("set -u\n");
        for (Command c : commands) {
            if (c.text().startsWith("mvn ")) {
                script.append("echo 'README line ").append(c.line()).append(": left to .ci/run: ")
                        .append(c.text().replace("'", "'\\''")).append("'\n");
                continue;
            }
            script.append("echo '>>> README line ").append(c.line()).append("'\n").append(c.text()).append('\n')
                    .append("s=$?; if [ $s -ne 0 ]; then echo \"README line ").append(c.line())
                    .append(" failed with exit status $s\" >&2; exit 1; fi\n");
        }
        Path file = scratch.resolve("readme.sh");
        Files.writeString(file, script);
        Path log = scratch.resolve("readme.log");
        Process p = new ProcessBuilder("bash", file.toString()).directory(work.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        p.getOutputStream().close();
        boolean ended = p.waitFor(10, TimeUnit.MINUTES);
        if (!ended) {
            p.destroyForcibly();
        }
        // The links go first, so that cleaning the scratch directory up never follows them.
        for (String name : List.of("bin", "config", "traces", "target")) {
            Files.delete(work.resolve(name));
        }
        Files.delete(scratch.resolve("shared"));
        String output = Files.readString(log, StandardCharsets.UTF_8);
        String tail = output.length() > 6000 ? output.substring(output.length() - 6000) : output;
        assertTrue(ended, "the README's commands took more than 10 minutes:\n" + tail);
        assertEquals(0, p.exitValue(), tail);
    }
}
