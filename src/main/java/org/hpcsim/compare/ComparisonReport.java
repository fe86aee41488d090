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
 * A comparison as {@code report.md} and {@code report.html}: what the runs share, a table of their
 * metrics per trace and machine (best per metric in bold with a star), then the figures. The Markdown
 * links the images where they lie; the HTML page embeds them, so it can be mailed or archived on its
 * own.
 */
public final class ComparisonReport {

    /**
     * A figure: one image per run side by side (captioned with the runs' names), or one image for all;
     * {@code notes} are lines to read beside it (curves that lie on each other).
     */
    public record Figure(String title, List<String> captions, List<Path> images, List<String> notes) {
        public Figure {
            if (captions.size() != images.size()) {
                throw new IllegalArgumentException("one caption per image");
            }
            captions = List.copyOf(captions);
            images = List.copyOf(images);
            notes = List.copyOf(notes);
        }

        public Figure(String title, List<String> captions, List<Path> images) {
            this(title, captions, images, List.of());
        }
    }

    static final String BEST = "★";

    private ComparisonReport() {
    }

    /** "1 run", "2 runs". */
    public static String count(int n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }

    /** The Markdown report; images are linked relative to {@code dir}, where report.md will lie. */
    public static String markdown(List<MetricTable> tables, List<Figure> figures, Path dir) {
        Markdown md = new Markdown();
        write(md, tables, figures, dir);
        return md.b.toString();
    }

    /** The HTML page, images embedded. */
    public static String html(List<MetricTable> tables, List<Figure> figures) {
        Html html = new Html();
        write(html, tables, figures, null);
        return html.b.append("</body></html>\n").toString();
    }

    /** The report's parts in order, into either format. */
    private static void write(Out out, List<MetricTable> tables, List<Figure> figures, Path dir) {
        List<ComparedRun> all = tables.stream().flatMap(t -> t.runs().stream()).toList();
        out.heading(1, "Comparison of " + count(all.size(), "run"));
        List<MetricTable.Metric> shared = new ArrayList<>();
        for (MetricTable.Metric m : MetricTable.SCENARIO) {
            if (all.stream().allMatch(r -> Objects.equals(r.summary().text(m.key()), all.get(0).summary().text(m.key())))) {
                shared.add(m);
            }
        }
        if (!shared.isEmpty()) {
            out.fields(all.size() == 1 ? "The run" : "All runs", shared, shared.stream()
                    .map(m -> all.get(0).summary().text(m.key())).toList());
        }
        out.paragraph(explanation(tables));
        for (MetricTable t : tables) {
            List<MetricTable.Metric> differing = new ArrayList<>();
            List<MetricTable.Metric> constant = new ArrayList<>();
            for (MetricTable.Metric m : MetricTable.SCENARIO) {
                if (!t.shared(m)) {
                    differing.add(m);
                } else if (!shared.contains(m)) {
                    constant.add(m);
                }
            }
            if (tables.size() > 1) {
                out.heading(2, "Trace " + t.runs().get(0).summary().text("trace") + " on "
                        + t.runs().get(0).summary().text("machine") + ": " + count(t.runs().size(), "run"));
                constant.removeIf(m -> MetricTable.COMPARABLE_BY.contains(m.key()));
            }
            if (!constant.isEmpty()) {
                out.fields(t.runs().size() == 1 ? "This run" : "These runs", constant,
                        constant.stream().map(m -> t.scenario(0, m)).toList());
            }
            out.table(t, differing);
        }
        for (Figure f : figures) {
            out.figure(f, dir);
        }
    }

