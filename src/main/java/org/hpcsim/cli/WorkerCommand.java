package org.hpcsim.cli;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigValue;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import org.hpcsim.cluster.ClusterSystem;
import org.hpcsim.config.ConfigLoader;
import org.hpcsim.cluster.Worker;
import org.hpcsim.output.OutputDirectory;
import org.hpcsim.output.OutputException;
import org.hpcsim.workload.InputException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code hpcsim worker}: runs a distributed sweep's runs for its coordinator ({@code sweep --cluster}). */
@Command(name = "worker", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Join a sweep's coordinator (hpcsim sweep --cluster) and run its runs until the sweep is over.",
            "Each run is what hpcsim run gives for its scenario; its output files go back to the coordinator, which"
                + " keeps the sweep's directory. The runs' inputs (traces, matrices, plugin jars) must be at the same"
                + " paths here as on the coordinator.",
            "Options may also come from a file (--config): worker { join = \"HOST:PORT\", parallel = N, bind ="
                + " \"HOST[:PORT]\", work-dir = DIR, down-after = 10s }; options given on the command line win."},
        footer = {"", "Exit status: 0 the sweep is over (the coordinator left); 1 the coordinator was lost or never"
                + " reached (its runs in flight here go to other workers); 2 bad input."})
final class WorkerCommand implements Callable<Integer> {
    private static final Set<String> KEYS = Set.of("join", "parallel", "bind", "work-dir", "down-after");

    @Option(names = "--join", paramLabel = "HOST:PORT", description = "The coordinator's address (as its sweep --cluster"
            + " prints it).")
    String join;

    @Option(names = "--parallel", paramLabel = "N", description = "Runs at once (default: the number of cores). Each"
            + " run gets one thread unless its kernel.threads says otherwise.")
    Integer parallel;

    @Option(names = "--bind", paramLabel = "HOST[:PORT]", description = "The address the coordinator reaches this worker"
            + " at (default: this machine's address, any free port).")
    String bind;

    @Option(names = "--work-dir", paramLabel = "DIR", description = "Where runs write before their files go to the"
            + " coordinator (default: the system's temporary directory); a directory of this worker's own is made in"
            + " it and deleted at the end.")
    Path workDir;

    @Option(names = "--down-after", paramLabel = "DURATION", description = "How long the coordinator may stay"
            + " unreachable before this worker gives up (default 10s).")
    String downAfter;

    @Option(names = {"-c", "--config"}, paramLabel = "FILE", description = "A file of these options (HOCON), in a"
            + " block worker { ... }.")
    Path config;

    @CommandLine.Mixin
    Quiet quiet;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        Config file = config == null ? ConfigFactory.empty() : read(config);
        String joinText = join != null ? join : string(file, "join");
        if (joinText == null) {
            throw new InputException("command line", 0, "--join", "give the coordinator's address: --join HOST:PORT"
                    + " (or join in the --config file)");
        }
        ClusterSystem.Address coordinator = ClusterSystem.Address.parse(joinText, ClusterSystem.DEFAULT_PORT,
                source(join), join != null ? "--join" : "worker.join");
        ClusterSystem.Address self = ClusterOptions.bind(bind != null ? bind : string(file, "bind"), 0,
                source(bind), bind != null ? "--bind" : "worker.bind");
        int slots = parallel != null ? parallel
                : file.hasPath("parallel") ? integer(file, "parallel") : Runtime.getRuntime().availableProcessors();
        if (slots < 1) {
            throw new InputException("command line", 0, "--parallel", "must be >= 1, got " + slots);
        }
        Duration down = ClusterOptions.downAfter(downAfter != null ? downAfter : string(file, "down-after"),
                source(downAfter), downAfter != null ? "--down-after" : "worker.down-after");
        Path base = workDir != null ? workDir : file.hasPath("work-dir") ? Path.of(string(file, "work-dir"))
                : Path.of(System.getProperty("java.io.tmpdir"));
        Path dir;
        try {
            Files.createDirectories(base);
            dir = Files.createTempDirectory(base, "hpcsim-worker-");
        } catch (IOException e) {
            throw new OutputException("cannot make a work directory in", base, e);
        }
        PrintWriter err = spec.commandLine().getErr();
        try (LazyRuntime runtime = new LazyRuntime()) {
            Worker.Outcome outcome = Worker.run(new Worker.Settings(coordinator, self, slots, dir, down), runtime,
                    WorkerCommand::failure, line -> {
                        if (!quiet.on) {
                            err.println(line);
                            err.flush();
                        }
                    });
            if (outcome.end() == Worker.End.SWEEP_OVER) {
                if (!quiet.on) {
                    err.println("worker: the sweep is over; " + outcome.runs() + " runs here");
                }
                return 0;
            }
            err.println("hpcsim: error: worker: lost the coordinator at " + coordinator + " (or could not join it); "
                    + outcome.runs() + " runs here");
            return 1;
        } finally {
            err.flush();
            OutputDirectory.deleteTree(dir);
        }
    }

    /** Where a setting came from: the command line if given there, else the --config file. */
    private String source(String option) {
        return option != null || config == null ? "command line" : config.toString();
    }

    /** A failed run as {@code hpcsim run} would report it. */
    private static Worker.Failure failure(Throwable error) {
        StringWriter text = new StringWriter();
        int status = Main.report(error, "", new PrintWriter(text));
        String message = text.toString().strip();
        return new Worker.Failure(status, message.startsWith("hpcsim: error: ")
                ? message.substring("hpcsim: error: ".length()) : message);
    }

    private static Config read(Path file) {
        Config c;
        try {
            c = ConfigLoader.parse(file).resolve();
        } catch (ConfigException e) {
            throw ConfigLoader.fromConfigException(e, file.toString(), null);
        }
        for (Map.Entry<String, ConfigValue> e : c.entrySet()) {
            String key = e.getKey();
            if (!key.startsWith("worker.") || !KEYS.contains(key.substring("worker.".length()))) {
                throw new InputException(file.toString(), e.getValue().origin().lineNumber(), key,
                        "unknown key (known: worker.join, worker.parallel, worker.bind, worker.work-dir, worker.down-after)");
            }
        }
        return c.hasPath("worker") ? c.getConfig("worker") : ConfigFactory.empty();
    }

    private static String string(Config c, String key) {
        if (!c.hasPath(key)) {
            return null;
        }
        try {
            return c.getString(key);
        } catch (ConfigException e) {
            throw new InputException(c.origin().filename(), c.getValue(key).origin().lineNumber(), "worker." + key,
                    "expected a string");
        }
    }

    private static int integer(Config c, String key) {
        try {
            return c.getInt(key);
        } catch (ConfigException e) {
            throw new InputException(c.origin().filename(), c.getValue(key).origin().lineNumber(), "worker." + key,
                    "expected a whole number");
        }
    }
}
