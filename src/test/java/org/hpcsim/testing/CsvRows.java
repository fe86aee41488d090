package org.hpcsim.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.hpcsim.plot.Csv;

/** The rows of an output CSV file (RFC 4180 quoting, no line breaks in fields) as column -> value. */
public final class CsvRows {
    private CsvRows() {
    }

    /** Every row after the header, in file order; a row with another number of fields fails the test. */
    public static List<Map<String, String>> read(Path file) {
        String[] lines = Runs.read(file).split("\n");
        List<String> header = Csv.fields(lines[0]);
        List<Map<String, String>> rows = new ArrayList<>();
        for (int i = 1; i < lines.length; i++) {
            List<String> f = Csv.fields(lines[i]);
            assertEquals(header.size(), f.size(), file.getFileName() + ": " + lines[i]);
            Map<String, String> row = new LinkedHashMap<>();
            for (int c = 0; c < f.size(); c++) {
                row.put(header.get(c), f.get(c));
            }
            rows.add(row);
        }
        return rows;
    }
}
