package org.hpcsim.compare;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Objects;

/**
 * A comparison as {@code report.md} and {@code report.html}: what the runs share, a table of
 * their metrics (best per metric in bold with a star), then the figures. The Markdown links the
 * images where they lie; the HTML page embeds them, so it can be mailed or archived on its own.
 */
public final class ComparisonReport {

    /** A figure: one image per run side by side (captioned with the runs' names), or one image for all. */
    public record Figure(String title, List<String> captions, List<Path> images) {
        public Figure {
            if (captions.size() != images.size()) {
                throw new IllegalArgumentException("one caption per image");
            }
        }
    }

    static final String BEST = "★";

    private ComparisonReport() {
    }

    /** The Markdown report; images are linked relative to {@code dir}, where report.md will lie. */
    public static String markdown(MetricTable table, List<Figure> figures, Path dir) {
        return markdown(table, figures, differing(table, true), differing(table, false), dir);
    }

    /** The HTML page, images embedded. */
    public static String html(MetricTable table, List<Figure> figures) {
        return html(table, figures, differing(table, true), differing(table, false));
    }

    /** The scenario fields whose values differ between the runs ({@code differ}), or those all runs share. */
    private static List<MetricTable.Metric> differing(MetricTable table, boolean differ) {
        List<MetricTable.Metric> out = new ArrayList<>();
        for (MetricTable.Metric m : MetricTable.SCENARIO) {
            if (differs(table, m) == differ) {
                out.add(m);
            }
        }
        return out;
    }

    private static boolean differs(MetricTable table, MetricTable.Metric m) {
        String first = table.text(0, m);
        for (int i = 1; i < table.runs().size(); i++) {
            if (!Objects.equals(first, table.text(i, m))) {
                return true;
            }
        }
        return false;
    }

    private static String markdown(MetricTable t, List<Figure> figures, List<MetricTable.Metric> differing,
                                   List<MetricTable.Metric> shared, Path dir) {
        StringBuilder b = new StringBuilder("# Comparison of ").append(t.runs().size()).append(" runs\n\n");
        if (!shared.isEmpty()) {
            b.append("All runs: ");
            for (int i = 0; i < shared.size(); i++) {
                b.append(i == 0 ? "" : ", ").append(shared.get(i).heading()).append(" `")
                        .append(t.text(0, shared.get(i))).append('`');
            }
            b.append(".\n\n");
        }
        b.append("Values as in each run's summary.json; the best per metric is in bold with ").append(BEST)
                .append(" (none when all runs agree).\n\n| run |");
        for (MetricTable.Metric m : differing) {
            b.append(' ').append(m.heading()).append(" |");
        }
        for (MetricTable.Metric m : t.metrics()) {
            b.append(' ').append(m.heading()).append(m.better() == MetricTable.Better.LOWER ? " ↓" : " ↑").append(" |");
        }
        b.append("\n|---|");
        b.append("---|".repeat(differing.size() + t.metrics().size()));
        b.append('\n');
        for (int i = 0; i < t.runs().size(); i++) {
            b.append("| ").append(mdCell(t.runs().get(i).name())).append(" |");
            for (MetricTable.Metric m : differing) {
                b.append(' ').append(mdCell(orDash(t.text(i, m)))).append(" |");
            }
            for (MetricTable.Metric m : t.metrics()) {
                String v = orDash(t.text(i, m));
                b.append(' ').append(t.best(i, m) ? "**" + v + "** " + BEST : v).append(" |");
            }
            b.append('\n');
        }
        for (Figure f : figures) {
            b.append("\n## ").append(f.title()).append("\n\n");
            if (f.images().size() > 1) {
                b.append('|');
                for (String c : f.captions()) {
                    b.append(' ').append(mdCell(c)).append(" |");
                }
                b.append("\n|").append("---|".repeat(f.images().size())).append("\n|");
                for (int i = 0; i < f.images().size(); i++) {
                    b.append(" ![").append(mdCell(f.captions().get(i))).append("](")
                            .append(link(dir, f.images().get(i))).append(") |");
                }
                b.append('\n');
            } else {
                b.append("![").append(f.title()).append("](").append(link(dir, f.images().get(0))).append(")\n");
            }
        }
        return b.toString();
    }

