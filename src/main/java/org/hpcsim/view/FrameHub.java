package org.hpcsim.view;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.hpcsim.sim.LiveFrame;
import org.hpcsim.sim.LiveLayout;
import org.hpcsim.time.SimTime;

/**
 * Hands frames to every open page. {@link #publish} may be called on the run's own thread (between
 * instants), so it only queues the frame: one thread of the hub's own turns it into JSON once, adds its
 * point to the time series, and offers the text to each page's bounded queue, which drops what a slow
 * page cannot take. So the run pays the same for one page as for a hundred, and never waits for one.
 */
final class FrameHub implements AutoCloseable {
    /** Where a page's messages go; {@code send} never blocks. */
    interface Page {
        void send(String json);
    }

    /** The time series' columns, as the page's charts name them. */
    static final List<String> SERIES = List.of("t", "utilization", "queued", "queueWork", "itKw", "coolingKw",
            "hottest");
    /** Points kept; when full, every other one is dropped (the series stays evenly thinned). */
    static final int MAX_POINTS = 4096;

    private final LiveLayout layout;
    private final String mode;
    private final ExecutorService worker = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "hpcsim-view-hub");
        t.setDaemon(true);
        return t;
    });
    private final CopyOnWriteArrayList<Page> pages = new CopyOnWriteArrayList<>();
    private final double[][] series = new double[SERIES.size()][MAX_POINTS];
    private int points;
    private volatile String latest;
    /** How the run is being driven (speed, going on, until), for pages opened later; null before any. */
    private volatile String driven;
    private volatile CompletableFuture<String> nextFrame = new CompletableFuture<>();

    /** {@code mode}: {@code live} (a served run) or {@code recording} (a finished run's outputs). */
    FrameHub(LiveLayout layout, String mode) {
        this.layout = layout;
        this.mode = mode;
    }

    /** Queues a frame for every page; cheap, any thread. */
    void publish(LiveFrame frame) {
        worker.execute(() -> send(frame));
    }

    /** Tells every page how the run is driven now: {@code {"type":"controls",...}}. Any thread. */
    void controls(String json) {
        worker.execute(() -> {
            driven = json;
            for (Page page : pages) {
                page.send(json);
            }
        });
    }

    /** Adds a recorded time series point (a recording's, before any page opens). */
    void point(double... values) {
        worker.execute(() -> add(values));
    }

    private void send(LiveFrame f) {
        double[] p = point(f);
        add(p);
        String json = ViewJson.json(g -> {
            g.writeStartObject();
            g.writeStringField("type", "frame");
            ViewJson.frame(g, f);
            g.writeArrayFieldStart("point");
            for (double v : p) {
                if (Double.isFinite(v)) {
                    g.writeNumber(v);
                } else {
                    g.writeNull();
                }
            }
            g.writeEndArray();
            g.writeEndObject();
        });
        latest = json;
        nextFrame.complete(json);
        nextFrame = new CompletableFuture<>();
        for (Page page : pages) {
            page.send(json);
        }
    }

    private double[] point(LiveFrame f) {
        int n = f.nodeState().length;
        LiveFrame.RoomState r = f.room();
        return new double[] {SimTime.toSeconds(f.clock()), n == 0 ? 0 : (double) f.busy() / n, f.queued(),
            f.queueWork(), r == null ? Double.NaN : r.itPower() / 1000, r == null ? Double.NaN : r.coolingPower() / 1000,
            r == null ? Double.NaN : r.hottest()};
    }

    /** Appends a point, replacing the last one when it is of the same time (a pause shows its instant again). */
    private void add(double[] p) {
        if (points > 0 && series[0][points - 1] == p[0]) {
            points--;
        }
        if (points == MAX_POINTS) {
            for (double[] column : series) {
                for (int i = 0; i < MAX_POINTS / 2; i++) {
                    column[i] = column[2 * i];
                }
            }
            points = MAX_POINTS / 2;
        }
        for (int c = 0; c < p.length; c++) {
            series[c][points] = p[c];
        }
        points++;
    }

    /**
     * Opens a page: it gets the layout, the series so far and the latest frame, then every frame; on the
     * hub's thread, so nothing is missed or sent twice in between.
     */
    void open(Page page, boolean controls) {
        worker.execute(() -> {
            page.send(hello(controls));
            String last = latest;
            if (last != null) {
                page.send(last);
            }
            String d = driven;
            if (d != null) {
                page.send(d);
            }
            pages.add(page);
        });
    }

    void close(Page page) {
        pages.remove(page);
    }

    /** Pages open now. */
    int pages() {
        return pages.size();
    }

    /** The latest frame's message, or null before the first. */
    String latest() {
        return latest;
    }

    /** The next frame's message, once it is published. */
    CompletableFuture<String> next() {
        return nextFrame;
    }

    private String hello(boolean controls) {
        return ViewJson.json(g -> {
            g.writeStartObject();
            g.writeStringField("type", "hello");
            g.writeStringField("mode", mode);
            g.writeBooleanField("controls", controls);
            g.writeFieldName("layout");
            ViewJson.layout(g, layout);
            writeSeries(g);
            g.writeEndObject();
        });
    }

    private void writeSeries(JsonGenerator g) throws IOException {
        g.writeObjectFieldStart("series");
        for (int c = 0; c < SERIES.size(); c++) {
            g.writeArrayFieldStart(SERIES.get(c));
            for (double v : Arrays.copyOf(series[c], points)) {
                if (Double.isFinite(v)) {
                    g.writeNumber(v);
                } else {
                    g.writeNull();
                }
            }
            g.writeEndArray();
        }
        g.writeEndObject();
    }

    @Override
    public void close() {
        worker.shutdown();
        try {
            worker.awaitTermination(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
