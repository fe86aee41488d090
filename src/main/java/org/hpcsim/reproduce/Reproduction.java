package org.hpcsim.reproduce;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;
import org.hpcsim.kernel.pekko.ActorRuntime;
import org.hpcsim.registry.Registry;

/** One published experiment that {@code hpcsim reproduce NAME} runs and sets beside the paper's figures. */
public interface Reproduction {

    /** The name on the command line, e.g. {@code meng-table1}. */
    String name();

    /** What it reproduces, one line. */
    String title();

    /** Input files it reads, relative to the shared data directory ({@code ../shared}): none by default. */
    default List<String> inputs() {
        return List.of();
    }

    /** Runs the experiment. */
    Outcome run(Context context) throws IOException;

    /**
     * What a reproduction runs with.
     *
     * @param shared   the shared data directory (papers' traces, SST's outputs, D matrices)
     * @param work     a directory of its own for simulation outputs
     * @param registry the policies
     * @param runtime  the actor runtime, started on first use
     * @param threads  runs in parallel at most; results never depend on it
     */
    record Context(Path shared, Path work, Registry registry, Supplier<ActorRuntime> runtime, int threads) {
        public Path input(String relative) {
            return shared.resolve(relative);
        }
    }
}
