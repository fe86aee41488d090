package org.hpcsim.report;

import java.io.UncheckedIOException;
import org.hpcsim.output.OutputException;

/** What the output sinks share. */
final class Sinks {
    private Sinks() {
    }

    /**
     * Releases a sink's files after a failed run. After a success the sink's end of simulation has closed
     * them (reporting any error); after a failure the outputs are discarded, so an error here (the same
     * full disk) would only repeat the failure already reported.
     */
    static void quietly(Runnable close) {
        try {
            close.run();
        } catch (OutputException | UncheckedIOException e) {
            // The run's failure has been reported already.
        }
    }
}
