package org.hpcsim.events;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.hpcsim.workload.FileErrors;
import org.hpcsim.workload.InputException;

/**
 * A scenario file of events: one event per line in {@link ScenarioEvent}'s text form; {@code #}
 * starts a comment, blank lines are skipped. Errors name the file and line.
 */
public final class EventFile {
    private EventFile() {
    }

    /** The file's events in file order, each with source {@code file:line}. */
    public static List<ScenarioEvent> read(Path file) {
        List<ScenarioEvent> events = new ArrayList<>();
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            long number = 0;
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                number++;
                int hash = line.indexOf('#');
                String text = (hash < 0 ? line : line.substring(0, hash)).strip();
                if (text.isEmpty()) {
                    continue;
                }
                try {
                    events.add(ScenarioEvent.parse(text, file + ":" + number));
                } catch (IllegalArgumentException e) {
                    throw new InputException(file, number, "event", e.getMessage());
                }
            }
        } catch (IOException e) {
            throw FileErrors.reading(file, "events-file", e);
        }
        return events;
    }
}
