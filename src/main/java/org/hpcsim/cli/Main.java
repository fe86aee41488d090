package org.hpcsim.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.FileSystemException;
import java.util.List;
import java.util.Properties;
import org.hpcsim.cluster.RemoteRunFailure;
import org.hpcsim.allocation.AllocationRefusedException;
import org.hpcsim.kernel.ComponentFailure;
import org.hpcsim.time.SimTime;
import org.hpcsim.output.OutputException;
import org.hpcsim.sim.MemoryBudget;
import org.hpcsim.workload.FileErrors;
import org.hpcsim.workload.InputException;
import org.hpcsim.workload.ReadException;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** Entry point of {@code java -jar hpcsim.jar}. */
@Command(name = "hpcsim",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = "Agent-based discrete-event simulator of an HPC machine room (Apache Pekko actors).",
        footer = {"", "Exit status: 0 success, 1 internal error (a bug: please report it), 2 bad input or usage,"
            + " 3 a file that exists could not be read, or an output could not be written (no permission, an I/O"
            + " error, a full disk); a missing file is bad input (2), and so is a run larger than the JVM's memory;"
            + " 130 interrupted (Ctrl-C)."})
public final class Main implements Runnable {

    /** Bad input or usage. */
    public static final int EXIT_INPUT = 2;
    /**
     * A file that exists could not be read, or an output could not be written (no permission, an I/O
     * error, a full disk): the outputs were not left half-written.
     */
    public static final int EXIT_IO = 3;
    /** Interrupted (Ctrl-C): 128 + SIGINT, as shells report it. */
    public static final int EXIT_INTERRUPTED = 130;

