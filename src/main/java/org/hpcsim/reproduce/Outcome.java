package org.hpcsim.reproduce;

import java.util.ArrayList;
import java.util.List;

/**
 * What one reproduction found: hpcsim's figures beside the published ones, the rankings both give,
 * and a sentence for every figure or ranking that differs.
 *
 * @param name        the reproduction's name
 * @param title       what it reproduces
 * @param setup       how hpcsim ran it (inputs, machine, policies), one sentence
 * @param comparisons published figure beside hpcsim's, in the data file's order (each once per variant)
 * @param rankings    orders both give, where the paper's claim is an order
 * @param notes       further findings worth a sentence
 */
public record Outcome(String name, String title, String setup, List<Comparison> comparisons, List<Ranking> rankings,
                      List<String> notes) {

    public Outcome {
        comparisons = List.copyOf(comparisons);
        rankings = List.copyOf(rankings);
        notes = List.copyOf(notes);
    }

    /** Whether every figure and ranking agrees. */
    public boolean agrees() {
        return comparisons.stream().allMatch(Comparison::matches) && rankings.stream().allMatch(Ranking::agrees);
    }

    /** Every disagreement that has no explanation (none, in a finished reproduction). */
    public List<String> unexplained() {
        List<String> out = new ArrayList<>();
        for (Comparison c : comparisons) {
            if (!c.matches() && c.why().isBlank()) {
                out.add(c.published().row() + " / " + c.published().column());
            }
        }
        for (Ranking r : rankings) {
            if (!r.agrees() && r.why().isBlank()) {
                out.add(r.what());
            }
        }
        return out;
    }

    /**
     * A published figure and hpcsim's.
     *
     * @param published the published figure
     * @param variant   which of hpcsim's settings gave {@code hpcsim} ("" when there is one)
     * @param hpcsim    hpcsim's figure
     * @param tolerance largest relative difference still counted as the same figure (claim =)
     * @param why       why they differ, one sentence; "" when they agree
     */
    public record Comparison(Published published, String variant, double hpcsim, double tolerance, String why) {

        /** hpcsim's figure over the published one. */
        public double ratio() {
            return hpcsim / published.value();
        }

        /** Whether hpcsim's figure is what the claim says. */
        public boolean matches() {
            return switch (published.claim()) {
                case EQUAL -> Math.abs(hpcsim - published.value()) <= tolerance * Math.abs(published.value());
                case ABOVE -> hpcsim > published.value() * (1 + 1e-9);
            };
        }
    }

    /**
     * An order (best first) the paper gives and the one hpcsim gives.
     *
     * @param what   what is ranked, by what
     * @param paper  the paper's order
     * @param hpcsim hpcsim's order
     * @param why    why they differ, one sentence; "" when they agree
     */
    public record Ranking(String what, List<String> paper, List<String> hpcsim, String why) {
        public Ranking {
            paper = List.copyOf(paper);
            hpcsim = List.copyOf(hpcsim);
        }

        public boolean agrees() {
            return paper.equals(hpcsim);
        }
    }
}