    /** What the table shows and how it ranks. */
    private static String explanation(List<MetricTable> tables) {
        StringBuilder s = new StringBuilder("Numbers are rounded to " + SignificantDigits.DIGITS
                + " significant digits, or to whole numbers when they have more digits before the point; each run's"
                + " summary.json has the exact values.");
        if (tables.stream().anyMatch(MetricTable::aggregated)) {
            s.append(" Runs that differ only in their seed (same trace, machine, scheduler, allocator and every other"
                    + " setting of config-used.conf) are one row: the mean over its n runs ± the half-width of the"
                    + " 95 % confidence interval (Student's t, n − 1 degrees of freedom).");
        }
        s.append(" The best per metric (↓ lower is better, ↑ higher) is in bold with ").append(BEST)
                .append(", judged on the values as shown and only among runs of the same trace on the same machine"
                        + " (none when all agree)");
        s.append(tables.size() > 1 ? ": runs of different traces or machines did different work, so each pair of"
                + " trace and machine has a table of its own." : ".");
        return s.toString();
    }

    /** Report text in one format. */
    private interface Out {
        void heading(int level, String text);

        void paragraph(String text);

        void fields(String lead, List<MetricTable.Metric> fields, List<String> values);

        void table(MetricTable t, List<MetricTable.Metric> differing);

        void figure(Figure f, Path dir);
    }

    private static String arrow(MetricTable.Metric m) {
        return m.better() == MetricTable.Better.LOWER ? " ↓" : " ↑";
    }

    private static String orDash(String v) {
        return v == null ? "–" : v;
    }

    private static final class Markdown implements Out {
        final StringBuilder b = new StringBuilder();

        @Override
        public void heading(int level, String text) {
            if (!b.isEmpty()) {
                b.append('\n');
            }
            b.append("#".repeat(level)).append(' ').append(text).append("\n\n");
        }

        @Override
        public void paragraph(String text) {
            b.append(text).append("\n\n");
        }

        @Override
        public void fields(String lead, List<MetricTable.Metric> fields, List<String> values) {
            b.append(lead).append(": ");
            for (int i = 0; i < fields.size(); i++) {
                b.append(i == 0 ? "" : ", ").append(fields.get(i).heading()).append(" `").append(values.get(i)).append('`');
            }
            b.append(".\n\n");
        }

        @Override
        public void table(MetricTable t, List<MetricTable.Metric> differing) {
            b.append("| run |");
            for (MetricTable.Metric m : differing) {
                b.append(' ').append(m.heading()).append(" |");
            }
            if (t.aggregated()) {
                b.append(" n |");
            }
            for (MetricTable.Metric m : t.metrics()) {
                b.append(' ').append(m.heading()).append(arrow(m)).append(" |");
            }
            b.append("\n|---|");
            b.append("---|".repeat(differing.size() + (t.aggregated() ? 1 : 0) + t.metrics().size()));
            b.append('\n');
            for (int i = 0; i < t.rows().size(); i++) {
                b.append("| ").append(cell(t.rows().get(i).name())).append(" |");
                for (MetricTable.Metric m : differing) {
                    b.append(' ').append(cell(orDash(t.scenario(i, m)))).append(" |");
                }
                if (t.aggregated()) {
                    b.append(' ').append(t.rows().get(i).runs().size()).append(" |");
                }
                for (MetricTable.Metric m : t.metrics()) {
                    String v = orDash(t.text(i, m));
                    b.append(' ').append(t.best(i, m) ? "**" + v + "** " + BEST : v).append(" |");
                }
                b.append('\n');
            }
        }

        @Override
        public void figure(Figure f, Path dir) {
            heading(2, f.title());
            if (f.images().size() > 1) {
                b.append('|');
                for (String c : f.captions()) {
                    b.append(' ').append(cell(c)).append(" |");
                }
                b.append("\n|").append("---|".repeat(f.images().size())).append("\n|");
                for (int i = 0; i < f.images().size(); i++) {
                    b.append(" ![").append(cell(f.captions().get(i))).append("](")
                            .append(link(dir, f.images().get(i))).append(") |");
                }
                b.append('\n');
            } else {
                b.append("![").append(f.title()).append("](").append(link(dir, f.images().get(0))).append(")\n");
            }
            for (String note : f.notes()) {
                b.append("\n").append(note).append('\n');
            }
        }

        private static String cell(String s) {
            return s.replace("|", "\\|");
        }

