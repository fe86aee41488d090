package org.hpcsim.plot;

/**
 * Panels of cells laid out in a grid on one chart: the z-planes of a 3-D machine, or the rows of a
 * machine room. Every panel is {@code width x height} cells; a cell's centre sits on integer chart
 * coordinates. Panels are separated by one empty column and, vertically, by {@code labelRows} rows
 * that hold the lower panel's name. Panel 0 is at the top left, the next ones to its right, then the
 * next row of panels below, as text is read.
 */
final class PanelGrid {
    private final int width;
    private final int height;
    private final int panels;
    private final int strideY;
    private final int columns;
    private final int rows;

    /**
     * Panels of {@code width x height} cells with {@code labelRows} rows above each for its name (none
     * when there is one panel), as many per row of panels as makes the whole about 16:9.
     */
    PanelGrid(int width, int height, int panels, int labelRows) {
        this.width = width;
        this.height = height;
        this.panels = panels;
        this.strideY = height + (panels > 1 ? labelRows : 0);
        int best = 1;
        double bestError = Double.POSITIVE_INFINITY;
        for (int c = 1; c <= panels; c++) {
            int r = (panels + c - 1) / c;
            double aspect = (double) (c * (width + 1) - 1) / (r * strideY);
            double error = Math.abs(Math.log(aspect / (16.0 / 9)));
            if (error < bestError - 1e-12) {
                best = c;
                bestError = error;
            }
        }
        this.columns = best;
        this.rows = (panels + best - 1) / best;
    }

    int width() {
        return width;
    }

    int height() {
        return height;
    }

    int panels() {
        return panels;
    }

    /** Whether a panel is the first of its row of panels (the row's y labels go left of it). */
    boolean firstInRow(int panel) {
        return panel % columns == 0;
    }

    /** Whether no panel lies below this one (its column's x labels go under it). */
    boolean lowestInColumn(int panel) {
        return panel + columns >= panels;
    }

    /** Chart x of cell {@code x} of a panel. */
    int x(int panel, int x) {
        return panel % columns * (width + 1) + x;
    }

    /** Chart y of cell {@code y} of a panel (y grows upwards). */
    int y(int panel, int y) {
        return (rows - 1 - panel / columns) * strideY + y;
    }

    /** Cells across the whole grid. */
    int cellsAcross() {
        return columns * (width + 1) - 1;
    }

    /** Cells up the whole grid, the top panels' names included. */
    int cellsUp() {
        return (rows - 1) * strideY + height + (panels > 1 ? strideY - height : 0);
    }
}
