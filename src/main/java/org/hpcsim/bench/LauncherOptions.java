package org.hpcsim.bench;

import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The JVM options that bin/hpcsim chooses (the class-data archive the build made, see pom.xml, and
 * on small machines the garbage collector and the JIT's last-tier thresholds), as this JVM was started with them, for the hpcsim
 * processes {@code bench} starts: they then start as {@code bin/hpcsim} would start them, and under
 * {@code java -jar} they start without them.
 */
final class LauncherOptions {
    private static final Pattern ARCHIVE = Pattern.compile("-XX:SharedArchiveFile=.*|-Xshare:.*|-Xlog:cds.*");
    private static final Pattern COLLECTOR = Pattern.compile("-XX:\\+Use\\w+GC");
    private static final Pattern JIT = Pattern.compile("-XX:Tier4(InvocationThreshold|CompileThreshold|BackEdgeThreshold)=\\d+");

    private LauncherOptions() {
    }

    /** Those of this JVM's options, in their order, less its collector if {@code extra} chooses one. */
    static List<String> ofThisJvm(List<String> extra) {
        return select(ManagementFactory.getRuntimeMXBean().getInputArguments(), extra);
    }

    static List<String> select(List<String> jvmOptions, List<String> extra) {
        // The JVM refuses two collectors: the one given for the runs wins.
        boolean collectorGiven = extra.stream().anyMatch(o -> COLLECTOR.matcher(o).matches());
        return jvmOptions.stream().filter(o -> ARCHIVE.matcher(o).matches() || JIT.matcher(o).matches()
                || !collectorGiven && COLLECTOR.matcher(o).matches()).toList();
    }
}
