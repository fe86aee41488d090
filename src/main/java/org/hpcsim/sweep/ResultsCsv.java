package org.hpcsim.sweep;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.hpcsim.report.JobsCsv;
import org.hpcsim.report.SummaryJson;

/**
 * A sweep's {@code results.csv}: one row per finished run, in combination order; the columns are
 * {@code run} (the label), one per axis (its value as written in the sweep file), then every leaf of
 * the runs' {@code summary.json} that describes the simulation ({@link SummaryJson#simulated}), in
 * the order they first appear over the rows. A leaf named like an axis column is left out (the axis
 * column holds it); a null or absent leaf is an empty cell.
 */
final class ResultsCsv {

    /** A finished run: its label, its axis values and its summary. */
    record Row(String label, List<String> values, SummaryJson summary) {
    }

    private ResultsCsv() {
    }

    static String render(List<String> axisKeys, List<Row> rows) {
        Set<String> leaves = new LinkedHashSet<>();
        for (Row r : rows) {
            for (String key : r.summary().values().keySet()) {
                if (SummaryJson.simulated(key) && !key.equals("run") && !axisKeys.contains(key)) {
                    leaves.add(key);
                }
            }
        }
        List<String> header = new ArrayList<>();
        header.add("run");
        header.addAll(axisKeys);
        header.addAll(leaves);
        StringBuilder sb = new StringBuilder();
        line(sb, header);
        for (Row r : rows) {
            List<String> cells = new ArrayList<>(header.size());
            cells.add(r.label());
            cells.addAll(r.values());
            Map<String, String> values = r.summary().values();
            for (String key : leaves) {
                String v = values.get(key);
                cells.add(v == null ? "" : v);
            }
            line(sb, cells);
        }
        return sb.toString();
    }

    private static void line(StringBuilder sb, List<String> cells) {
        for (int i = 0; i < cells.size(); i++) {
            if (i > 0) {
                sb.append(',');
            }
            JobsCsv.appendQuoted(sb, cells.get(i));
        }
        sb.append('\n');
    }
}
