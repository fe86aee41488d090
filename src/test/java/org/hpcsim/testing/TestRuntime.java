package org.hpcsim.testing;

import org.hpcsim.kernel.pekko.ActorRuntime;

/** One actor runtime shared by the tests of a JVM (starting one takes most of a second). */
public final class TestRuntime {
    private static ActorRuntime runtime;

    private TestRuntime() {
    }

    public static synchronized ActorRuntime get() {
        if (runtime == null) {
            runtime = ActorRuntime.start();
            Runtime.getRuntime().addShutdownHook(new Thread(runtime::shutdown));
        }
        return runtime;
    }
}
