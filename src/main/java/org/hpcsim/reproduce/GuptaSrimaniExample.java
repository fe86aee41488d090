package org.hpcsim.reproduce;

import java.util.ArrayList;
import java.util.List;
import org.hpcsim.torus.CnpAlloc;
import org.hpcsim.torus.LinkDisjointOptimal;
import org.hpcsim.torus.Rational;
import org.hpcsim.torus.TorusJob;

/** Gupta and Srimani's worked example: six jobs on an 8x8 torus scheduled by CNP_Alloc with link contention. */
final class GuptaSrimaniExample implements Reproduction {
    /** The example's jobs, (dimension, time). */
    static final List<TorusJob> JOBS = List.of(job(8, 2), job(4, 2), job(4, 4), job(4, 4), job(4, 1), job(2, 4));

    private static TorusJob job(int dimension, long time) {
        return new TorusJob(dimension, Rational.of(time));
    }

    @Override
    public String name() {
        return "gupta-srimani-example";
    }

    @Override
    public String title() {
        return "Gupta & Srimani 1997, Section 2.4.4: CNP_Alloc's example on an 8x8 torus";
    }

    @Override
    public Outcome run(Context context) {
        CnpAlloc.Schedule s = CnpAlloc.schedule(8, JOBS);
        List<Published> published = Published.of(name());
        List<Outcome.Comparison> comparisons = new ArrayList<>();
        for (CnpAlloc.Placement p : s.placements()) {
            String job = "J" + p.id();
            comparisons.add(Rankings.compare(Published.at(published, job, "finish"), "",
                    p.finish().toBigDecimal().doubleValue(), 1e-12, job.equals("J3") ? GuptaFindings.J3 : "Unexpected."));
        }
        comparisons.add(Rankings.compare(Published.at(published, "schedule", "makespan"), "",
                s.makespan().toBigDecimal().doubleValue(), 1e-12, "Unexpected."));
        Published noContention = Published.at(published, "schedule", "makespan without contention");
        comparisons.add(Rankings.compare(noContention, "link-disjoint optimum",
                LinkDisjointOptimal.schedule(8, JOBS).makespan().toBigDecimal().doubleValue(), 1e-12, "Unexpected."));
        comparisons.add(Rankings.compare(noContention, "CNP_Alloc, loads 0",
                s.makespanWithoutContention().toBigDecimal().doubleValue(), 1e-12, GuptaFindings.NO_CONTENTION));
        return new Outcome(name(), title(), "`hpcsim experiment torus-schedule --torus 8 --jobs"
                + " 8:2,4:2,4:4,4:4,4:1,2:4 --baseline link-disjoint`: CNP_Alloc with the contention model, and the"
                + " optimal schedule in which jobs running at once use link-disjoint subtori, without dilation.",
                comparisons, List.of(), List.of());
    }
}
