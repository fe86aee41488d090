package org.hpcsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.hpcsim.output.OutputException;
import org.hpcsim.workload.FileErrors;
import org.hpcsim.workload.InputException;
import org.hpcsim.workload.ReadException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Exit statuses of files, for every command that reads one or writes an output: a path that names
 * no file is bad input (2); a file that is there but cannot be read, and an output the system
 * refuses to create, is status 3. The tests run as root, which ignores permissions, so an unreadable
 * file is {@code /proc/self/mem} (reading it from offset 0 fails with EIO) and an output the system
 * refuses is a directory under a regular file (ENOTDIR).
 */
class FileErrorStatusTest {
    private static final Path UNREADABLE = Path.of("/proc/self/mem");

    @TempDir
    Path dir;
    private Path trace;
    private Path regularFile;

    @BeforeEach
    void files() throws IOException {
        trace = Files.writeString(dir.resolve("small.swf"),
                "1 0 -1 100 4 -1 -1 4 200 -1 1 1 1 -1 1 1 -1 -1\n2 5 -1 100 4 -1 -1 4 200 -1 1 1 1 -1 1 1 -1 -1\n");
        regularFile = Files.writeString(dir.resolve("notes.txt"), "not a directory");
    }

    private static void assumeUnreadableFileExists() {
        assumeTrue(Files.isRegularFile(UNREADABLE), "a Linux /proc");
    }

    /** One line, the given status, the given text in it, and no Java class name. */
    private static void assertOneLine(int status, String text, Cli.Result r) {
        assertEquals(status, r.status(), r.err());
        assertTrue(r.err().startsWith("hpcsim: error: ") && r.err().indexOf('\n') == r.err().length() - 1,
                "one line: " + r.err());
        assertTrue(r.err().contains(text), "'" + text + "' in: " + r.err());
        assertFalse(r.err().matches("(?s).*(java\\.|Exception).*"), "no Java class name: " + r.err());
    }

    @Test
    void aTraceThatIsNotThereIsBadInputWhateverTheReason() {
        assertOneLine(2, dir.resolve("none.swf") + ": no such file",
                Cli.run("run", "-q", "-t", dir.resolve("none.swf").toString(), "-o", dir.resolve("a").toString()));
        assertOneLine(2, dir + ": is a directory",
                Cli.run("run", "-q", "-t", dir.toString(), "-o", dir.resolve("b").toString()));
        assertOneLine(2, "no such file (" + regularFile + " is a file, not a directory)",
                Cli.run("run", "-q", "-t", regularFile.resolve("x.swf").toString(), "-o", dir.resolve("c").toString()));
    }

    @Test
    void aTraceThatIsThereButCannotBeReadIsStatusThreeForRunAndTransform() {
        assumeUnreadableFileExists();
        Path out = dir.resolve("out");
        assertOneLine(3, UNREADABLE + ": cannot read: Input/output error",
                Cli.run("run", "-q", "-t", UNREADABLE.toString(), "-o", out.toString()));
        assertFalse(Files.exists(out), "nothing left");
        assertOneLine(3, UNREADABLE + ": cannot read: Input/output error",
                Cli.run("trace", "transform", UNREADABLE.toString(), "-o", dir.resolve("t.swf").toString()));
        assertFalse(Files.exists(dir.resolve("t.swf")));
    }

    @Test
    void aConfigurationThatCannotBeReadIsStatusThreeForRunAndSweep() {
        assumeUnreadableFileExists();
        assertOneLine(3, UNREADABLE + ": cannot read: Input/output error", Cli.run("run", "-q", "-c", UNREADABLE.toString()));
        assertOneLine(3, UNREADABLE + ": cannot read: Input/output error", Cli.run("sweep", "-q", "-c", UNREADABLE.toString()));
        assertOneLine(2, dir.resolve("none.conf") + ": no such file",
                Cli.run("run", "-q", "-c", dir.resolve("none.conf").toString()));
    }

    @Test
    void anOutputDirectoryTheSystemRefusesIsStatusThreeForEveryCommandThatWritesOne() throws IOException {
        Path run = dir.resolve("run");
        assertEquals(0, Cli.run("run", "-q", "-t", trace.toString(), "-m", "simple:8", "-o", run.toString()).status());
        String out = regularFile.resolve("out").toString();
        Path sweep = SweepFixture.write(Files.createDirectory(dir.resolve("sweep")), 3, "seed = [1]");
        List<List<String>> commands = List.of(
                List.of("run", "-q", "-t", trace.toString(), "-m", "simple:8", "-o", out),
                List.of("plot", run.toString(), "-o", out),
                List.of("report", run.toString(), "--no-plots", "-o", out),
                List.of("sweep", "-q", "-c", sweep.toString(), "-o", out));
        for (List<String> c : commands) {
            assertOneLine(3, "cannot create " + (c.get(0).equals("sweep") ? "sweep" : "output") + " directory " + out
                    + ": Not a directory", Cli.run(c.toArray(String[]::new)));
        }
    }

    @Test
    void aRunDirectoryFileThatCannotBeReadIsStatusThreeForPlotAndReport() throws IOException {
        assumeUnreadableFileExists();
        Path run = dir.resolve("run");
        assertEquals(0, Cli.run("run", "-q", "-t", trace.toString(), "-m", "simple:8", "-o", run.toString()).status());
        Files.delete(run.resolve("summary.json"));
        Files.createSymbolicLink(run.resolve("summary.json"), UNREADABLE);
        assertOneLine(3, run.resolve("summary.json") + ": cannot read: Input/output error",
                Cli.run("report", run.toString(), "--no-plots", "-o", dir.resolve("report").toString()));
        assertOneLine(3, run.resolve("summary.json") + ": cannot read: Input/output error",
                Cli.run("plot", run.toString(), "-o", dir.resolve("plots").toString()));
    }

    @Test
    void aBatchFileOfAllocateFollowsTheSameRule() {
        assumeUnreadableFileExists();
        assertOneLine(3, UNREADABLE + ": batch: cannot read: Input/output error",
                Cli.run("allocate", "--batch", UNREADABLE.toString()));
        assertOneLine(2, dir.resolve("none.jsonl") + ": batch: no such file",
                Cli.run("allocate", "--batch", dir.resolve("none.jsonl").toString()));
    }

    @Test
    void permissionDeniedIsSaidInWordsWithStatusThree() {
        // Root reads anything, so the mapping is tested on the exception the JVM throws for EACCES.
        Path file = dir.resolve("t.swf");
        RuntimeException e = FileErrors.reading(file, null, new AccessDeniedException(file.toString()));
        assertEquals(ReadException.class, e.getClass());
        assertEquals(file + ": cannot read: permission denied", e.getMessage());
        StringWriter text = new StringWriter();
        assertEquals(Main.EXIT_IO, Main.report(e, "", new PrintWriter(text)));
        assertEquals("hpcsim: error: " + file + ": cannot read: permission denied\n", text.toString());
        assertEquals("cannot create output directory " + file + ": permission denied",
                new OutputException("cannot create output directory", file, new AccessDeniedException(file + "/x"))
                        .getMessage());
        assertEquals(InputException.class, FileErrors.reading(dir.resolve("none"), null,
                new java.nio.file.NoSuchFileException("none")).getClass());
    }
}
