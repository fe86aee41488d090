package org.hpcsim.report;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Collections;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.Map;
import org.hpcsim.workload.FileErrors;
import org.hpcsim.workload.InputException;

/**
 * A run's {@code summary.json} read back as its leaves, flattened to dotted paths
 * ({@code locality.mean.avg_pairwise_hops}) in file order, each with its value's exact text as
 * written (numbers are not re-formatted, so a sweep's results or a report repeat them exactly);
 * a JSON {@code null} (a block that does not apply, a metric without value) maps to null. An array
 * of strings or numbers (the warnings) is one leaf, its items joined by {@code "; "}.
 */
public final class SummaryJson {
    private static final JsonFactory JSON = new JsonFactory();

    /** Metrics that depend on the machine the run happened on, not on the simulation. */
    private static final java.util.Set<String> HOST_DEPENDENT = java.util.Set.of(
            "executor", "threads", "partitions", "wall_clock_s", "events_per_s", "peak_rss_mb", "actor_messages",
            "process_cpu_s", "peak_heap_mb", "heap_after_gc_mb", "windows", "window_step_s", "events_simulated",
            "speculation_waste", "window_events");

    private final Path file;
    private final Map<String, String> values;

    private SummaryJson(Path file, Map<String, String> values) {
        this.file = file;
        this.values = Collections.unmodifiableMap(values);
    }

    /** Reads {@code summary.json} (or the file given). */
    public static SummaryJson read(Path file) {
        Map<String, String> values = new LinkedHashMap<>();
        Deque<String> path = new ArrayDeque<>();
        try (JsonParser p = JSON.createParser(Files.newBufferedReader(file))) {
            String field = null;
            for (JsonToken t = p.nextToken(); t != null; t = p.nextToken()) {
                switch (t) {
                    case FIELD_NAME -> field = p.currentName();
                    case START_OBJECT -> {
                        if (field != null) {
                            path.addLast(field);
                            field = null;
                        }
                    }
                    case END_OBJECT -> path.pollLast();
                    case START_ARRAY -> {
                        String key = path.isEmpty() ? field : String.join(".", path) + "." + field;
                        StringBuilder items = new StringBuilder();
                        for (JsonToken i = p.nextToken(); i != JsonToken.END_ARRAY; i = p.nextToken()) {
                            if (i == null || i.isStructStart()) {
                                throw new InputException(file, p.currentLocation().getLineNr(), field,
                                        "a summary's arrays hold only strings and numbers");
                            }
                            items.append(items.length() == 0 ? "" : "; ").append(p.getText());
                        }
                        values.put(key, items.toString());
                        field = null;
                    }
                    default -> {
                        String key = path.isEmpty() ? field : String.join(".", path) + "." + field;
                        values.put(key, t == JsonToken.VALUE_NULL ? null : p.getText());
                        field = null;
                    }
                }
            }
        } catch (NoSuchFileException e) {
            throw new InputException(file, 0, null, "no such file (not a finished run?)");
        } catch (JsonParseException e) {
            throw new InputException(file, e.getLocation().getLineNr(), null, "not valid JSON: "
                    + e.getOriginalMessage());
        } catch (IOException e) {
            throw FileErrors.reading(file, null, e);
        }
        return new SummaryJson(file, values);
    }

    public Path file() {
        return file;
    }

    /** Every leaf, in file order (null values included). */
    public Map<String, String> values() {
        return values;
    }

    /** The exact text of a leaf, or null when it is null or absent. */
    public String text(String key) {
        return values.get(key);
    }

    /** A numeric leaf, or NaN when it is null, absent or not a number. */
    public double number(String key) {
        String v = values.get(key);
        if (v == null) {
            return Double.NaN;
        }
        try {
            return Double.parseDouble(v);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    /**
     * Whether a leaf describes what was simulated, so that it is the same for the same scenario on any
     * machine and at any thread count; wall-clock and CPU time, events per second, peak memory, the
     * dispatcher's threads and partitions and the count of Pekko's own messages are not.
     */
    public static boolean simulated(String key) {
        return !HOST_DEPENDENT.contains(key);
    }
}
