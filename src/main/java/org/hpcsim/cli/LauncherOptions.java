package org.hpcsim.cli;

import java.lang.management.ManagementFactory;
import java.util.List;

/**
 * The class-data sharing options this JVM was started with (bin/hpcsim gives the archive the build
 * made, see pom.xml), for the hpcsim processes {@code bench} starts: they then start as
 * {@code bin/hpcsim} would start them, and {@code java -jar} measures runs without the archive.
 */
final class ArchiveOptions {
    private ArchiveOptions() {
    }

    /** This JVM's options that choose its class-data archive or its logging of it, in their order. */
    static List<String> ofThisJvm() {
        return select(ManagementFactory.getRuntimeMXBean().getInputArguments());
    }

    static List<String> select(List<String> jvmOptions) {
        return jvmOptions.stream().filter(o -> o.startsWith("-XX:SharedArchiveFile=") || o.startsWith("-Xshare:")
                || o.startsWith("-Xlog:cds")).toList();
    }
}
