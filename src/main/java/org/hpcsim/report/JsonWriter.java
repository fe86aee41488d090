package org.hpcsim.report;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Writes a flat JSON object in insertion order (the summary file). Numbers are written with
 * {@link Double#toString}-style shortest repr for reals, integers as they are.
 */
public final class JsonWriter {
    private final Map<String, Object> fields = new LinkedHashMap<>();

    public JsonWriter put(String key, Object value) {
        fields.put(key, value);
        return this;
    }

    public String render() {
        StringBuilder sb = new StringBuilder("{\n");
        int i = 0;
        for (Map.Entry<String, Object> e : fields.entrySet()) {
            sb.append("  ");
            string(sb, e.getKey());
            sb.append(": ");
            value(sb, e.getValue());
            sb.append(++i < fields.size() ? ",\n" : "\n");
        }
        return sb.append("}\n").toString();
    }

    private static void value(StringBuilder sb, Object v) {
        if (v == null) {
            sb.append("null");
        } else if (v instanceof Double d) {
            if (d.isNaN() || d.isInfinite()) {
                sb.append("null");
            } else if (d == Math.rint(d) && Math.abs(d) < 1e15) {
                sb.append(String.format(Locale.ROOT, "%.1f", d));
            } else {
                sb.append(d);
            }
        } else if (v instanceof Number || v instanceof Boolean) {
            sb.append(v);
        } else {
            string(sb, v.toString());
        }
    }

    private static void string(StringBuilder sb, String s) {
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (c < 0x20) {
                        sb.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        sb.append('"');
    }
}