    private static String html(MetricTable t, List<Figure> figures, List<MetricTable.Metric> differing,
                               List<MetricTable.Metric> shared) {
        StringBuilder b = new StringBuilder("""
                <!DOCTYPE html>
                <html lang="en"><head><meta charset="utf-8">
                <title>hpcsim comparison</title>
                <style>
                body{font-family:system-ui,sans-serif;margin:1.5em;color:#222}
                table{border-collapse:collapse;font-size:0.9em}
                th,td{border:1px solid #ccc;padding:0.25em 0.5em;text-align:right}
                th:first-child,td:first-child{text-align:left}
                td.best{background:#d8f5d0;font-weight:bold}
                .figures{display:flex;flex-wrap:wrap;gap:1em}
                figure{margin:0}
                figure img{max-width:640px;width:100%;border:1px solid #eee}
                figcaption{font-size:0.85em;text-align:center}
                </style></head><body>
                """);
        b.append("<h1>Comparison of ").append(t.runs().size()).append(" runs</h1>\n");
        if (!shared.isEmpty()) {
            b.append("<p>All runs: ");
            for (int i = 0; i < shared.size(); i++) {
                b.append(i == 0 ? "" : ", ").append(esc(shared.get(i).heading())).append(" <code>")
                        .append(esc(t.text(0, shared.get(i)))).append("</code>");
            }
            b.append(".</p>\n");
        }
        b.append("<p>Values as in each run's summary.json; the best per metric is marked ").append(BEST)
                .append(" (none when all runs agree).</p>\n<table>\n<tr><th>run</th>");
        for (MetricTable.Metric m : differing) {
            b.append("<th>").append(esc(m.heading())).append("</th>");
        }
        for (MetricTable.Metric m : t.metrics()) {
            b.append("<th>").append(esc(m.heading())).append(m.better() == MetricTable.Better.LOWER ? " ↓" : " ↑")
                    .append("</th>");
        }
        b.append("</tr>\n");
        for (int i = 0; i < t.runs().size(); i++) {
            b.append("<tr><td>").append(esc(t.runs().get(i).name())).append("</td>");
            for (MetricTable.Metric m : differing) {
                b.append("<td>").append(esc(orDash(t.text(i, m)))).append("</td>");
            }
            for (MetricTable.Metric m : t.metrics()) {
                String v = esc(orDash(t.text(i, m)));
                b.append(t.best(i, m) ? "<td class=\"best\">" + v + " " + BEST : "<td>" + v).append("</td>");
            }
            b.append("</tr>\n");
        }
        b.append("</table>\n");
        for (Figure f : figures) {
            b.append("<h2>").append(esc(f.title())).append("</h2>\n<div class=\"figures\">\n");
            for (int i = 0; i < f.images().size(); i++) {
                b.append("<figure><img alt=\"").append(esc(f.captions().get(i))).append("\" src=\"data:image/png;base64,")
                        .append(base64(f.images().get(i))).append("\"><figcaption>").append(esc(f.captions().get(i)))
                        .append("</figcaption></figure>\n");
            }
            b.append("</div>\n");
        }
        return b.append("</body></html>\n").toString();
    }

    private static String orDash(String v) {
        return v == null ? "–" : v;
    }

    private static String mdCell(String s) {
        return s.replace("|", "\\|");
    }

    private static String link(Path dir, Path image) {
        Path rel = dir.toAbsolutePath().normalize().relativize(image.toAbsolutePath().normalize());
        return rel.toString().replace('\\', '/').replace(" ", "%20");
    }

    private static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    private static String base64(Path png) {
        try {
            return Base64.getEncoder().encodeToString(Files.readAllBytes(png));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
