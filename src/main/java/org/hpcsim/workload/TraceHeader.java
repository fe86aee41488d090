package org.hpcsim.workload;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Header of a trace: the SWF {@code ; Label: value} comments in file order (repeated labels keep
 * their last value), with {@code MaxNodes} and {@code MaxProcs} read as their leading integer
 * ("32 (dual CPU)" is 32). Empty for formats without a header.
 */
public record TraceHeader(Map<String, String> fields) {
    private static final Pattern LEADING_INT = Pattern.compile("^\\s*(\\d+)");

    public static final TraceHeader EMPTY = new TraceHeader(Map.of());

    public TraceHeader {
        fields = Collections.unmodifiableMap(new LinkedHashMap<>(fields));
    }

    public OptionalInt maxNodes() {
        return leadingInt("MaxNodes");
    }

    public OptionalInt maxProcs() {
        return leadingInt("MaxProcs");
    }

    private OptionalInt leadingInt(String label) {
        String v = fields.get(label);
        if (v == null) {
            return OptionalInt.empty();
        }
        Matcher m = LEADING_INT.matcher(v);
        if (!m.find()) {
            return OptionalInt.empty();
        }
        try {
            int n = Integer.parseInt(m.group(1));
            return n > 0 ? OptionalInt.of(n) : OptionalInt.empty();
        } catch (NumberFormatException e) {
            return OptionalInt.empty();
        }
    }
}
