package org.hpcsim.plot;

import de.erichseifert.vectorgraphics2d.VectorGraphics2D;
import de.erichseifert.vectorgraphics2d.svg.SVGProcessor;
import de.erichseifert.vectorgraphics2d.util.PageSize;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.AffineTransform;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.imageio.ImageIO;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.XYSeries.XYSeriesRenderStyle;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.XYStyler;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * One chart with its title and axis titles, painted the same way into a PNG and an SVG.
 *
 * <p>XChart draws every piece of text as glyph outlines, so in an SVG its titles would be shapes no
 * one can search or select. The chart is therefore painted with its own titles off, inside margins,
 * and the title, the axis titles and any labels are drawn here as text: an SVG keeps them as
 * {@code <text>} elements (XChart's tick labels and legend entries remain outlines). The titles are centred on
 * the plot area, found from the axis ranges, which every figure therefore sets.
 */
final class Figure {
    private static final Font TITLE_FONT = new Font(Font.SANS_SERIF, Font.BOLD, 16);
    private static final Font AXIS_FONT = new Font(Font.SANS_SERIF, Font.PLAIN, 14);
    private static final Font LABEL_FONT = new Font(Font.SANS_SERIF, Font.BOLD, 12);
    private static final Font TICK_FONT = new Font(Font.SANS_SERIF, Font.PLAIN, 12);
    private static final Font LEGEND_FONT = new Font(Font.SANS_SERIF, Font.PLAIN, 12);
    /**
     * XChart draws a line segment by segment: with butt ends, consecutive segments do not paint their
     * shared ends twice, which antialiasing would show as a dot at every point.
     */
    private static final BasicStroke LINE = new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER);
    private static final BasicStroke STEP = new BasicStroke(1.8f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER);
    private static final int TOP = 34;
    private static final int LEFT = 28;
    private static final int BOTTOM = 26;
    private static final int RIGHT = 10;

    private final String title;
    private final String xTitle;
    private final String yTitle;
    private final int width;
    private final int height;
    private final XYChart chart;
    private final List<Label> labels = new ArrayList<>();
    private double[] xRange;
    private double[] yRange;

    /** Text at a point of the data: centred on it, or ending left of it ({@code right}), bold or not. */
    private record Label(String text, double x, double y, boolean right, boolean bold) {
    }

    Figure(String title, String xTitle, String yTitle, int width, int height) {
        this.title = title;
        this.xTitle = xTitle;
        this.yTitle = yTitle;
        this.width = width;
        this.height = height;
        this.chart = new XYChart(width - LEFT - RIGHT, height - TOP - BOTTOM);
        style(chart.getStyler());
    }

    private static void style(XYStyler s) {
        s.setChartTitleVisible(false);
        s.setXAxisTitleVisible(false);
        s.setYAxisTitleVisible(false);
        s.setChartBackgroundColor(Color.WHITE);
        s.setPlotBackgroundColor(Color.WHITE);
        s.setPlotBorderColor(new Color(150, 150, 150));
        s.setPlotGridLinesColor(new Color(226, 226, 226));
        // Solid: VectorGraphics2D writes every dash of a dashed line as a shape of its own.
        s.setPlotGridLinesStroke(new BasicStroke(1f));
        s.setAxisTickLabelsFont(TICK_FONT);
        s.setLegendFont(LEGEND_FONT);
        s.setLegendBorderColor(new Color(200, 200, 200));
        s.setLegendPosition(Styler.LegendPosition.OutsideE);
        s.setChartPadding(6);
        s.setMarkerSize(0);
    }

    String title() {
        return title;
    }

    /** The width (pixels) of a legend entry's text in the legend's font. */
    static int legendTextWidth(String text) {
        return textWidth(text, LEGEND_FONT);
    }

    /** The width (pixels) of {@code text} in {@code font}. */
    static int textWidth(String text, Font font) {
        Graphics2D g = new BufferedImage(1, 1, BufferedImage.TYPE_INT_RGB).createGraphics();
        try {
            return g.getFontMetrics(font).stringWidth(text);
        } finally {
            g.dispose();
        }
    }

    /** The names of the series, in the order they were added (the legend's order). */
    List<String> seriesNames() {
        return List.copyOf(chart.getSeriesMap().keySet());
    }

    /** The points of a series as drawn. */
    Points points(String series) {
        XYSeries s = chart.getSeriesMap().get(series);
        return new Points(s.getXData(), s.getYData());
    }

    String xTitle() {
        return xTitle;
    }

    String yTitle() {
        return yTitle;
    }

    int width() {
        return width;
    }

    int height() {
        return height;
    }

    XYStyler styler() {
        return chart.getStyler();
    }

    /** The x axis shows [min, max] (widened when they are equal). */
    Figure xRange(double min, double max) {
        xRange = widened(min, max);
        chart.getStyler().setXAxisMin(xRange[0]);
        chart.getStyler().setXAxisMax(xRange[1]);
        return this;
    }

    /** The x axis's range as set: {min, max}. */
    double[] xRange() {
        return xRange.clone();
    }

    /** The y axis's range as set: {min, max}. */
    double[] yRange() {
        return yRange.clone();
    }

    /** The y axis shows [min, max] (widened when they are equal). */
    Figure yRange(double min, double max) {
        yRange = widened(min, max);
        chart.getStyler().setYAxisMin(yRange[0]);
        chart.getStyler().setYAxisMax(yRange[1]);
        return this;
    }

    private static double[] widened(double min, double max) {
        if (!(max > min)) {
            double pad = Math.max(1e-9, Math.abs(min) * 0.05 + (min == 0 ? 1 : 0));
            return new double[] {min - pad, min + pad};
        }
        return new double[] {min, max};
    }

    /** Bold text centred at a point of the data (a panel's name). */
    Figure label(String text, double x, double y) {
        labels.add(new Label(text, x, y, false, true));
        return this;
    }

    /** A tick label of its own: centred on the point, or ({@code right}) ending at it. */
    Figure tick(String text, double x, double y, boolean right) {
        labels.add(new Label(text, x, y, right, false));
        return this;
    }

    /**
     * No axis ticks, tick labels or grid: for maps, whose cells are labelled with {@link #tick} (so
     * that labels can repeat from panel to panel, which XChart's ticks do not allow).
     */
    Figure withoutAxisTicks() {
        chart.getStyler().setAxisTicksVisible(false);
        chart.getStyler().setPlotGridLinesVisible(false);
        return this;
    }

    /** A line through the points. */
    XYSeries line(String name, Points p, Color color) {
        XYSeries s = series(name, p, XYSeriesRenderStyle.Line);
        s.setLineColor(color);
        s.setLineStyle(LINE);
        return s;
    }

    /** A staircase: each point's value holds until the next point (a CDF). */
    XYSeries step(String name, Points p, Color color) {
        XYSeries s = series(name, p, XYSeriesRenderStyle.Step);
        s.setLineColor(color);
        s.setLineStyle(STEP);
        return s;
    }

    /** Filled polygons, one per run of points between NaN y values; no outline. */
    XYSeries polygons(String name, Points p, Color color) {
        XYSeries s = series(name, p, XYSeriesRenderStyle.PolygonArea);
        s.setFillColor(color);
        s.setLineColor(color);
        s.setLineStyle(SeriesLines.NONE);
        return s;
    }

    private XYSeries series(String name, Points p, XYSeriesRenderStyle style) {
        XYSeries s = chart.addSeries(name, p.x(), p.y());
        s.setXYSeriesRenderStyle(style);
        s.setMarker(SeriesMarkers.NONE);
        return s;
    }

    /** Paints the whole figure onto {@code g}, whose origin is the figure's top left corner. */
    void paint(Graphics2D g) {
        if (xRange == null || yRange == null) {
            throw new IllegalStateException("a figure sets both axis ranges: " + title);
        }
        chart.getStyler().setLegendVisible(chart.getSeriesMap().values().stream().anyMatch(XYSeries::isShowInLegend));
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, width, height);
        AffineTransform at = g.getTransform();
        g.translate(LEFT, TOP);
        chart.paint(g, width - LEFT - RIGHT, height - TOP - BOTTOM);
        paintLabels(g);
        // The plot area's centre, from where the axis ranges were drawn.
        double centreX = LEFT + (chart.getScreenXFromChart(xRange[0]) + chart.getScreenXFromChart(xRange[1])) / 2;
        double centreY = TOP + (chart.getScreenYFromChart(yRange[0]) + chart.getScreenYFromChart(yRange[1])) / 2;
        g.setTransform(at);
        paintTitles(g, centreX, centreY);
        g.setTransform(at);
    }

    /** The labels, in the chart's coordinates. */
    private void paintLabels(Graphics2D g) {
        g.setColor(Color.BLACK);
        for (Label l : labels) {
            g.setFont(l.bold() ? LABEL_FONT : TICK_FONT);
            FontMetrics fm = g.getFontMetrics();
            int w = fm.stringWidth(l.text());
            float x = (float) (chart.getScreenXFromChart(l.x()) - (l.right() ? w : w / 2.0));
            g.drawString(l.text(), x, (float) chart.getScreenYFromChart(l.y()) + fm.getAscent() * 0.4f);
        }
    }

    /** The title above the plot (smaller if it would not fit), the x title under it, the y title left of it. */
    private void paintTitles(Graphics2D g, double centreX, double centreY) {
        g.setColor(Color.BLACK);
        Font titleFont = TITLE_FONT;
        g.setFont(titleFont);
        while (g.getFontMetrics().stringWidth(title) > width - 8 && titleFont.getSize2D() > 9) {
            titleFont = titleFont.deriveFont(titleFont.getSize2D() - 1);
            g.setFont(titleFont);
        }
        FontMetrics fm = g.getFontMetrics();
        g.drawString(title, (float) clamp(centreX - fm.stringWidth(title) / 2.0, 4, width - 4 - fm.stringWidth(title)),
                TOP - 12);
        g.setFont(AXIS_FONT);
        fm = g.getFontMetrics();
        g.drawString(xTitle, (float) clamp(centreX - fm.stringWidth(xTitle) / 2.0, 4, width - 4 - fm.stringWidth(xTitle)),
                height - fm.getDescent() - 4);
        g.rotate(-Math.PI / 2);
        g.drawString(yTitle, (float) -clamp(centreY + fm.stringWidth(yTitle) / 2.0, fm.stringWidth(yTitle) + 4, height - 4),
                fm.getAscent() + 4);
    }

    private static double clamp(double v, double lo, double hi) {
        return Math.max(lo, Math.min(v, Math.max(lo, hi)));
    }

    /** Writes the figure in the format. */
    void write(PlotFormat format, Path file) {
        try (OutputStream out = Files.newOutputStream(file)) {
            switch (format) {
                case PNG -> writePng(out);
                case SVG -> writeSvg(out);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void writePng(OutputStream out) throws IOException {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            paint(g);
        } finally {
            g.dispose();
        }
        if (!ImageIO.write(image, "png", out)) {
            throw new IOException("no PNG writer in this Java runtime");
        }
    }

    private void writeSvg(OutputStream out) throws IOException {
        VectorGraphics2D g = new VectorGraphics2D();
        paint(g);
        new SVGProcessor().getDocument(g.getCommands(), new PageSize(0, 0, width, height)).writeTo(out);
    }
}
