package org.hpcsim.plot;

import java.awt.BasicStroke;
import java.awt.Color;
import java.util.Arrays;
import java.util.List;
import org.knowm.xchart.XYSeries;

/**
 * A map of square cells in panels (see {@link PanelGrid}), coloured by category: the machine's nodes,
 * the room's servers. Each category is one XChart series of filled squares (separated by NaN points),
 * so drawing costs one series per colour, not one per cell. Cells are labelled with their coordinates
 * within their panel, under the lowest panel of each column and left of the first of each row.
 */
final class CellMap {
    /** Pixels left of a panel for its y labels, and under it for its x labels. */
    private static final double Y_LABELS_PX = 30;
    private static final double X_LABELS_PX = 22;
    /** Pixels above a panel for its name. */
    private static final double NAME_PX = 22;
    /** XChart draws the axis range over this share of the plot area. */
    private static final double CONTENT = 0.92;

    /**
     * A colour of the map; {@code name} is its legend entry, null for none; a colour of a scale is in
     * the legend even when no cell has it, so that the scale stays whole.
     */
    record Category(String name, Color color, boolean ofScale) {
        Category(String name, Color color) {
            this(name, color, false);
        }
    }

    /**
     * The cells: cell i lies in panel {@code panel[i]} at ({@code x[i]}, {@code y[i]}) within it, in
     * category {@code category[i]}, an index into {@code categories}.
     */
    record Cells(int[] panel, int[] x, int[] y, int[] category) {
    }

    /**
     * A mark drawn inside some cells over their colour (a small square at the cell's centre): a state
     * the cell's colour does not show, such as a node that failed at some time. {@code marked[i]} for
     * cell i; in the legend as {@code name} when some cell has it.
     */
    record Mark(String name, Color color, boolean[] marked) {
        int count() {
            int n = 0;
            for (boolean m : marked) {
                n += m ? 1 : 0;
            }
            return n;
        }
    }

    private CellMap() {
    }

    /**
     * A figure of the cells on panels of {@code width x height} cells, named by {@code panelNames} (one
     * per panel; null when there is one panel), with {@code marks} over them. The legend lists the named
     * categories some cell has, every colour of a scale, and the marks some cell has.
     */
    static Figure figure(String title, String xTitle, String yTitle, int width, int height, List<String> panelNames,
                         Cells cells, List<Category> categories, List<Mark> marks) {
        int panels = panelNames == null ? 1 : panelNames.size();
        PanelGrid grid = new PanelGrid(width, height, panels, 2);
        double cell = cellPixels(grid);
        // The name's row(s): its height and a little space under the panel above.
        grid = new PanelGrid(width, height, panels, (int) Math.ceil((NAME_PX + 8) / cell));
        cell = cellPixels(grid);
        int[] count = new int[categories.size()];
        for (int c : cells.category()) {
            count[c]++;
        }
        int legendEntries = 0;
        for (int c = 0; c < categories.size(); c++) {
            legendEntries += categories.get(c).name() != null && (count[c] > 0 || categories.get(c).ofScale()) ? 1 : 0;
        }
        for (Mark m : marks) {
            legendEntries += m.count() > 0 ? 1 : 0;
        }
        int figureWidth = (int) Math.round((grid.cellsAcross() * cell + Y_LABELS_PX) / CONTENT) + 90
                + (legendEntries > 0 ? 190 : 0);
        // Tall enough for the legend too (about 30 pixels an entry).
        int figureHeight = Math.max((int) Math.round((grid.cellsUp() * cell + X_LABELS_PX) / CONTENT) + 90,
                30 * legendEntries + 110);
        Figure f = new Figure(title, xTitle, yTitle, Math.max(figureWidth, 560), Math.max(figureHeight, 320))
                .withoutAxisTicks()
                .xRange(-0.5 - Y_LABELS_PX / cell, grid.cellsAcross() - 0.5)
                .yRange(-0.5 - X_LABELS_PX / cell, grid.cellsUp() - 0.5);
        addSeries(f, grid, cells, categories, count);
        addMarks(f, grid, cells, marks);
        addLabels(f, grid, cell, panelNames);
        return f;
    }

    private static void addMarks(Figure f, PanelGrid grid, Cells cells, List<Mark> marks) {
        for (Mark m : marks) {
            int n = m.count();
            if (n == 0) {
                continue;
            }
            double[] px = new double[6 * n];
            double[] py = new double[px.length];
            int k = 0;
            for (int i = 0; i < m.marked().length; i++) {
                if (m.marked()[i]) {
                    k = square(px, py, k, grid.x(cells.panel()[i], cells.x()[i]), grid.y(cells.panel()[i], cells.y()[i]),
                            MARK_HALF);
                }
            }
            // Outlined, so that a mark shows on every colour of a cell (and in the legend, even white).
            XYSeries s = f.polygons(m.name(), new Points(px, py), m.color());
            s.setLineColor(Color.BLACK);
            s.setLineStyle(MARK_OUTLINE);
        }
    }

    /** Pixels per cell: the grid within about 860 x 520 pixels, cells from 5 to 44 pixels. */
    private static double cellPixels(PanelGrid grid) {
        return Math.max(5, Math.min(44, Math.min(860.0 / grid.cellsAcross(), 520.0 / grid.cellsUp())));
    }

