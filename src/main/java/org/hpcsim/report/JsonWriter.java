package org.hpcsim.report;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Writes a JSON object in insertion order (the summary file, allocation results). Values may be
 * strings, numbers, booleans, null, nested writers, {@code int[]}, {@code long[]} and lists of
 * these. Reals are written in {@link Double#toString}'s shortest form, integers as they are.
 */
public final class JsonWriter {
    private final Map<String, Object> fields = new LinkedHashMap<>();

    public JsonWriter put(String key, Object value) {
        fields.put(key, value);
        return this;
    }

    /**
     * Rounds every real, in nested writers and lists too, to {@code decimals} places (half to even from
     * its exact value), so that a double's last-bit noise (30.000000000000004) is not written.
     */
    public JsonWriter roundReals(int decimals) {
        fields.replaceAll((key, value) -> rounded(value, decimals));
        return this;
    }

    private static Object rounded(Object v, int decimals) {
        if (v instanceof Double d && Double.isFinite(d)) {
            return new BigDecimal(d).setScale(decimals, RoundingMode.HALF_EVEN).doubleValue();
        }
        if (v instanceof JsonWriter w) {
            return w.roundReals(decimals);
        }
        if (v instanceof List<?> list) {
            return list.stream().map(e -> rounded(e, decimals)).toList();
        }
        return v;
    }

    /** Indented, one field per line, ending with a newline. */
    public String render() {
        StringBuilder sb = new StringBuilder();
        object(sb, "\n", "  ");
        return sb.append('\n').toString();
    }

    /** On one line without spaces (one result per line). */
    public String renderCompact() {
        StringBuilder sb = new StringBuilder();
        object(sb, null, null);
        return sb.toString();
    }

    private void object(StringBuilder sb, String newline, String indent) {
        if (fields.isEmpty()) {
            sb.append("{}");
            return;
        }
        String inner = newline == null ? null : newline + indent;
        sb.append('{');
        int i = 0;
        for (Map.Entry<String, Object> e : fields.entrySet()) {
            if (inner != null) {
                sb.append(inner);
            }
            string(sb, e.getKey());
            sb.append(inner == null ? ":" : ": ");
            value(sb, e.getValue(), inner, indent);
            if (++i < fields.size()) {
                sb.append(',');
            }
        }
        if (newline != null) {
            sb.append(newline);
        }
        sb.append('}');
    }

    private static void value(StringBuilder sb, Object v, String newline, String indent) {
        if (v instanceof JsonWriter w) {
            w.object(sb, newline, indent);
        } else if (v instanceof int[] a) {
            sb.append('[');
            for (int i = 0; i < a.length; i++) {
                sb.append(i > 0 ? "," : "").append(a[i]);
            }
            sb.append(']');
        } else if (v instanceof long[] a) {
            sb.append('[');
            for (int i = 0; i < a.length; i++) {
                sb.append(i > 0 ? "," : "").append(a[i]);
            }
            sb.append(']');
        } else if (v instanceof List<?> list) {
            sb.append('[');
            for (int i = 0; i < list.size(); i++) {
                if (i > 0) {
                    sb.append(',');
                }
                value(sb, list.get(i), null, null);
            }
            sb.append(']');
        } else {
            scalar(sb, v);
        }
    }

    private static void scalar(StringBuilder sb, Object v) {
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
