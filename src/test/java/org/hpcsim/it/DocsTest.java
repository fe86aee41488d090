package org.hpcsim.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.hpcsim.testing.SharedData;
import org.junit.jupiter.api.Test;

/**
 * The documentation as a reader meets it on GitHub (a fast unit test, run by surefire; its commands are
 * run by {@link ReadmeCommandsIT}): a short README, relative links that lead to files of the repository,
 * the README and {@code docs/} linked both ways, and the README's test command the one CI runs.
 */
class DocsTest {
    static final int README_LIMIT = 15_000;

    private static final Pattern LINK = Pattern.compile("!?\\[[^\\]]*\\]\\(([^)\\s]+)(?:\\s+\"[^\"]*\")?\\)");
    private static final Pattern REFERENCE = Pattern.compile("^\\s*\\[[^\\]]+\\]:\\s*(\\S+)");
    private static final Pattern SCHEME = Pattern.compile("^[A-Za-z][A-Za-z0-9+.-]*:");
    private static final Pattern CODE_SPAN = Pattern.compile("(`+)(?:(?!\\1).)+?\\1");

    /** A link of a page: the line it is on and where it leads, as written. */
    record Link(int line, String target) {
    }

    /** The links of a page, leaving out code blocks and code spans (text there is not a link). */
    static List<Link> links(List<String> page) {
        List<Link> out = new ArrayList<>();
        boolean inFence = false;
        for (int i = 0; i < page.size(); i++) {
            String line = page.get(i);
            if (line.strip().startsWith("```")) {
                inFence = !inFence;
                continue;
            }
            if (inFence) {
                continue;
            }
            String text = CODE_SPAN.matcher(line).replaceAll("");
            Matcher m = LINK.matcher(text);
            while (m.find()) {
                out.add(new Link(i + 1, m.group(1)));
            }
            Matcher r = REFERENCE.matcher(text);
            if (r.find()) {
                out.add(new Link(i + 1, r.group(1)));
            }
        }
        return out;
    }

    private static List<Path> pages() throws IOException {
        return ReadmeCommandsIT.pages();
    }

    private static boolean relative(String target) {
        return !SCHEME.matcher(target).find();
    }

    @Test
    void theReadmeIsUnder15000Bytes() throws IOException {
        long size = Files.size(SharedData.repoRoot().resolve("README.md"));
        assertTrue(size < README_LIMIT, "README.md has " + size + " bytes; at most " + (README_LIMIT - 1)
                + ": move the detail into docs/");
    }

    @Test
    void everyRelativeLinkLeadsToAFileOfTheRepositoryWithoutAnAnchor() throws IOException {
        Path repo = SharedData.repoRoot().toAbsolutePath().normalize();
        List<String> broken = new ArrayList<>();
        int checked = 0;
        for (Path page : pages()) {
            for (Link link : links(Files.readAllLines(repo.resolve(page)))) {
                if (!relative(link.target())) {
                    continue;
                }
                checked++;
                String where = page + ":" + link.line() + ": " + link.target();
                if (link.target().contains("#")) {
                    broken.add(where + " (an anchor: link to the file; anchors are not checked)");
                    continue;
                }
                Path target = repo.resolve(page).getParent() == null
                        ? repo.resolve(link.target()).normalize()
                        : repo.resolve(page).getParent().resolve(link.target()).normalize();
                if (!target.startsWith(repo)) {
                    broken.add(where + " (outside the repository: GitHub cannot show it)");
                } else if (!Files.exists(target)) {
                    broken.add(where + " (no such file)");
                }
            }
        }
        assertTrue(checked > 0, "no relative link found");
        assertEquals(List.of(), broken);
    }

    @Test
    void theReadmeLinksToEveryPageOfTheDocsAndEachLinksBack() throws IOException {
        Path repo = SharedData.repoRoot();
        List<String> fromReadme = links(Files.readAllLines(repo.resolve("README.md"))).stream()
                .map(Link::target).toList();
        List<String> missing = new ArrayList<>();
        for (Path page : pages()) {
            if (page.toString().equals("README.md")) {
                continue;
            }
            if (!fromReadme.contains(page.toString())) {
                missing.add("README.md does not link to " + page);
            }
            boolean back = links(Files.readAllLines(repo.resolve(page))).stream()
                    .anyMatch(l -> l.target().equals("../README.md"));
            if (!back) {
                missing.add(page + " does not link back to ../README.md");
            }
        }
        assertEquals(List.of(), missing);
    }


    @Test
    void theReadmeTestCommandIsTheOneCiRuns() throws IOException {
        Path repo = SharedData.repoRoot();
        List<String> ci = Files.readAllLines(repo.resolve(".ci").resolve("run")).stream()
                .filter(l -> l.startsWith("mvn ")).toList();
        assertEquals(1, ci.size(), ".ci/run should run exactly one mvn command: " + ci);
        List<String> readme = ReadmeCommandsIT.commands(Files.readAllLines(repo.resolve("README.md")), false)
                .stream().map(ReadmeCommandsIT.Command::text).filter(c -> c.contains(" verify")).toList();
        assertEquals(ci, readme, "the README's test command and .ci/run's");
    }

    @Test
    void onlyShBlocksAreCommandsAndBenchmarksRunOnDemand() {
        List<String> page = List.of(
                "Text `hpcsim not-a-command`.",
                "```sh",
                "# a comment",
                "hpcsim run \\",
                "    -o out/a",
                "```",
                "```text",
                "hpcsim illustration",
                "```",
                "- a list item:",
                "  ```sh",
                "  hpcsim run -o out/b",
                "  ```",
                ReadmeCommandsIT.BENCHMARK,
                "```sh",
                "hpcsim bench",
                "```");
        assertEquals(List.of(new ReadmeCommandsIT.Command(4, "hpcsim run      -o out/a"),
                new ReadmeCommandsIT.Command(12, "hpcsim run -o out/b")), ReadmeCommandsIT.commands(page, false));
        assertEquals(List.of("hpcsim run      -o out/a", "hpcsim run -o out/b", "hpcsim bench"),
                ReadmeCommandsIT.commands(page, true).stream().map(ReadmeCommandsIT.Command::text).toList());
    }

    @Test
    void linksInCodeAreNotLinksAndReferencesAre() {
        List<String> page = List.of(
                "See [the guide](docs/user-guide.md) and ![a plot](docs/images/gantt.png \"Gantt\").",
                "Code: `[x](nowhere.md)` is not a link; [site](https://example.org/#a) is not relative.",
                "```text",
                "[y](nowhere-either.md)",
                "```",
                "[ref]: docs/models.md");
        assertEquals(List.of(new Link(1, "docs/user-guide.md"), new Link(1, "docs/images/gantt.png"),
                new Link(2, "https://example.org/#a"), new Link(6, "docs/models.md")), links(page));
    }
}
