package org.hpcsim.plot;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.hpcsim.workload.FileErrors;
import org.hpcsim.workload.InputException;

/**
 * One of a run's CSV files, read row by row with its header: columns are found by name, so files
 * that gained columns (a model that was on) read the same. Fields may be quoted ({@code "a, b"},
 * quotes doubled inside), as the run writes reasons and event effects. Public for the other readers
 * of a run's or sweep's CSV files (a comparison reads a sweep's results.csv).
 */
public final class Csv implements AutoCloseable {
    private final Path file;
    private final BufferedReader in;
    private final List<String> header;
    private final Map<String, Integer> columns = new HashMap<>();
    private final List<String> fields = new ArrayList<>();
    private final StringBuilder field = new StringBuilder();
    private long line = 1;

    private Csv(Path file, BufferedReader in, String header) {
        this.file = file;
        this.in = in;
        split(header);
        this.header = fields.stream().map(String::strip).toList();
        for (int i = 0; i < this.header.size(); i++) {
            columns.put(this.header.get(i), i);
        }
    }

    /**
     * Opens a file and reads its header.
     *
     * @throws InputException naming the file when it is missing, unreadable or empty
     */
    public static Csv open(Path file) {
        BufferedReader in = null;
        try {
            in = Files.newBufferedReader(file, StandardCharsets.UTF_8);
            String header = in.readLine();
            if (header == null) {
                throw new InputException(file, 1, null, "empty file: expected a header line");
            }
            return new Csv(file, in, header);
        } catch (IOException e) {
            throw FileErrors.reading(file, null, e);
        } catch (InputException e) {
            closeQuietly(in);
            throw e;
        }
    }

    private static void closeQuietly(BufferedReader in) {
        if (in != null) {
            try {
                in.close();
            } catch (IOException e) {
                // reporting the first error matters more
            }
        }
    }

    /** Whether the header names the column. */
    public boolean has(String column) {
        return columns.containsKey(column);
    }

    /**
     * The index of a column the file must have.
     *
     * @throws InputException naming the file and column when the header lacks it
     */
    public int column(String name) {
        Integer i = columns.get(name);
        if (i == null) {
            throw new InputException(file, 1, name, "missing column (header: " + String.join(",", header) + ")");
        }
        return i;
    }

    /** Reads the next non-blank row; false at the end of the file. */
    public boolean next() {
        try {
            String text;
            do {
                text = in.readLine();
                line++;
                if (text == null) {
                    return false;
                }
            } while (text.isBlank());
            split(text);
            return true;
        } catch (IOException e) {
            throw FileErrors.reading(file, null, e);
        }
    }

    /** The 1-based line number of the current row, for messages. */
    long line() {
        return line;
    }

    /** A field of the current row; empty when the row is shorter than the header. */
    public String text(int column) {
        return column < fields.size() ? fields.get(column) : "";
    }

    /**
     * A numeric field of the current row; NaN when it is empty.
     *
     * @throws InputException naming the file, line and column when it is not a number
     */
    public double number(int column) {
        String s = text(column).strip();
        if (s.isEmpty()) {
            return Double.NaN;
        }
        try {
            return Double.parseDouble(s);
        } catch (NumberFormatException e) {
            throw bad(column, "not a number: '" + s + "'");
        }
    }

    /** An error in a field of the current row. */
    InputException bad(int column, String message) {
        return new InputException(file, line, column < header.size() ? header.get(column) : null, message);
    }

    private void split(String text) {
        split(text, fields, field);
    }

    /** The fields of one CSV line (quoted fields may hold commas; a doubled quote inside is a quote). */
    public static List<String> fields(String text) {
        List<String> out = new ArrayList<>();
        split(text, out, new StringBuilder());
        return out;
    }

    private static void split(String text, List<String> fields, StringBuilder field) {
        fields.clear();
        field.setLength(0);
        boolean quoted = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < text.length() && text.charAt(i + 1) == '"') {
                    field.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    field.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                fields.add(field.toString());
                field.setLength(0);
            } else {
                field.append(c);
            }
        }
        fields.add(field.toString());
    }

    @Override
    public void close() {
        closeQuietly(in);
    }
}
