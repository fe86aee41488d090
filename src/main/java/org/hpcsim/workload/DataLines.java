package org.hpcsim.workload;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The lines of a small data file (CSV and the like) that carry content: blank and {@code #} lines skipped. */
public final class DataLines {
    private DataLines() {
    }

    /**
     * One line with content.
     *
     * @param number the 1-based line number, for messages
     * @param text   the line, stripped
     */
    public record Line(int number, String text) {
    }

    /**
     * The file's content lines in order.
     *
     * @throws InputException naming the file when it cannot be read
     */
    public static List<Line> read(Path file) {
        List<String> all;
        try {
            all = Files.readAllLines(file);
        } catch (IOException e) {
            throw FileErrors.reading(file, null, e);
        }
        List<Line> out = new ArrayList<>();
        for (int n = 1; n <= all.size(); n++) {
            String text = all.get(n - 1).strip();
            if (!text.isEmpty() && !text.startsWith("#")) {
                out.add(new Line(n, text));
            }
        }
        return out;
    }
}
