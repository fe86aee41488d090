package org.hpcsim.topology;

import java.util.Arrays;

/** Node id lists written as comma-separated ids and ranges, such as {@code 0-3,7,9-11}. */
public final class NodeRanges {
    private NodeRanges() {
    }

    /** The ids, ascending and distinct; the IllegalArgumentException says what was malformed. */
    public static int[] parse(String text) {
        int[] ids = new int[16];
        int count = 0;
        for (String part : text.split(",")) {
            String p = part.strip();
            if (p.isEmpty()) {
                throw new IllegalArgumentException("empty entry in node list '" + text + "'");
            }
            int dash = p.indexOf('-', 1);
            int from = id(dash < 0 ? p : p.substring(0, dash), text);
            int to = dash < 0 ? from : id(p.substring(dash + 1), text);
            if (to < from) {
                throw new IllegalArgumentException("range " + p + " runs backwards in '" + text + "'");
            }
            for (long v = from; v <= to; v++) {
                if (count == ids.length) {
                    ids = Arrays.copyOf(ids, 2 * count);
                }
                ids[count++] = (int) v;
            }
        }
        int[] sorted = Arrays.copyOf(ids, count);
        Arrays.sort(sorted);
        for (int i = 1; i < sorted.length; i++) {
            if (sorted[i] == sorted[i - 1]) {
                throw new IllegalArgumentException("node " + sorted[i] + " is listed twice in '" + text + "'");
            }
        }
        return sorted;
    }

    /** Ascending distinct ids written as {@link #parse} reads them, runs as ranges: {@code 0-3,7}. */
    public static String format(int[] ids) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < ids.length; ) {
            int j = i;
            while (j + 1 < ids.length && ids[j + 1] == ids[j] + 1) {
                j++;
            }
            sb.append(sb.length() == 0 ? "" : ",").append(ids[i]);
            if (j > i) {
                sb.append('-').append(ids[j]);
            }
            i = j + 1;
        }
        return sb.toString();
    }

    /** {@code node 17} for one id, {@code nodes 0-31,40} for several. */
    public static String describe(int[] ids) {
        return ids.length == 1 ? "node " + ids[0] : "nodes " + format(ids);
    }

    private static int id(String s, String text) {
        try {
            int v = Integer.parseInt(s.strip());
            if (v >= 0) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException("expected node ids such as 0-3,7 but got '" + s.strip() + "' in '" + text + "'");
    }
}
