package org.hpcsim.config;

import static org.hpcsim.config.ConfigValues.fail;
import static org.hpcsim.config.ConfigValues.strings;

import com.typesafe.config.Config;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.hpcsim.events.EventFile;
import org.hpcsim.events.ScenarioEvent;

/** Reads the events injected at simulated times: those of key {@code events}, then those of the events file. */
final class EventsReader {

    private EventsReader() {
    }

    /** {@code eventsFile} is {@link org.hpcsim.failure.FailureOptions#eventsFile}, or null. */
    static List<ScenarioEvent> read(Config c, Path eventsFile) {
        List<ScenarioEvent> events = new ArrayList<>();
        List<String> texts = strings(c, "events");
        for (int i = 0; i < texts.size(); i++) {
            try {
                events.add(ScenarioEvent.parse(texts.get(i), "events[" + i + "]"));
            } catch (IllegalArgumentException e) {
                throw fail(c, "events", "event " + (i + 1) + ": " + e.getMessage());
            }
        }
        if (eventsFile != null) {
            events.addAll(EventFile.read(eventsFile));
        }
        return List.copyOf(events);
    }
}
