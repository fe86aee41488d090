package org.hpcsim.reproduce;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/** Orders and comparisons the reproductions share. */
final class Rankings {
    private Rankings() {
    }

    /** The keys of {@code values} from smallest to largest value (ties keep the map's order). */
    static List<String> ascending(Map<String, Double> values) {
        List<String> keys = new ArrayList<>(values.keySet());
        keys.sort(Comparator.comparingDouble(values::get));
        return keys;
    }

    /** A comparison whose explanation is kept only when the figures differ. */
    static Outcome.Comparison compare(Published p, String variant, double hpcsim, double tolerance, String whyIfDiffers) {
        Outcome.Comparison c = new Outcome.Comparison(p, variant, hpcsim, tolerance, "");
        return c.matches() ? c : new Outcome.Comparison(p, variant, hpcsim, tolerance, whyIfDiffers);
    }

    /** A ranking whose explanation is kept only when the orders differ. */
    static Outcome.Ranking rank(String what, List<String> paper, List<String> hpcsim, String whyIfDiffers) {
        return new Outcome.Ranking(what, paper, hpcsim, paper.equals(hpcsim) ? "" : whyIfDiffers);
    }
}
