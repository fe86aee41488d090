package org.hpcsim.reproduce;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** Outcomes as Markdown (the report) and CSV (figures and rankings). */
public final class Report {
    private Report() {
    }

    /** The Markdown report of {@code outcomes}. */
    public static String markdown(List<Outcome> outcomes, String command) {
        StringBuilder sb = new StringBuilder("# The papers' figures beside hpcsim's\n\n");
        sb.append("Made by `").append(command).append("`. Each table sets a published figure (from `")
                .append(Published.RESOURCE.substring(Published.RESOURCE.lastIndexOf('/') + 1))
                .append("`, which names the paper and the place in it) beside hpcsim's: ratio = hpcsim / published;"
                        + " a figure agrees when it is within its tolerance (relative to the published figure; `above`:"
                        + " hpcsim's must exceed it, as a theorem's bound). Every figure or order that does not agree says why in its last column.\n\n");
        sb.append("| reproduction | figures agreeing | orders agreeing |\n|---|---:|---:|\n");
        for (Outcome o : outcomes) {
            long agree = o.comparisons().stream().filter(Outcome.Comparison::matches).count();
            long ranked = o.rankings().stream().filter(Outcome.Ranking::agrees).count();
            sb.append("| `").append(o.name()).append("` | ").append(agree).append(" / ").append(o.comparisons().size())
                    .append(" | ").append(o.rankings().isEmpty() ? "-" : ranked + " / " + o.rankings().size())
                    .append(" |\n");
        }
        for (Outcome o : outcomes) {
            sb.append("\n## ").append(o.name()).append("\n\n").append(o.title()).append(".\n\n").append(o.setup())
                    .append("\n\n");
            if (!o.comparisons().isEmpty()) {
                sb.append("| row | column | hpcsim setting | published | hpcsim | ratio | tolerance | agrees | why it differs |\n")
                        .append("|---|---|---|---:|---:|---:|---:|---|---|\n");
                Set<String> told = new HashSet<>();
                for (Outcome.Comparison c : o.comparisons()) {
                    String why = c.why().isEmpty() || told.add(c.why()) ? c.why() : "as above";
                    Published p = c.published();
                    sb.append("| ").append(cell(p.row())).append(" | ").append(cell(p.column())).append(" (")
                            .append(p.unit()).append(") | ").append(cell(c.variant())).append(" | ")
                            .append(p.claim() == Published.Claim.ABOVE ? "> " : "").append(number(p.value()))
                            .append(" | ").append(number(c.hpcsim())).append(" | ").append(ratio(c)).append(" | ")
                            .append(tolerance(c)).append(" | ").append(c.matches() ? "yes" : "**no**").append(" | ").append(cell(why)).append(" |\n");
                }
                sb.append('\n');
            }
            if (!o.rankings().isEmpty()) {
                sb.append("| order, best first | paper | hpcsim | agrees | why it differs |\n|---|---|---|---|---|\n");
                for (Outcome.Ranking r : o.rankings()) {
                    sb.append("| ").append(cell(r.what())).append(" | ").append(String.join(" < ", r.paper()))
                            .append(" | ").append(String.join(" < ", r.hpcsim())).append(" | ")
                            .append(r.agrees() ? "yes" : "**no**").append(" | ").append(cell(r.why())).append(" |\n");
                }
                sb.append('\n');
            }
            for (String note : o.notes()) {
                sb.append("- ").append(note).append('\n');
            }
            if (!o.notes().isEmpty()) {
                sb.append('\n');
            }
            sb.append("Published in: ").append(String.join("; ", o.comparisons().stream()
                    .map(c -> c.published().source()).distinct().toList())).append(".\n");
        }
        return sb.toString();
    }

    /** Every comparison, one CSV row each. */
    public static String figuresCsv(List<Outcome> outcomes) {
        StringBuilder sb = new StringBuilder("experiment,row,column,hpcsim_setting,published,hpcsim,ratio,claim,tolerance,agrees,unit,source,why\n");
        for (Outcome o : outcomes) {
            for (Outcome.Comparison c : o.comparisons()) {
                Published p = c.published();
                sb.append(String.join(",", csv(o.name()), csv(p.row()), csv(p.column()), csv(c.variant()),
                        number(p.value()), Double.isNaN(c.hpcsim()) ? "" : number(c.hpcsim()),
                        Double.isNaN(c.hpcsim()) ? "" : String.format(Locale.ROOT, "%.4f", c.ratio()),
                        csv(p.claim().symbol()), csv(tolerance(c)), c.matches() ? "yes" : "no", csv(p.unit()), csv(p.source()), csv(c.why())))
                        .append('\n');
            }
        }
        return sb.toString();
    }

    /** Every ranking, one CSV row each (orders joined with {@code <}). */
    public static String rankingsCsv(List<Outcome> outcomes) {
        StringBuilder sb = new StringBuilder("experiment,order,paper,hpcsim,agrees,why\n");
        for (Outcome o : outcomes) {
            for (Outcome.Ranking r : o.rankings()) {
                sb.append(String.join(",", csv(o.name()), csv(r.what()), csv(String.join(" < ", r.paper())),
                        csv(String.join(" < ", r.hpcsim())), r.agrees() ? "yes" : "no", csv(r.why()))).append('\n');
            }
        }
        return sb.toString();
    }

    /** A figure with at most four decimals and no trailing zeros; "-" for none. */
    static String number(double v) {
        if (Double.isNaN(v)) {
            return "-";
        }
        BigDecimal d = BigDecimal.valueOf(v).setScale(4, RoundingMode.HALF_EVEN).stripTrailingZeros();
        return d.scale() < 0 ? d.setScale(0).toPlainString() : d.toPlainString();
    }

    /** How close a figure must be to agree: "exact", a relative band, or "above" for claim {@code >}. */
    static String tolerance(Outcome.Comparison c) {
        if (c.published().claim() == Published.Claim.ABOVE) {
            return "above";
        }
        return c.tolerance() < 1e-6 ? "exact" : number(c.tolerance() * 100) + " %";
    }

    private static String ratio(Outcome.Comparison c) {
        return Double.isNaN(c.hpcsim()) ? "-" : String.format(Locale.ROOT, "%.4f", c.ratio());
    }

    private static String cell(String text) {
        return text.replace("|", "\\|");
    }

    private static String csv(String text) {
        return text.contains(",") || text.contains("\"") || text.contains("\n")
                ? "\"" + text.replace("\"", "\"\"") + "\"" : text;
    }
}
