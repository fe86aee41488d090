package org.hpcsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad input to a distributed sweep's commands is refused before any cluster forms (the sweeps
 * themselves, across JVMs, are in ClusterSweepIT).
 */
class ClusterCommandTest {
    @TempDir
    Path dir;

    private static void refused(Cli.Result r, String... said) {
        assertEquals(2, r.status(), r.err());
        for (String s : said) {
            assertTrue(r.err().contains(s), "expected '" + s + "' in: " + r.err());
        }
    }

    @Test
    void aWorkerNeedsAWellFormedCoordinatorAddressAndKnownKeys() throws IOException {
        refused(Cli.run("worker"), "--join", "give the coordinator's address");
        refused(Cli.run("worker", "--join", "host:port"), "--join", "expected HOST:PORT");
        refused(Cli.run("worker", "--join", "127.0.0.1:70000"), "--join", "expected HOST:PORT");
        refused(Cli.run("worker", "--join", "127.0.0.1:25520", "--parallel", "0"), "--parallel", "must be >= 1");
        refused(Cli.run("worker", "--join", "127.0.0.1:25520", "--down-after", "soon"), "--down-after",
                "expected a duration of at least 1s");
        Path conf = dir.resolve("worker.conf");
        Files.writeString(conf, "worker {\n  join = \"127.0.0.1:25520\"\n  threads = 4\n}\n");
        refused(Cli.run("worker", "--config", conf.toString()), conf + ":3: worker.threads: unknown key");
        Files.writeString(conf, "worker {\n  join = \"127.0.0.1:25520\"\n  parallel = many\n}\n");
        refused(Cli.run("worker", "--config", conf.toString()), "worker.parallel", "expected a whole number");
        refused(Cli.run("worker", "--config", dir.resolve("none.conf").toString()), "none.conf", "no such file");
    }

    @Test
    void aClusterSweepTakesNoShardAndItsOptionsNeedIt() {
        Path file = SweepFixture.write(dir, 20, "seeds = [1, 2]");
        Path out = dir.resolve("out");
        refused(Cli.run("sweep", "--config", file.toString(), "-o", out.toString(), "--cluster", "--shard", "0/2"),
                "--cluster", "leave out --shard");
        refused(Cli.run("sweep", "--config", file.toString(), "-o", out.toString(), "--bind", "127.0.0.1:25520"),
                "--bind", "applies only with --cluster");
        refused(Cli.run("sweep", "--config", file.toString(), "-o", out.toString(), "--cluster", "--down-after", "0s"),
                "--down-after", "at least 1s");
        refused(Cli.run("sweep", "--config", file.toString(), "-o", out.toString(), "--cluster", "--parallel", "2"),
                "--parallel", "hpcsim worker --parallel N");
        refused(Cli.run("sweep", "--config", file.toString(), "-o", out.toString(), "--cluster", "--collect"),
                "--collect", "leave out --cluster");
        assertFalse(Files.exists(out));
    }

    @Test
    void theSweepFilesClusterBlockIsChecked() throws IOException {
        Path file = SweepFixture.write(dir, 20, "seeds = [1, 2]");
        Path out = dir.resolve("out");
        Files.writeString(file, Files.readString(file) + "sweep.cluster { enabled = yes-please }\n");
        refused(Cli.run("sweep", "--config", file.toString(), "-o", out.toString()), "sweep.cluster.enabled",
                "expected true or false");
        file = SweepFixture.write(dir, 20, "seeds = [1, 2]");
        Files.writeString(file, Files.readString(file) + "sweep.cluster { port = 1 }\n");
        refused(Cli.run("sweep", "--config", file.toString(), "-o", out.toString()), "sweep.cluster.port",
                "unknown key in sweep.cluster");
        file = SweepFixture.write(dir, 20, "seeds = [1, 2]");
        Files.writeString(file, Files.readString(file) + "sweep.cluster { enabled = true, bind = \"a:b\" }\n");
        refused(Cli.run("sweep", "--config", file.toString(), "-o", out.toString()),
                file + ": sweep.cluster.bind: expected HOST:PORT");
        assertFalse(Files.exists(out));
    }
}
