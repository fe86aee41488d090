package org.hpcsim.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A disk that fills up during a run: a 192 KiB tmpfs mounted in a user and mount namespace of
 * its own ({@code unshare -rm}, no root needed); where the system forbids that, a file size limit
 * ({@code ulimit -f}, which the JVM turns into an I/O error, "File too large") stands in for it.
 */
class FullDiskIT {
    @TempDir
    Path dir;

    @Test
    void aFullDiskEndsTheRunWithOneLineNamingTheFileExitStatus3AndNothingLeft() throws Exception {
        fillTheDisk("-Dthermal.enabled=true");
    }

    /** The same in time-parallel windows, whose sinks are written on the calling thread while the windows run. */
    @Test
    void aFullDiskEndsAWindowedRunTheSameWay() throws Exception {
        fillTheDisk("--threads 2");
    }

    private void fillTheDisk(String options) throws Exception {
        Path mount = Files.createDirectories(dir.resolve("disk"));
        String hpcsim = Launcher.bin().toString();
        String script = "set -u; out=\"$1/out\"; " + hpcsim + " run -q -o \"$out\" " + options
                + " > \"$2/stdout\" 2> \"$2/stderr\"; echo $? > \"$2/status\"; ls -A \"$1\" > \"$2/left\"";
        boolean tmpfs = new ProcessBuilder("unshare", "-rm", "true").start().waitFor() == 0;
        List<String> cmd = tmpfs
                ? List.of("unshare", "-rm", "sh", "-c", "mount -t tmpfs -o size=192k tmpfs \"$1\" && " + script,
                        "sh", mount.toString(), dir.toString())
                : List.of("bash", "-c", "ulimit -f 192; " + script, "sh", mount.toString(), dir.toString());
        Process p = new ProcessBuilder(cmd).inheritIO().start();
        assertTrue(p.waitFor(3, TimeUnit.MINUTES));
        assertEquals(0, p.exitValue(), "the harness itself failed");

        String err = Files.readString(dir.resolve("stderr"), StandardCharsets.UTF_8);
        assertEquals("3", Files.readString(dir.resolve("status")).strip(), err);
        List<String> lines = err.lines().toList();
        assertEquals(1, lines.size(), "one line, no stack trace:\n" + err);
        assertTrue(lines.get(0).matches("hpcsim: error: cannot write \\S+/out/\\.hpcsim-staging-\\w+/\\S+: "
                + (tmpfs ? "No space left on device" : "File too large")), err);
        assertEquals("", Files.readString(dir.resolve("left")).strip(), "the output directory it created is gone");
    }
}