    private static void addSeries(Figure f, PanelGrid grid, Cells cells, List<Category> categories, int[] count) {
        for (int c = 0; c < categories.size(); c++) {
            Category cat = categories.get(c);
            if (count[c] == 0 && !cat.ofScale()) {
                continue;
            }
            double[] px = new double[Math.max(1, 6 * count[c])];
            double[] py = new double[px.length];
            py[0] = Double.NaN;
            int k = 0;
            for (int i = 0; i < cells.category().length; i++) {
                if (cells.category()[i] == c) {
                    k = square(px, py, k, grid.x(cells.panel()[i], cells.x()[i]), grid.y(cells.panel()[i], cells.y()[i]),
                            CELL_HALF);
                }
            }
            f.polygons(cat.name() != null ? cat.name() : "colour " + c, new Points(px, py), cat.color())
                    .setShowInLegend(cat.name() != null);
        }
    }

    private static void addLabels(Figure f, PanelGrid grid, double cell, List<String> panelNames) {
        int stepX = step(26 / cell);
        int stepY = step(16 / cell);
        for (int p = 0; p < grid.panels(); p++) {
            if (grid.lowestInColumn(p)) {
                for (int x = 0; x < grid.width(); x += stepX) {
                    f.tick(Integer.toString(x), grid.x(p, x), grid.y(p, 0) - 0.5 - X_LABELS_PX / 2 / cell, false);
                }
            }
            if (grid.firstInRow(p)) {
                for (int y = 0; y < grid.height(); y += stepY) {
                    f.tick(Integer.toString(y), grid.x(p, 0) - 0.5 - 5 / cell, grid.y(p, y), true);
                }
            }
            if (panelNames != null) {
                f.label(panelNames.get(p), grid.x(p, 0) + (grid.width() - 1) / 2.0,
                        grid.y(p, grid.height() - 1) + 0.5 + NAME_PX / 2 / cell);
            }
        }
    }

    /** The smallest of 1, 2, 5, 10, 20, 50, ... that is at least {@code min}. */
    static int step(double min) {
        for (int s = 1; ; s *= 10) {
            for (int m : new int[] {1, 2, 5}) {
                if (s * m >= min) {
                    return s * m;
                }
            }
        }
    }

    /** Half a cell's square: a little smaller than a cell, so neighbours stay apart. */
    private static final double CELL_HALF = 0.44;
    /** Half a mark's square: a third of the cell across, its colour still around it. */
    private static final double MARK_HALF = 0.17;
    private static final BasicStroke MARK_OUTLINE = new BasicStroke(1f);

    /** Appends a square of half-side {@code h} around (x, y), and a break. */
    private static int square(double[] px, double[] py, int k, double x, double y, double h) {
        double[] sx = {x - h, x + h, x + h, x - h, x - h};
        double[] sy = {y - h, y - h, y + h, y + h, y - h};
        for (int j = 0; j < 5; j++) {
            px[k] = sx[j];
            py[k++] = sy[j];
        }
        px[k] = x;
        py[k++] = Double.NaN;
        return k;
    }

    /**
     * A colour scale of equal bins with round bounds covering [min, max]: bins of 1, 2, 2.5 or 5 times a
     * power of ten, as few as gives at most {@code maxBins} bins.
     *
     * @param lo    the first bin's lower bound
     * @param width each bin's width
     * @param bins  the number of bins
     */
    record Scale(double lo, double width, int bins) {
        static Scale covering(double min, double max, int maxBins) {
            double span = Math.max(max - min, 1e-9);
            double width = niceStep(span / maxBins);
            double lo = Math.floor(min / width) * width;
            while (lo + maxBins * width < max) {
                width = niceStep(width * 1.0001);
                lo = Math.floor(min / width) * width;
            }
            int bins = Math.max(1, (int) Math.ceil((max - lo) / width - 1e-9));
            return new Scale(lo, width, bins);
        }

        /** The bin a value falls in; the top value in the last bin. */
        int bin(double v) {
            return Math.max(0, Math.min(bins - 1, (int) Math.floor((v - lo) / width)));
        }

        /** One legend entry per bin, {@code 20 – 22.5 °C}, coloured from low (dark) to high (yellow). */
        List<Category> categories(int decimals, String unit) {
            Category[] out = new Category[bins];
            for (int b = 0; b < bins; b++) {
                out[b] = new Category(Numbers.format(lo + b * width, decimals) + " – "
                        + Numbers.format(lo + (b + 1) * width, decimals) + " " + unit,
                        Palette.scale(bins == 1 ? 0.5 : (double) b / (bins - 1)), true);
            }
            return Arrays.asList(out);
        }
    }

    /** The smallest of 1, 2, 2.5, 5 times a power of ten that is at least {@code min} (> 0). */
    static double niceStep(double min) {
        double p = Math.pow(10, Math.floor(Math.log10(min)));
        for (double m : new double[] {1, 2, 2.5, 5, 10}) {
            if (m * p >= min * (1 - 1e-12)) {
                return m * p;
            }
        }
        return 10 * p;
    }
}
