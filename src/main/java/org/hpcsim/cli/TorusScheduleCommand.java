package org.hpcsim.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.hpcsim.report.JsonWriter;
import org.hpcsim.study.ResultTable;
import org.hpcsim.torus.CnpAlloc;
import org.hpcsim.workload.InputException;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code hpcsim experiment torus-schedule}: Gupta and Srimani's CNP_Alloc on one job list. */
@Command(name = "torus-schedule", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Gupta & Srimani's CNP_Alloc: jobs placed greedily on the subtori of a torus.",
            "Each job, in the given order, goes to the earliest available d x d subtorus with the least load under"
                + " their link-contention model. Prints every job's start, finish and subtorus, the makespan, and the"
                + " makespan of the same greedy with contention switched off. The subtorus (row, col) of dimension d"
                + " is the processors (x, y) with x mod (m/d) = row, y mod (m/d) = col."},
        footer = {"", "Example (the paper's, section 2.4.4):",
            "  hpcsim experiment torus-schedule --torus 8 --jobs 8:2,4:2,4:4,4:4,4:1,2:4"})
final class TorusScheduleCommand implements Callable<Integer> {
    @CommandLine.Mixin
    TorusInput input;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        boolean json = input.json();
        CnpAlloc.Schedule s;
        try {
            s = CnpAlloc.schedule(input.torus, input.jobs());
        } catch (IllegalArgumentException e) {
            throw new InputException(e.getMessage());
        }
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            List<JsonWriter> jobs = new ArrayList<>();
            for (CnpAlloc.Placement p : s.placements()) {
                jobs.add(new JsonWriter().put("id", p.id()).put("start", p.start().toBigDecimal())
                        .put("finish", p.finish().toBigDecimal()).put("row", p.row()).put("col", p.col())
                        .put("dim", p.dimension()));
            }
            out.println(new JsonWriter().put("makespan", s.makespan().toBigDecimal())
                    .put("makespanWithoutContention", s.makespanWithoutContention().toBigDecimal())
                    .put("jobs", jobs).renderCompact());
        } else {
            ResultTable table = new ResultTable(List.of("job", "dim", "start", "finish", "row", "col"), 0);
            for (CnpAlloc.Placement p : s.placements()) {
                table.add(p.id(), p.dimension(), p.start(), p.finish(), p.row(), p.col());
            }
            out.print(table.text());
            out.println("makespan " + s.makespan() + " (" + s.makespanWithoutContention() + " without contention)");
        }
        out.flush();
        return 0;
    }
}
