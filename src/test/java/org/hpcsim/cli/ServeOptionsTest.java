package org.hpcsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import org.hpcsim.testing.SharedData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code run --serve} and {@code view}: bad options and an address that cannot be bound, each one line, status 2, nothing written. */
class ServeOptionsTest {
    @TempDir
    Path dir;

    private final String trace = SharedData.repoRoot().resolve("traces/synthetic-2000.swf").toString();

    private void refused(String expected, String... args) {
        Cli.Result r = Cli.run(args);
        assertEquals(2, r.status(), r.err());
        assertEquals("hpcsim: error: " + expected, r.err().lines().findFirst().orElse(""), r.err());
        assertFalse(Files.exists(dir.resolve("out")), "no output directory");
    }

    @Test
    void badServeOptionsAreRefusedBeforeAnythingIsWritten() {
        String out = dir.resolve("out").toString();
        refused("--serve: 'localhost:http' is not [HOST:]PORT (PORT a number, 0 for any free port)",
                "run", "-t", trace, "--serve", "localhost:http", "-o", out);
        refused("--serve: port 70000 is not between 0 and 65535", "run", "-t", trace, "--serve", "70000", "-o", out);
        refused("--start needs --serve", "run", "-t", trace, "--start", "-o", out);
        refused("--exit-at-end needs --serve", "run", "-t", trace, "--exit-at-end", "-o", out);
        refused("--serve and --console cannot be used together: the page has the console's controls",
                "run", "-t", trace, "--serve", "0", "--console", "-o", out);
        refused("--serve: no such host 'nosuchhost.invalid'", "run", "-t", trace, "--serve", "nosuchhost.invalid:0",
                "-o", out);
        refused(dir.resolve("out") + ": no such directory", "view", dir.resolve("out").toString());
    }

    @Test
    void anAddressInUseIsRefusedWithTheSystemsReasonAndNothingWritten() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Cli.Result r = Cli.run("run", "-t", trace, "--serve", "127.0.0.1:" + taken.getLocalPort(), "-o",
                    dir.resolve("out").toString());
            assertEquals(2, r.status(), r.err());
            assertEquals("hpcsim: error: --serve: cannot listen on 127.0.0.1:" + taken.getLocalPort()
                    + ": Address already in use", r.err().strip());
            assertFalse(r.err().contains("Exception"), "no class name: " + r.err());
        }
        assertFalse(Files.exists(dir.resolve("out")), "no output directory");
    }
}
