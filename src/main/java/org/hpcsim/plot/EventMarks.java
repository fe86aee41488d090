package org.hpcsim.plot;

import java.awt.BasicStroke;
import java.awt.Color;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A run's events ({@code events.csv}) as vertical marks on its time series: the scenario's events
 * (scripted, injected or typed at the console: cause {@code scenario}) as thin lines across the chart,
 * and the node failures and repairs a failure model drew, often thousands, as short ticks along the
 * chart's top edge (failures in the top row, repairs in the row under it). Each kind keeps at most one mark per {@link TimeSeriesPlots#BUCKETS}-th of the time
 * axis (at the first event in it), so drawing stays bounded however many events there are; the legend
 * counts the events.
 */
final class EventMarks {
    /** A row of ticks is this share of the y range high. */
    private static final double TICK = 0.04;
    private static final BasicStroke THIN = new BasicStroke(1f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER);
    private static final Color SCENARIO = new Color(60, 60, 60);

    /**
     * One kind of mark: its legend name (without the count), its row of ticks from the top (0, 1) or -1
     * for lines across, its colour, its event times.
     */
    private record Kind(String name, int row, Color color, List<Double> times) {
    }

    private final List<Kind> kinds;

    private EventMarks(List<Kind> kinds) {
        this.kinds = kinds;
    }

    /**
     * Reads the events; none when the file does not exist.
     *
     * @throws org.hpcsim.workload.InputException naming the file, line and column of bad input
     */
    static EventMarks read(Path eventsCsv) {
        Kind scenario = new Kind("scenario events", -1, SCENARIO, new ArrayList<>());
        Map<String, Kind> drawn = new LinkedHashMap<>();
        if (Files.exists(eventsCsv)) {
            try (Csv csv = Csv.open(eventsCsv)) {
                int cTime = csv.column("time");
                int cEvent = csv.column("event");
                int cCause = csv.column("cause");
                while (csv.next()) {
                    double time = csv.number(cTime);
                    if (Double.isNaN(time)) {
                        throw csv.bad(cTime, "empty: every event has a time");
                    }
                    String event = csv.text(cEvent).strip();
                    String cause = csv.text(cCause).strip();
                    if (cause.equals("scenario")) {
                        scenario.times().add(time);
                    } else if (event.equals("fail") || event.equals("repair")) {
                        // A model's failures, then its repairs, in the order the models first appear.
                        drawn.computeIfAbsent("fail " + cause, k -> new Kind("failures, " + cause, 0,
                                Palette.SERIES[3], new ArrayList<>()));
                        drawn.computeIfAbsent("repair " + cause, k -> new Kind("repairs, " + cause, 1,
                                Palette.SERIES[2], new ArrayList<>()));
                        drawn.get(event + " " + cause).times().add(time);
                    }
                }
            }
        }
        List<Kind> kinds = new ArrayList<>();
        if (!scenario.times().isEmpty()) {
            kinds.add(scenario);
        }
        for (Kind k : drawn.values()) {
            if (!k.times().isEmpty()) {
                kinds.add(k);
            }
        }
        return new EventMarks(kinds);
    }

    /**
     * Adds the marks to a figure whose axes are set: time across [0, {@code end}] seconds drawn times
     * {@code scale}, the y range as the figure has it.
     */
    void draw(Figure f, double end, double scale) {
        double[] y = f.yRange();
        double bucket = end > 0 ? end / TimeSeriesPlots.BUCKETS : 1;
        for (Kind k : kinds) {
            double[] px = new double[3 * k.times().size()];
            double[] py = new double[px.length];
            int p = 0;
            long last = Long.MIN_VALUE;
            for (double t : k.times()) {
                long b = (long) Math.floor(t / bucket);
                if (b == last) {
                    continue;
                }
                last = b;
                double tickTop = y[1] - k.row() * TICK * (y[1] - y[0]);
                px[p] = t * scale;
                py[p++] = k.row() < 0 ? y[0] : tickTop - TICK * (y[1] - y[0]);
                px[p] = t * scale;
                py[p++] = k.row() < 0 ? y[1] : tickTop;
                px[p] = t * scale;
                py[p++] = Double.NaN;
            }
            f.line(k.name() + " (" + Numbers.count(k.times().size()) + ")",
                    new Points(Arrays.copyOf(px, p), Arrays.copyOf(py, p)), k.color()).setLineStyle(THIN);
        }
    }
}
