package org.hpcsim.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.hpcsim.kernel.Component;
import org.hpcsim.kernel.Context;
import org.hpcsim.output.OutputException;

/**
 * An output sink that writes files: it finishes them (what is left, then closed) once, at the
 * simulation's end, where an error fails the run; or quietly after a failed run, whose outputs are
 * discarded anyway, so that an error then (the same full disk) would only repeat the failure already
 * reported.
 *
 * @param <C> the protocol it listens to
 */
abstract class FileSink<C> implements Component<C> {
    private boolean closed;

    /** Writes what is left and closes the files; called once. */
    protected abstract void finish() throws IOException;

    @Override
    public void onSimulationEnd(Context context) {
        close();
    }

    @Override
    public void onStopped() {
        try {
            close();
        } catch (OutputException | UncheckedIOException e) {
            // The run's failure has been reported already.
        }
    }

    /** Finishes the files, unless that was done already. */
    final void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            finish();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
