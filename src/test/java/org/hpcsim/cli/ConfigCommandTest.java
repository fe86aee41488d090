package org.hpcsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class ConfigCommandTest {
    private static final Path DOC = Path.of("docs/config-keys.md");
    private static final String REGENERATE = "java -jar target/hpcsim.jar config --describe --markdown > " + DOC;

    @Test
    void docsConfigKeysIsTheGeneratedReference() throws IOException {
        Cli.Result r = Cli.run("config", "--describe", "--markdown");
        assertEquals(0, r.status(), r.err());
        assertTrue(Files.exists(DOC), DOC + " is missing; generate it: " + REGENERATE);
        String committed = Files.readString(DOC);
        if (!committed.equals(r.out())) {
            fail(DOC + " is out of date " + firstDifference(committed.lines().toList(), r.out().lines().toList())
                    + "; regenerate it: mvn -q -o -DskipTests package && " + REGENERATE);
        }
    }

    /** Where two versions of the document first differ: the key of that table row, else the line. */
    private static String firstDifference(List<String> committed, List<String> generated) {
        for (int i = 0; i < Math.max(committed.size(), generated.size()); i++) {
            String c = i < committed.size() ? committed.get(i) : null;
            String g = i < generated.size() ? generated.get(i) : null;
            if (c == null || !c.equals(g)) {
                String row = g != null && g.startsWith("| `") ? g : c;
                return row != null && row.startsWith("| `")
                        ? "at key " + row.substring(3, row.indexOf('`', 3))
                        : "at line " + (i + 1);
            }
        }
        return "";
    }

    @Test
    void describePrintsEachKeyWithItsDefaultAndMeaning() {
        Cli.Result r = Cli.run("config", "--describe");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().startsWith("trace = null\n    Workload trace:"), r.out());
        assertTrue(r.out().contains("\nnetwork.links-csv-top = 10\n    Links per instant in links.csv"), r.out());
    }

    @Test
    void aPrefixDescribesOnlyThatSectionAndMarkdownOfItHasNoPreamble() {
        Cli.Result r = Cli.run("config", "--describe", "thermal.power");
        assertEquals(0, r.status(), r.err());
        assertEquals(List.of("thermal.power.idle = 100", "thermal.power.compute = 250",
                "thermal.power.communication = 200"), r.out().lines().filter(l -> !l.startsWith(" ")).toList());
        Cli.Result md = Cli.run("config", "--describe", "io", "--markdown");
        assertTrue(md.out().startsWith("| key | default | meaning |\n"), md.out());
        assertTrue(md.out().contains("| `io.bandwidth` | `1G` |"), md.out());
    }

    @Test
    void anUnknownPrefixIsAUsageErrorListingTheSections() {
        Cli.Result r = Cli.run("config", "--describe", "netwrok");
        assertEquals(2, r.status());
        assertTrue(r.err().startsWith("hpcsim: error: no configuration key is 'netwrok' or under it"), r.err());
        assertTrue(r.err().contains("network, thermal, cooling"), r.err());
        assertFalse(r.err().contains("Exception"), r.err());
    }

    @Test
    void listStillWorks() {
        Cli.Result r = Cli.run("list");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("Allocators"), r.out());
    }
}
