package org.hpcsim.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import org.hpcsim.view.Recording;
import org.hpcsim.view.ViewServer;
import org.hpcsim.workload.InputException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/** {@code hpcsim view DIR}: a finished run's outputs in the live view's page, with a time slider. */
@Command(name = "view", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Show a finished run's outputs in the live view's page, with a time slider.",
            "The page of run --serve: the machine map, the room, the time series, the queue, the running jobs and"
                + " the events, at any time of the run. Serves until Ctrl-C."})
final class ViewCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "DIR", description = "A finished run's output directory.")
    Path dir;

    @Option(names = "--serve", paramLabel = "[HOST:]PORT", defaultValue = "0",
            description = "Where to serve the page: HOST defaults to 127.0.0.1, PORT 0 (the default) takes any free port.")
    String serve;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws InterruptedException {
        ViewServer.Endpoint where;
        try {
            where = ViewServer.Endpoint.parse(serve);
        } catch (IllegalArgumentException e) {
            throw new InputException("--serve: " + e.getMessage());
        }
        Recording recording = Recording.read(dir);
        ViewServer server;
        try {
            server = recording.serve(where);
        } catch (IllegalArgumentException e) {
            throw new InputException("--serve: " + e.getMessage());
        }
        try (server) {
            PrintWriter out = spec.commandLine().getOut();
            out.println("hpcsim: view of " + dir + " at " + server.url() + " until Ctrl-C");
            out.flush();
            CountDownLatch closed = new CountDownLatch(1);
            try (Interrupts.Handle h = Interrupts.onFirst(closed::countDown, "hpcsim: closing the view")) {
                closed.await();
            }
        }
        return 0;
    }
}
