package org.hpcsim.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.hpcsim.plugin.Plugins;
import org.hpcsim.registry.Registry;
import org.hpcsim.sim.ComponentCatalogue;
import org.hpcsim.workload.InputException;
import org.hpcsim.workload.TraceFormat;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code hpcsim list}: every registered policy with its parameters and defaults; {@code hpcsim list
 * components}: the component catalogue.
 */
@Command(name = "list", mixinStandardHelpOptions = true,
        description = {"List schedulers, allocators, queue orders, curves, machines, network models, patterns and trace formats.",
            "With --plugin, also the plugins' entries, each with the jar and provider class it comes from.",
            "`hpcsim list components`: every kind of component a run may have, as sst-info lists an element library's:"
                + " what it is, the protocol and records it accepts, the ports it sends on, the keys it is made with."})
final class ListCommand implements Callable<Integer> {

    @CommandLine.Parameters(arity = "0..1", paramLabel = "WHAT",
            description = "components: the component catalogue instead of the policies.")
    String what;

    @CommandLine.Option(names = "--markdown", description = "With components: the catalogue as a Markdown table"
            + " (the one in docs/architecture.md).")
    boolean markdown;

    @CommandLine.Mixin
    PluginOptions plugins;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        if (what != null && !what.equals("components")) {
            throw new InputException("list: unknown WHAT '" + what + "' (known: components)");
        }
        if (markdown && what == null) {
            throw new InputException("list: --markdown goes with components");
        }
        if (what != null) {
            PrintWriter out = spec.commandLine().getOut();
            out.print(markdown ? ComponentCatalogue.markdown() : ComponentCatalogue.text());
            out.flush();
            return 0;
        }
        try (Plugins loaded = plugins.load()) {
            list(loaded);
        }
        return 0;
    }

    private void list(Plugins plugins) {
        PrintWriter out = spec.commandLine().getOut();
        Registry r = plugins.registry();
        if (!plugins.providers().isEmpty()) {
            out.println("Plugins (plugins, --plugin); the entries they add say so, the others are built in");
            for (Registry.Origin o : plugins.providers()) {
                row(out, o.jar().getFileName().toString(), o.provider() + " (" + o.jar() + ")");
            }
            out.println();
        }
        section(out, "Schedulers", r.schedulers());
        section(out, "Allocators", r.allocators());
        section(out, "Queue orders", r.orders());
        section(out, "Curves", r.curves());
        section(out, "Failure models", r.failures());
        out.println("Job fate on failure (failures.on-job-failure)");
        row(out, "kill", "the job ends with status failed (default)");
        row(out, "requeue", "back into the queue with its submit time; runs again from scratch");
        row(out, "requeue-with-checkpoint", "back into the queue; resumes from its last checkpoint"
                + " (every failures.checkpoint-interval of work)");
        out.println();
        out.println("Machines (machine, --machine)");
        row(out, "simple:N", "a bag of N nodes, no network geometry");
        row(out, "mesh:XxY[xZ]", "2D/3D mesh; node id = x + X*y + X*Y*z; hop distance L1");
        row(out, "torus:XxY[xZ]", "2D/3D torus; hop distance the shorter way around each dimension");
        row(out, "auto", "simple:N sized from the SWF header (MaxProcs / cores-per-node, else MaxNodes)");
        out.println();
        out.println("Network models (network.model)");
        row(out, "none", "jobs run for their trace run time (default)");
        row(out, "distance", "Meng et al.: t' = (1 - c) t + c tau t, tau = 0.9875 + 0.0962 CC + r");
        row(out, "links", "link actors; the communication part is also stretched by sigma = max over links of total / own");
        out.println();
        out.println("Communication patterns (network.pattern, or a .sim option)");
        row(out, "all-to-all", "every task to every other (default)");
        row(out, "stencil", "nearest neighbours in the most compact task grid; .sim: mesh X Y [Z]");
        row(out, "ring", "task i to i+1 mod k, both ways");
        row(out, "none", "no communication");
        row(out, "FILE.mtx", "a MatrixMarket graph; .sim: comm FILE.mtx or coord COMM COORD");
        out.println();
        out.println("Trace formats (trace-format)");
        row(out, "auto", "SWF by its content, else by file name: .swf, .sim, .4col or .json (each also .gz)");
        for (TraceFormat f : TraceFormat.values()) {
            row(out, f.key(), f.description());
        }
        for (Registry.Entry<Registry.TraceSource> e : r.traceFormats().entries()) {
            row(out, e.name(), e.description() + " (auto: names ending " + e.factory().extension() + ")");
            origin(out, e);
        }
        out.flush();
    }

    private static <F> void section(PrintWriter out, String title, Registry.Section<F> section) {
        out.println(title + " (" + section.configKey() + ")");
        for (Registry.Entry<F> e : section.entries()) {
            row(out, e.signature(), e.description());
            if (!e.complexity().isEmpty()) {
                row(out, "", "cost: " + e.complexity());
            }
            for (Registry.Param p : e.params()) {
                row(out, "", p.name() + " = " + p.defaultValue() + ": " + p.description());
            }
            origin(out, e);
        }
        out.println();
    }

    /** A row naming the plugin an entry comes from; none for a built-in one. */
    private static void origin(PrintWriter out, Registry.Entry<?> e) {
        if (!e.origin().builtIn()) {
            row(out, "", "from: " + e.origin());
        }
    }

    private static void row(PrintWriter out, String left, String right) {
        out.printf("  %-26s %s%n", left, right);
    }
}
