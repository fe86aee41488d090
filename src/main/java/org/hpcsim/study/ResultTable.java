package org.hpcsim.study;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * An experiment's results: named columns, rows of values, rendered as an aligned text table, CSV
 * and a Markdown table. Reals are printed with a fixed number of decimals.
 */
public final class ResultTable {
    private final List<String> columns;
    private final List<Object[]> rows = new ArrayList<>();
    private final int decimals;

    public ResultTable(List<String> columns, int decimals) {
        this.columns = List.copyOf(columns);
        this.decimals = decimals;
    }

    public void add(Object... row) {
        if (row.length != columns.size()) {
            throw new IllegalArgumentException("row of " + row.length + " values for " + columns.size() + " columns");
        }
        rows.add(row.clone());
    }

    public List<Object[]> rows() {
        return List.copyOf(rows);
    }

    private String cell(Object v) {
        if (v == null) {
            return "";
        }
        if (v instanceof Double d) {
            return Double.isNaN(d) ? "" : String.format(Locale.ROOT, "%." + decimals + "f", d);
        }
        return v.toString();
    }

    public String csv() {
        StringBuilder sb = new StringBuilder(String.join(",", columns)).append('\n');
        for (Object[] r : rows) {
            for (int i = 0; i < r.length; i++) {
                String c = cell(r[i]);
                sb.append(i > 0 ? "," : "").append(c.contains(",") ? "\"" + c + "\"" : c);
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    public String markdown() {
        StringBuilder sb = new StringBuilder("| ").append(String.join(" | ", columns)).append(" |\n|");
        for (int i = 0; i < columns.size(); i++) {
            sb.append(rows.isEmpty() || rows.get(0)[i] instanceof String ? " --- |" : " ---: |");
        }
        sb.append('\n');
        for (Object[] r : rows) {
            sb.append('|');
            for (Object v : r) {
                sb.append(' ').append(cell(v)).append(" |");
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    public String text() {
        int[] width = new int[columns.size()];
        for (int i = 0; i < width.length; i++) {
            width[i] = columns.get(i).length();
            for (Object[] r : rows) {
                width[i] = Math.max(width[i], cell(r[i]).length());
            }
        }
        StringBuilder sb = new StringBuilder();
        line(sb, columns.toArray(), width);
        for (Object[] r : rows) {
            line(sb, r, width);
        }
        return sb.toString();
    }

    private void line(StringBuilder sb, Object[] values, int[] width) {
        for (int i = 0; i < values.length; i++) {
            String c = values[i] instanceof String s ? s : cell(values[i]);
            boolean left = values[i] instanceof String;
            String pad = " ".repeat(width[i] - c.length());
            sb.append(i > 0 ? "  " : "").append(left ? c + pad : pad + c);
        }
        sb.append('\n');
    }

    /** Writes {@code name}.csv into the directory. */
    public void writeCsv(Path dir, String name) {
        try {
            Files.writeString(dir.resolve(name + ".csv"), csv(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
