package org.hpcsim.sweep;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import org.hpcsim.workload.InputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which directories a sweep, or a shard of one, refuses as someone else's. */
class SweepRunnerForeignTest {
    @TempDir
    Path dir;

    @Test
    void aShardAcceptsWhatAnotherShardStartingAtTheSameMomentWrote() throws Exception {
        // Another shard may rename sweep-used.conf into place between this one's look for it and its listing.
        Files.createDirectories(dir.resolve("runs"));
        Files.writeString(dir.resolve(SweepRunner.SWEEP_USED), "sweep {}");
        Files.writeString(dir.resolve(".hpcsim-abc.tmp"), "");
        assertDoesNotThrow(() -> SweepRunner.refuseForeign(dir, new Shard(1, 3)));
    }

    @Test
    void aShardRefusesAnyOtherFileAndAWholeSweepAnyFileAtAll() throws Exception {
        Files.createDirectories(dir.resolve("runs"));
        assertThrows(InputException.class, () -> SweepRunner.refuseForeign(dir, Shard.ALL));
        Files.delete(dir.resolve("runs"));
        Files.writeString(dir.resolve("notes.txt"), "mine");
        assertThrows(InputException.class, () -> SweepRunner.refuseForeign(dir, new Shard(0, 2)));
    }
}
