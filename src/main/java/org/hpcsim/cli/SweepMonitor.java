package org.hpcsim.cli;

import java.util.ArrayList;
import java.util.List;
import org.hpcsim.sweep.SweepRunner;

/** A sweep's progress line text: runs done, time left since the line started, and each run in progress. */
final class SweepMonitor {
    private final SweepRunner runner;
    private final long startNanos = System.nanoTime();

    SweepMonitor(SweepRunner runner) {
        this.runner = runner;
    }

    String line() {
        SweepRunner.Status s = runner.status();
        List<ProgressText.SweepRun> running = new ArrayList<>();
        for (SweepRunner.Running r : s.running()) {
            running.add(new ProgressText.SweepRun(r.run().index() + 1,
                    RunCounters.of(r.run().scenario().trace(), r.scan(), r.simulation())));
        }
        int doneNow = s.finished() + s.failed();
        return ProgressText.sweep(new ProgressText.SweepCounters(s.total(), s.earlier() + doneNow, s.toDo(), doneNow,
                running), (System.nanoTime() - startNanos) / 1e9);
    }
}
