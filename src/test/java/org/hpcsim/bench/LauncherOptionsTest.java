package org.hpcsim.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Which of its own JVM options bench passes on to the runs it times. */
class LauncherOptionsTest {
    private static final List<String> BENCH = List.of("-Xmx2g", "-XX:SharedArchiveFile=/x/hpcsim.jsa", "-Xlog:cds*=off",
            "-XX:+UseSerialGC", "-XX:Tier4InvocationThreshold=50000", "-XX:Tier4CompileThreshold=150000",
            "-XX:Tier4BackEdgeThreshold=400000", "-XX:Tier3InvocationThreshold=800", "-Xlog:gc:file=gc.log",
            "-Djava.awt.headless=true", "-XX:-UseCompressedOops", "-Xshare:off", "-agentlib:jdwp=transport=dt_socket");

    @Test
    void benchRunsGetTheClassDataArchiveTheCollectorAndTheLastTiersThresholdsOnlyInTheirOrder() {
        assertEquals(List.of("-XX:SharedArchiveFile=/x/hpcsim.jsa", "-Xlog:cds*=off", "-XX:+UseSerialGC",
                        "-XX:Tier4InvocationThreshold=50000", "-XX:Tier4CompileThreshold=150000",
                        "-XX:Tier4BackEdgeThreshold=400000", "-Xshare:off"),
                LauncherOptions.select(BENCH, List.of("-Xmx1g")));
    }

    @Test
    void aCollectorGivenForTheRunsReplacesBenchsOwn() {
        assertEquals(List.of("-XX:SharedArchiveFile=/x/hpcsim.jsa", "-Xlog:cds*=off", "-XX:Tier4InvocationThreshold=50000",
                        "-XX:Tier4CompileThreshold=150000", "-XX:Tier4BackEdgeThreshold=400000", "-Xshare:off"),
                LauncherOptions.select(BENCH, List.of("-XX:+UseG1GC")));
    }
}
