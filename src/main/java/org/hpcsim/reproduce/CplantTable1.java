package org.hpcsim.reproduce;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Leung et al.'s Table 1: makespans measured on the Cplant machine itself. Listed so the published
 * figures are at hand; hpcsim has no figure to set beside them (see {@link #run}).
 */
final class CplantTable1 implements Reproduction {

    @Override
    public String name() {
        return "cplant-table1";
    }

    @Override
    public String title() {
        return "Leung et al. 2002, Table 1: makespan of a test stream on Cplant per allocation strategy (not simulated)";
    }

    /**
     * Reports the published figures without hpcsim's: they were measured by running a communication test
     * suite on the real machine, whose run times, machine size and network behaviour the paper does not
     * give, and the paper's simulations used Cplant traces that are not public.
     */
    @Override
    public Outcome run(Context context) {
        List<Outcome.Comparison> comparisons = new ArrayList<>();
        for (Published p : Published.of(name())) {
            comparisons.add(new Outcome.Comparison(p, "", Double.NaN, 0, "Measured on Cplant itself, not simulated (see"
                    + " the note)."));
        }
        return new Outcome(name(), title(), "Not simulated.", comparisons, List.of(), List.of(
                "Not reproduced: these makespans were measured on Cplant itself, running a communication test suite"
                        + " whose run times, the machine's size and its network's behaviour the paper does not give, and"
                        + " its simulations used Cplant traces that are not public; `hpcsim experiment cplant` runs the"
                        + " paper's simulation on any trace. Published order, best first: "
                        + String.join(", ", Rankings.ascending(published())) + "."));
    }

    private Map<String, Double> published() {
        Map<String, Double> values = new LinkedHashMap<>();
        for (Published p : Published.of(name())) {
            values.put(p.row(), p.value());
        }
        return values;
    }
}
