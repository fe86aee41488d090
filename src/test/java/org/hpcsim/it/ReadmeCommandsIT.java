package org.hpcsim.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.hpcsim.testing.SharedData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every command of the README and of {@code docs/*.md}, as written: the {@code sh} code blocks of one
 * file, in order, as one shell script in a fresh scratch directory laid out like a clone ({@code bin},
 * {@code config}, {@code examples}, {@code traces}, {@code target} linked from the repository, {@code ../shared} beside
 * it). The README sets {@code PATH} itself; the pages of {@code docs/} say they are read after it, so
 * their scripts start with the README's {@code PATH}. A command that fails stops the file's test,
 * naming its line. The commands write only under {@code out/} (which git ignores): whatever else they
 * leave in the clone, or add to the linked directories, a reader's {@code git status} would show as
 * new, and fails the test.
 *
 * <p>Not run here: {@code mvn} commands ({@code .ci/run} runs the test command, which builds the jar
 * too) and blocks marked {@code <!-- benchmark -->} (minutes to hours), unless
 * {@code -Dreadme.benchmarks=true}. Fences in another language ({@code text}, {@code hocon},
 * {@code java}, ...) are illustrations and never run.
 */
class ReadmeCommandsIT {
    static final String BENCHMARK = "<!-- benchmark -->";
    private static final List<String> LINKED = List.of("bin", "config", "examples", "traces", "target");
    /** The only place the commands may write into (git-ignored, see .gitignore). */
    private static final String OUT = "out";

    @TempDir
    Path scratch;

    /** A command of a page: its first line number and its text (continuation lines joined). */
    record Command(int line, String text) {
    }

    /** The commands of the {@code sh} blocks, comments and blank lines dropped. */
    static List<Command> commands(List<String> page, boolean benchmarks) {
        List<Command> out = new ArrayList<>();
        boolean inSh = false;
        boolean inFence = false;
        boolean skip = false;
        StringBuilder pending = null;
        int start = 0;
        for (int i = 0; i < page.size(); i++) {
            String line = page.get(i);
            // A fence may be indented (a block inside a list item) and is then still a block.
            if (line.strip().startsWith("```")) {
                if (!inFence) {
                    inFence = true;
                    inSh = line.strip().equals("```sh");
                    skip = !benchmarks && i > 0 && previousNonBlank(page, i).equals(BENCHMARK);
                } else {
                    assertTrue(pending == null, "line " + start + ": a command ends with '\\'");
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
        assertTrue(!inFence, "a code block is never closed");
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

    private static boolean benchmarks() {
        return Boolean.getBoolean("readme.benchmarks");
    }

    /** The README, then the pages of {@code docs/} in name order. */
    static List<Path> pages() throws IOException {
        Path repo = SharedData.repoRoot();
        List<Path> pages = new ArrayList<>();
        pages.add(Path.of("README.md"));
        try (Stream<Path> docs = Files.list(repo.resolve("docs"))) {
            docs.map(p -> repo.relativize(p)).filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        return pages;
    }

    /** The pages with a command to run (with these settings): one test each. */
    static Stream<String> pagesWithCommands() throws IOException {
        List<String> out = new ArrayList<>();
        for (Path page : pages()) {
            if (!commands(Files.readAllLines(SharedData.repoRoot().resolve(page)), benchmarks()).isEmpty()) {
                out.add(page.toString());
            }
        }
        return out.stream();
    }

    @Test
    void theReadmeHasCommandsForEveryUse() throws IOException {
        List<Command> commands = commands(Files.readAllLines(SharedData.repoRoot().resolve("README.md")), false);
        assertTrue(commands.size() > 8, "found only " + commands.size() + " commands in README.md");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("pagesWithCommands")
    void everyCommandOfThePageRunsAsWritten(String page) throws IOException, InterruptedException {
        Path repo = SharedData.repoRoot();
        Launcher.bin();
        Path work = Files.createDirectories(scratch.resolve("clone"));
        for (String name : LINKED) {
            Files.createSymbolicLink(work.resolve(name), repo.resolve(name));
        }
        Files.createSymbolicLink(scratch.resolve("shared"), repo.resolveSibling("shared"));
        List<Command> commands = commands(Files.readAllLines(repo.resolve(page)), benchmarks());
        // target/ is the build's (and git-ignored); the other linked directories are the repository's own.
        List<String> tracked = LINKED.stream().filter(name -> !name.equals("target")).toList();
        List<String> before = files(repo, tracked);

        StringBuilder script = new StringBuilder("set -u\n");
        if (!page.equals("README.md")) {
            script.append("export PATH=\"$PWD/bin:$PATH\"\n");
        }
        for (Command c : commands) {
            String where = page + " line " + c.line();
            if (c.text().startsWith("mvn ")) {
                script.append("echo '").append(where).append(": left to .ci/run: ")
                        .append(c.text().replace("'", "'\\''")).append("'\n");
                continue;
            }
            script.append("echo '>>> ").append(where).append("'\n").append(c.text()).append('\n')
                    .append("s=$?; if [ $s -ne 0 ]; then echo \"").append(where)
                    .append(" failed with exit status $s\" >&2; exit 1; fi\n");
        }
        Path file = scratch.resolve("commands.sh");
        Files.writeString(file, script);
        Path log = scratch.resolve("commands.log");
        Process p = new ProcessBuilder("bash", file.toString()).directory(work.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        p.getOutputStream().close();
        boolean ended = p.waitFor(10, TimeUnit.MINUTES);
        if (!ended) {
            p.destroyForcibly();
        }
        // The links go first, so that cleaning the scratch directory up never follows them.
        for (String name : LINKED) {
            Files.delete(work.resolve(name));
        }
        Files.delete(scratch.resolve("shared"));
        String output = Files.readString(log, StandardCharsets.UTF_8);
        String tail = output.length() > 6000 ? output.substring(output.length() - 6000) : output;
        assertTrue(ended, page + ": the commands took more than 10 minutes:\n" + tail);
        assertEquals(0, p.exitValue(), tail);
        List<String> left = new ArrayList<>(files(work, List.of()));
        left.removeIf(f -> f.startsWith(OUT + "/"));
        List<String> added = new ArrayList<>(files(repo, tracked));
        added.removeAll(before);
        left.addAll(added);
        assertEquals(List.of(), left, page + ": the commands wrote outside " + OUT + "/: a reader's git status would"
                + " show these files as new (write them under " + OUT + "/)");
    }

    /**
     * The files under {@code dirs} of {@code root} (all of it if none), relative to it, in name order;
     * links are not followed.
     */
    private static List<String> files(Path root, List<String> dirs) throws IOException {
        List<String> found = new ArrayList<>();
        for (Path top : dirs.isEmpty() ? List.of(root) : dirs.stream().map(root::resolve).toList()) {
            if (!Files.isDirectory(top, LinkOption.NOFOLLOW_LINKS)) {
                continue;
            }
            try (Stream<Path> s = Files.walk(top)) {
                s.filter(f -> !Files.isDirectory(f, LinkOption.NOFOLLOW_LINKS))
                        .map(f -> root.relativize(f).toString().replace('\\', '/')).forEach(found::add);
            }
        }
        found.sort(Comparator.naturalOrder());
        return found;
    }
}