    /** The commands, in the order the usage lists them. */
    private static final List<Class<?>> COMMANDS = List.of(RunCommand.class, SweepCommand.class, WorkerCommand.class, ListCommand.class,
            ConfigCommand.class, AllocateCommand.class, ExperimentCommand.class, TraceCommand.class, BenchCommand.class,
            GenerateCommand.class, ThermalCommand.class, PlotCommand.class, ViewCommand.class, ReportCommand.class, ReproduceCommand.class,
            CommandLine.HelpCommand.class);

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "missing command");
    }

    public static void main(String[] args) {
        // Plots are drawn off screen: never look for a display (nor fail for want of one).
        System.setProperty("java.awt.headless", "true");
        Interrupts.install();
        System.exit(execute(args));
    }

    /** Runs the command line and returns the exit status. */
    public static int execute(String... args) {
        try {
            return commandLineFor(args).execute(args);
        } catch (OutOfMemoryError e) {
            // picocli hands only exceptions to the execution handler; an Error passes it.
            PrintWriter err = new PrintWriter(System.err, true);
            return report(e, "", err);
        }
    }

    /** The whole command tree with hpcsim's error handling. */
    static CommandLine commandLine() {
        return tree(COMMANDS);
    }

    /**
     * The tree that runs {@code args}: when they start with a command's name, the root and that
     * command only, since picocli builds the model of every command it is given (reflecting on all
     * their options), a good part of a short run's start-up; else (the usage, the version, help, an
     * unknown command and the suggestions for it) the whole tree.
     */
    static CommandLine commandLineFor(String... args) {
        if (args.length > 0) {
            for (Class<?> c : COMMANDS) {
                if (c != CommandLine.HelpCommand.class && c.getAnnotation(Command.class).name().equals(args[0])) {
                    return tree(List.of(c));
                }
            }
        }
        return tree(COMMANDS);
    }

    /** The whole command tree as picocli builds it from the annotations, without hpcsim's help and error handling. */
    static CommandLine bareCommandLine() {
        return bare(COMMANDS);
    }

    private static CommandLine bare(List<Class<?>> commands) {
        CommandLine cli = new CommandLine(new Main());
        commands.forEach(cli::addSubcommand);
        return cli;
    }

    private static CommandLine tree(List<Class<?>> commands) {
        CommandLine cli = bare(commands);
        HelpText.install(cli);
        cli.setParameterExceptionHandler(Main::usageError);
        cli.setExecutionExceptionHandler((ex, commandLine, parseResult) ->
                report(ex, "", commandLine.getErr()));
        return cli;
    }

    /**
     * A command line picocli cannot parse: one line in the style of every other error, picocli's
     * suggestions if it has any, and where to read more (the usage is long enough to hide the error).
     */
    private static int usageError(CommandLine.ParameterException ex, String[] args) {
        CommandLine command = ex.getCommandLine();
        PrintWriter err = command.getErr();
        err.println("hpcsim: error: " + ex.getMessage());
        CommandLine.UnmatchedArgumentException.printSuggestions(ex, err);
        err.println("Try '" + command.getCommandSpec().qualifiedName() + " --help' for more information.");
        err.flush();
        return EXIT_INPUT;
    }

    /** Whether a failure is bad input the user can fix (exit status 2) rather than a bug. */
    static boolean inputError(Throwable ex) {
        return ex instanceof InputException || ex instanceof ComponentFailure f
                && (f.getCause() instanceof InputException || f.getCause() instanceof AllocationRefusedException)
                || ex instanceof RemoteRunFailure remote && remote.status() == EXIT_INPUT;
    }

    /**
     * Prints a failure: bad input on one line, a bug with its stack trace; returns the exit status.
     *
     * @param context what failed, put before the message (a sweep names the run), or ""
     */
    static int report(Throwable ex, String context, PrintWriter err) {
        if (ex instanceof InputException) {
            err.println("hpcsim: error: " + context + ex.getMessage());
            err.flush();
            return EXIT_INPUT;
        }
        if (ex instanceof ComponentFailure f && f.getCause() instanceof InputException bad) {
            // Input found bad only when the simulation reached it (a job's communication pattern).
            err.println("hpcsim: error: " + context + "at t=" + SimTime.format(f.time()) + " s: " + bad.getMessage());
            err.flush();
            return EXIT_INPUT;
        }
        if (ex instanceof ComponentFailure f && f.getCause() instanceof AllocationRefusedException refused) {
            // A limit the user chose (an exact allocator on too large an instance), not a bug.
            err.println("hpcsim: error: " + context + "the allocator refused a job at t=" + SimTime.format(f.time())
                    + " s: " + refused.getMessage());
            err.flush();
            return EXIT_INPUT;
        }
        if (cause(ex, OutOfMemoryError.class) != null) {
            // A run larger than the heap: what to do about it, not a stack trace.
            err.println("hpcsim: error: " + context + MemoryBudget.outOfMemory());
            err.flush();
            return EXIT_INPUT;
        }
        ReadException unreadable = cause(ex, ReadException.class);
        if (unreadable != null) {
            err.println("hpcsim: error: " + context + unreadable.getMessage());
            err.flush();
            return EXIT_IO;
        }
        OutputException output = cause(ex, OutputException.class);
        if (output != null) {
            err.println("hpcsim: error: " + context + output.getMessage());
            err.flush();
            return EXIT_IO;
        }
        IOException io = cause(ex, IOException.class);
        if (io != null) {
            err.println("hpcsim: error: " + context + "I/O error: " + (io instanceof FileSystemException f
                    && f.getFile() != null ? f.getFile() + ": " : "") + FileErrors.reason(io));
            err.flush();
            return EXIT_IO;
        }
        err.println("hpcsim: internal error: " + context + ex);
        ex.printStackTrace(err);
        err.flush();
        return 1;
    }

    /** The first throwable of the given type in the cause chain, or null. */
    private static <T extends Throwable> T cause(Throwable ex, Class<T> type) {
        for (Throwable t = ex; t != null; t = t.getCause()) {
            if (type.isInstance(t)) {
                return type.cast(t);
            }
            if (t.getCause() == t) {
                break;
            }
        }
        return null;
    }

    /** Reads the version Maven wrote into the jar. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() throws IOException {
            Properties p = new Properties();
            try (InputStream in = Main.class.getResourceAsStream("/org/hpcsim/version.properties")) {
                if (in != null) {
                    p.load(in);
                }
            }
            return new String[] {"hpcsim " + p.getProperty("version", "unknown"),
                "Java " + System.getProperty("java.version") + ", Apache Pekko 1.7.0"};
        }
    }
}
