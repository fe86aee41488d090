package org.hpcsim.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.hpcsim.report.JsonWriter;
import org.hpcsim.study.ResultTable;
import org.hpcsim.torus.CnpAlloc;
import org.hpcsim.torus.LinkDisjointOptimal;
import org.hpcsim.torus.Rational;
import org.hpcsim.torus.TorusJob;
import org.hpcsim.workload.InputException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code hpcsim experiment torus-schedule}: Gupta and Srimani's CNP_Alloc on one job list, and on
 * request the optimal link-disjoint schedule ({@link LinkDisjointOptimal}) it is measured against.
 */
@Command(name = "torus-schedule", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Gupta & Srimani's CNP_Alloc: jobs placed greedily on the subtori of a torus.",
            "Each job, in the given order, goes to the earliest available d x d subtorus with the least load under"
                + " their link-contention model. Prints every job's start, finish and subtorus, the makespan, and the"
                + " makespan of the same greedy with contention switched off. The subtorus (row, col) of dimension d"
                + " is the processors (x, y) with x mod (m/d) = row, y mod (m/d) = col."},
        footer = {"", "Example (the paper's, section 2.4.4; the baseline is its 10 'without contention'):",
            "  hpcsim experiment torus-schedule --torus 8 --jobs 8:2,4:2,4:4,4:4,4:1,2:4 \\",
            "      --baseline link-disjoint"})
final class TorusScheduleCommand implements Callable<Integer> {
    @CommandLine.Mixin
    TorusInput input;

    @Option(names = "--baseline", paramLabel = "link-disjoint",
            description = "Also print the optimal schedule without contention, the paper's baseline: jobs that run at"
                    + " the same time use subtori that share no link (no row or column in common), and each runs for"
                    + " its own time. Found by exact search: at most " + LinkDisjointOptimal.MAX_JOBS + " jobs, m /"
                    + " smallest dimension at most " + LinkDisjointOptimal.MAX_SIDE + ".")
    String baseline;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        boolean json = input.json();
        if (baseline != null && !baseline.equals("link-disjoint")) {
            throw new InputException("--baseline must be link-disjoint, got '" + baseline + "'");
        }
        List<TorusJob> jobList = input.jobs();
        CnpAlloc.Schedule s;
        LinkDisjointOptimal.Schedule optimal = null;
        try {
            s = CnpAlloc.schedule(input.torus, jobList);
            if (baseline != null) {
                optimal = LinkDisjointOptimal.schedule(input.torus, jobList);
            }
        } catch (IllegalArgumentException e) {
            throw new InputException(e.getMessage());
        }
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            List<JsonWriter> jobs = new ArrayList<>();
            for (CnpAlloc.Placement p : s.placements()) {
                jobs.add(job(p.id(), p.start(), p.finish(), p.row(), p.col(), p.dimension()));
            }
            JsonWriter result = new JsonWriter().put("makespan", s.makespan().toBigDecimal())
                    .put("makespanWithoutContention", s.makespanWithoutContention().toBigDecimal())
                    .put("jobs", jobs);
            if (optimal != null) {
                List<JsonWriter> baselineJobs = new ArrayList<>();
                for (LinkDisjointOptimal.Placement p : optimal.placements()) {
                    baselineJobs.add(job(p.id(), p.start(), p.finish(), p.row(), p.col(), p.dimension()));
                }
                result.put("baseline", new JsonWriter().put("kind", baseline)
                        .put("makespan", optimal.makespan().toBigDecimal()).put("jobs", baselineJobs));
            }
            out.println(result.renderCompact());
        } else {
            ResultTable table = table();
            for (CnpAlloc.Placement p : s.placements()) {
                table.add(p.id(), p.dimension(), p.start(), p.finish(), p.row(), p.col());
            }
            out.print(table.text());
            out.println("makespan " + s.makespan() + " (" + s.makespanWithoutContention() + " without contention)");
            if (optimal != null) {
                ResultTable optimalTable = table();
                for (LinkDisjointOptimal.Placement p : optimal.placements()) {
                    optimalTable.add(p.id(), p.dimension(), p.start(), p.finish(), p.row(), p.col());
                }
                out.println();
                out.println("baseline link-disjoint: the optimal schedule with no link shared at any time,"
                        + " no dilation");
                out.print(optimalTable.text());
                out.println("baseline makespan " + optimal.makespan());
            }
        }
        out.flush();
        return 0;
    }

    /** One job of either schedule in the JSON, with the same fields. */
    private static JsonWriter job(int id, Rational start, Rational finish, int row, int col, int dimension) {
        return new JsonWriter().put("id", id).put("start", start.toBigDecimal()).put("finish", finish.toBigDecimal())
                .put("row", row).put("col", col).put("dim", dimension);
    }

    private static ResultTable table() {
        return new ResultTable(List.of("job", "dim", "start", "finish", "row", "col"), 0);
    }
}
