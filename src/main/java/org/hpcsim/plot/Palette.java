package org.hpcsim.plot;

import java.awt.Color;

/** The plots' colours. */
final class Palette {
    /** Series of the time-series charts and CDFs, in order: blue, orange, green, red, purple, brown. */
    static final Color[] SERIES = {
        new Color(31, 119, 180), new Color(255, 127, 14), new Color(44, 160, 44), new Color(214, 39, 40),
        new Color(148, 103, 189), new Color(140, 86, 75)};

    /**
     * Jobs on the maps and the Gantt chart: Tableau's 20 colours without its two greys, which idle and
     * drained nodes use. Neighbouring jobs get different colours; distant ones may share one.
     */
    static final Color[] JOBS = {
        new Color(31, 119, 180), new Color(255, 127, 14), new Color(44, 160, 44), new Color(214, 39, 40),
        new Color(148, 103, 189), new Color(140, 86, 75), new Color(227, 119, 194), new Color(188, 189, 34),
        new Color(23, 190, 207), new Color(174, 199, 232), new Color(255, 187, 120), new Color(152, 223, 138),
        new Color(255, 152, 150), new Color(197, 176, 213), new Color(196, 156, 148), new Color(247, 182, 210),
        new Color(219, 219, 141), new Color(158, 218, 229)};

    static final Color IDLE = new Color(232, 232, 232);
    static final Color DRAINED = new Color(150, 150, 150);
    static final Color FAILED = Color.BLACK;
    /** A node that failed at some time, marked on a colour scale (which has no red). */
    static final Color FAILED_MARK = new Color(214, 39, 40);
    /** I/O nodes of a line among jobs (no job colour is this dark slate)... */
    static final Color IO_NODE = new Color(70, 90, 110);
    /** ...and on a colour scale (which has no red). */
    static final Color IO_NODE_ON_SCALE = new Color(214, 39, 40);

    /** Stops of the sequential scale (viridis' ends and middle): low values dark blue, high yellow. */
    private static final Color[] SCALE = {
        new Color(68, 1, 84), new Color(59, 82, 139), new Color(33, 145, 140), new Color(94, 201, 98),
        new Color(253, 231, 37)};

    private Palette() {
    }

    /** The sequential scale's colour at {@code f} in [0, 1]. */
    static Color scale(double f) {
        double p = Math.max(0, Math.min(1, f)) * (SCALE.length - 1);
        int i = Math.min((int) p, SCALE.length - 2);
        double t = p - i;
        Color a = SCALE[i];
        Color b = SCALE[i + 1];
        return new Color((int) Math.round(a.getRed() + t * (b.getRed() - a.getRed())),
                (int) Math.round(a.getGreen() + t * (b.getGreen() - a.getGreen())),
                (int) Math.round(a.getBlue() + t * (b.getBlue() - a.getBlue())));
    }
}