        private static String link(Path dir, Path image) {
            Path rel = dir.toAbsolutePath().normalize().relativize(image.toAbsolutePath().normalize());
            return rel.toString().replace('\\', '/').replace(" ", "%20");
        }
    }

    private static final class Html implements Out {
        final StringBuilder b = new StringBuilder("""
                <!DOCTYPE html>
                <html lang="en"><head><meta charset="utf-8">
                <title>hpcsim comparison</title>
                <style>
                body{font-family:system-ui,sans-serif;margin:1.5em;color:#222}
                .table-scroll{overflow-x:auto;max-width:100%}
                table{border-collapse:collapse;font-size:0.9em}
                th,td{border:1px solid #ccc;padding:0.25em 0.5em;text-align:right;white-space:nowrap}
                th:first-child,td:first-child{text-align:left}
                td.best{background:#d8f5d0;font-weight:bold}
                .figures{display:flex;flex-wrap:wrap;gap:1em}
                figure{margin:0}
                figure img{max-width:640px;width:100%;border:1px solid #eee}
                figure.whole img{max-width:100%;width:auto}
                figcaption{font-size:0.85em;text-align:center}
                </style></head><body>
                """);

        @Override
        public void heading(int level, String text) {
            b.append("<h").append(level).append('>').append(esc(text)).append("</h").append(level).append(">\n");
        }

        @Override
        public void paragraph(String text) {
            b.append("<p>").append(esc(text)).append("</p>\n");
        }

        @Override
        public void fields(String lead, List<MetricTable.Metric> fields, List<String> values) {
            b.append("<p>").append(esc(lead)).append(": ");
            for (int i = 0; i < fields.size(); i++) {
                b.append(i == 0 ? "" : ", ").append(esc(fields.get(i).heading())).append(" <code>")
                        .append(esc(values.get(i))).append("</code>");
            }
            b.append(".</p>\n");
        }

        @Override
        public void table(MetricTable t, List<MetricTable.Metric> differing) {
            // A wide table scrolls sideways inside the page instead of running off it.
            b.append("<div class=\"table-scroll\">\n<table>\n<tr><th>run</th>");
            for (MetricTable.Metric m : differing) {
                b.append("<th>").append(esc(m.heading())).append("</th>");
            }
            if (t.aggregated()) {
                b.append("<th>n</th>");
            }
            for (MetricTable.Metric m : t.metrics()) {
                b.append("<th>").append(esc(m.heading())).append(arrow(m)).append("</th>");
            }
            b.append("</tr>\n");
            for (int i = 0; i < t.rows().size(); i++) {
                b.append("<tr><td>").append(esc(t.rows().get(i).name())).append("</td>");
                for (MetricTable.Metric m : differing) {
                    b.append("<td>").append(esc(orDash(t.scenario(i, m)))).append("</td>");
                }
                if (t.aggregated()) {
                    b.append("<td>").append(t.rows().get(i).runs().size()).append("</td>");
                }
                for (MetricTable.Metric m : t.metrics()) {
                    String v = esc(orDash(t.text(i, m)));
                    b.append(t.best(i, m) ? "<td class=\"best\">" + v + " " + BEST : "<td>" + v).append("</td>");
                }
                b.append("</tr>\n");
            }
            b.append("</table>\n</div>\n");
        }

        @Override
        public void figure(Figure f, Path dir) {
            heading(2, f.title());
            b.append("<div class=\"figures\">\n");
            // One chart of all runs is shown at its own width, or its legend would shrink past reading;
            // runs side by side share the width.
            String figure = f.images().size() == 1 ? "<figure class=\"whole\">" : "<figure>";
            for (int i = 0; i < f.images().size(); i++) {
                b.append(figure).append("<img alt=\"").append(esc(f.captions().get(i))).append("\" src=\"data:image/png;base64,")
                        .append(base64(f.images().get(i))).append("\"><figcaption>").append(esc(f.captions().get(i)))
                        .append("</figcaption></figure>\n");
            }
            b.append("</div>\n");
            for (String note : f.notes()) {
                paragraph(note);
            }
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
}
