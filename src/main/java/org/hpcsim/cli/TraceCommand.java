package org.hpcsim.cli;

import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code hpcsim trace}: commands that work on trace files. */
@Command(name = "trace", mixinStandardHelpOptions = true,
        description = "Work on trace files (SWF, SST .sim, four-column, Batsim JSON workloads).",
        subcommands = {TraceTransformCommand.class, CommandLine.HelpCommand.class})
final class TraceCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        List<String> commands = spec.subcommands().keySet().stream().filter(name -> !name.equals("help")).toList();
        throw new CommandLine.ParameterException(spec.commandLine(),
                "missing command (one of: " + String.join(", ", commands) + ")");
    }
}
