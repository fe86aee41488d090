package org.hpcsim.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.hpcsim.report.JsonWriter;
import org.hpcsim.study.ResultTable;
import org.hpcsim.torus.PreemptiveFeasibility;
import org.hpcsim.torus.Rational;
import org.hpcsim.torus.TorusJob;
import org.hpcsim.workload.InputException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code hpcsim experiment torus-feasibility}: Gupta and Srimani's preemptive feasibility test. */
@Command(name = "torus-feasibility", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Gupta & Srimani's preemptive feasibility test and minimum finish time on a torus.",
            "The algorithm places jobs on link-disjoint diagonal subtori, the p-intervals [a,b] (the processors"
                + " P(i,j) with a <= i,j <= b). With --deadline, tells whether every job can finish by it and prints"
                + " the schedule; without, finds the minimum finish time exactly and prints its schedule. Each job"
                + " runs in at most two pieces."},
        footer = {"", "Example (the paper's, section 3):",
            "  hpcsim experiment torus-feasibility --torus 16 --jobs 8:2,4:4,4:3,2:2,2:2.5 \\",
            "      --deadline 4"})
final class TorusFeasibilityCommand implements Callable<Integer> {
    @CommandLine.Mixin
    TorusInput input;

    @Option(names = "--deadline", paramLabel = "T",
            description = "Deadline, a positive decimal; without it, the minimum finish time is searched.")
    String deadline;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        boolean json = input.json();
        List<TorusJob> jobs = input.jobs();
        Rational limit = null;
        if (deadline != null) {
            try {
                limit = Rational.parseDecimal(deadline);
            } catch (IllegalArgumentException e) {
                throw new InputException("--deadline: " + e.getMessage());
            }
        }
        JsonWriter result = new JsonWriter();
        StringBuilder text = new StringBuilder();
        Optional<PreemptiveFeasibility.Schedule> schedule;
        try {
            if (limit != null) {
                schedule = PreemptiveFeasibility.schedule(input.torus, jobs, limit);
                result.put("deadline", limit.toBigDecimal()).put("feasible", schedule.isPresent());
                text.append("deadline ").append(limit).append(schedule.isPresent() ? ": feasible\n" : ": infeasible\n");
            } else {
                schedule = Optional.of(PreemptiveFeasibility.minimumFinishTime(input.torus, jobs));
                Rational best = schedule.get().deadline();
                result.put("minimumFinishTime", best.toBigDecimal()).put("minimumFinishTimeExact", best.toFraction());
                text.append("minimum finish time ").append(best)
                        .append(best.toString().equals(best.toFraction()) ? "" : " (" + best.toFraction() + ")")
                        .append('\n');
            }
            Rational bound = PreemptiveFeasibility.lowerBound(input.torus, jobs);
            result.put("lowerBound", bound.toBigDecimal());
            text.append("lower bound max(t_max, sum d*t / m) = ").append(bound).append('\n');
        } catch (IllegalArgumentException e) {
            throw new InputException(e.getMessage());
        }
        if (schedule.isPresent()) {
            PreemptiveFeasibility.Schedule s = schedule.get();
            List<JsonWriter> jobList = new ArrayList<>();
            ResultTable table = new ResultTable(List.of("job", "dim", "time", "piece", "first", "last", "start", "end"), 0);
            for (PreemptiveFeasibility.JobSchedule j : s.jobs()) {
                List<JsonWriter> pieces = new ArrayList<>();
                int number = 0;
                for (PreemptiveFeasibility.Piece p : j.pieces()) {
                    pieces.add(new JsonWriter().put("start", p.start().toBigDecimal()).put("end", p.end().toBigDecimal())
                            .put("interval", new int[] {p.first(), p.last()}));
                    table.add(j.id(), j.dimension(), j.time(), ++number, p.first(), p.last(), p.start(), p.end());
                }
                jobList.add(new JsonWriter().put("id", j.id()).put("dim", j.dimension()).put("time", j.time().toBigDecimal())
                        .put("preemptions", j.preemptions()).put("pieces", pieces));
            }
            result.put("preemptions", s.preemptions()).put("jobs", jobList);
            text.append(table.text()).append("preemptions ").append(s.preemptions()).append('\n');
        }
        PrintWriter out = spec.commandLine().getOut();
        out.print(json ? result.renderCompact() + System.lineSeparator() : text);
        out.flush();
        return 0;
    }
}
