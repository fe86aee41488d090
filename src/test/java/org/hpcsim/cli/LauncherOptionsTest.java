package org.hpcsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Which of its own JVM options bench passes on to the runs it times. */
class ArchiveOptionsTest {
    @Test
    void benchRunsGetTheClassDataArchiveAndItsLoggingOnlyInTheirOrder() {
        assertEquals(List.of("-XX:SharedArchiveFile=/x/hpcsim.jsa", "-Xlog:cds*=off", "-Xshare:off"),
                ArchiveOptions.select(List.of("-Xmx2g", "-XX:SharedArchiveFile=/x/hpcsim.jsa", "-Xlog:cds*=off",
                        "-Xlog:gc:file=gc.log", "-Djava.awt.headless=true", "-Xshare:off", "-agentlib:jdwp=transport")));
    }
}
