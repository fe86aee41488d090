package org.hpcsim.events;

import java.util.Arrays;
import java.util.Locale;
import org.hpcsim.time.SimTime;
import org.hpcsim.topology.NodeRanges;

/**
 * One event injected at a simulated time. Text form (case-insensitive keywords), TIME a number with
 * unit s, m, h or d (bare = seconds), NODES a node id or ranges such as {@code 0-31,40}:
 * <ul>
 *   <li>{@code at TIME fail node N} / {@code at TIME repair node N} ({@code nodes NODES} for several):
 *       nodes stop, or work again;</li>
 *   <li>{@code at TIME drain nodes NODES} / {@code at TIME resume nodes NODES}: running jobs finish but
 *       no new job is placed on the nodes; they take jobs again;</li>
 *   <li>{@code at TIME fail link A-B} / {@code at TIME repair link A-B}: the link between neighbouring
 *       nodes A and B leaves routing, or returns;</li>
 *   <li>{@code at TIME crac K fail|repair} (also {@code fail crac K}, {@code repair crac K}): CRAC unit K
 *       stops, or works again;</li>
 *   <li>{@code at TIME crac K supply 22C}: unit K supplies a fixed 22 C; {@code crac K supply auto}: it
 *       returns to raising its supply as far as the redline allows;</li>
 *   <li>{@code at TIME pstate nodes NODES P}: the nodes move to power state P (a sleep state switches
 *       them off, a computing state on, as Batsim's SET_RESOURCE_STATE does; needs node power states);</li>
 *   <li>{@code at TIME power-cap WATTS} (8000, 8kW): the power cap of {@code easy-powercap} from then on.</li>
 * </ul>
 * Whether the nodes, link or unit exist is checked against the machine by {@link #check}.
 *
 * @param time    when, microseconds
 * @param kind    what happens
 * @param targets the nodes (ascending, distinct), the link's two end nodes as written, or the unit
 * @param value   the event's number: the fixed supply temperature (C) for {@link Kind#CRAC_SUPPLY}, NaN for
 *                automatic; the power state for {@link Kind#NODE_PSTATE}; the watts for {@link Kind#POWER_CAP}
 * @param text    the event as written
 * @param source  where it was given: {@code file:line}, {@code --inject}, {@code events[2]} or {@code console}
 */
public record ScenarioEvent(long time, Kind kind, int[] targets, double value, String text, String source) {

    /** What an event does, and to what. */
    public enum Kind {
        NODE_FAIL("fail", "node"), NODE_REPAIR("repair", "node"), NODE_DRAIN("drain", "node"),
        NODE_RESUME("resume", "node"), LINK_FAIL("fail", "link"), LINK_REPAIR("repair", "link"),
        CRAC_FAIL("fail", "crac"), CRAC_REPAIR("repair", "crac"), CRAC_SUPPLY("supply", "crac"),
        NODE_PSTATE("pstate", "node"), POWER_CAP("power-cap", "scheduler");

        private final String verb;
        private final String target;

        Kind(String verb, String target) {
            this.verb = verb;
            this.target = target;
        }

        /** The verb, as events.csv writes it: fail, repair, drain, resume, supply, pstate, power-cap. */
        public String verb() {
            return verb;
        }

        /** node, link, crac or scheduler. */
        public String target() {
            return target;
        }
    }

    private static final String FORMS = "'at TIME fail|repair|drain|resume node(s) N', 'at TIME fail|repair link A-B'"
            + ", 'at TIME crac K fail|repair|supply T', 'at TIME pstate nodes NODES P' or 'at TIME power-cap WATTS'";

    public ScenarioEvent {
        targets = targets.clone();
    }

    @Override
    public int[] targets() {
        return targets.clone();
    }

    /** The CRAC unit of a crac event. */
    public int unit() {
        return targets[0];
    }

    /** The event moved to another source (the same text and meaning). */
    public ScenarioEvent from(String newSource) {
        return new ScenarioEvent(time, kind, targets, value, text, newSource);
    }

    /** The fixed supply temperature of a CRAC_SUPPLY event (C), NaN for automatic. */
    public double supply() {
        return value;
    }

    /** The power state of a NODE_PSTATE event. */
    public int pstate() {
        return (int) value;
    }

    /** The target as events.csv writes it: {@code node 17}, {@code nodes 0-31}, {@code link 3-4}, {@code crac 0}. */
    public String targetLabel() {
        return switch (kind.target()) {
            case "node" -> NodeRanges.describe(targets);
            case "link" -> "link " + targets[0] + "-" + targets[1];
            case "scheduler" -> "power cap";
            default -> "crac " + targets[0];
        };
    }

    /** Parses one event; the message of the IllegalArgumentException says what was expected. */
    public static ScenarioEvent parse(String text, String source) {
        String[] w = text.strip().split("\\s+");
        if (w.length < 4 || !w[0].equalsIgnoreCase("at")) {
            throw new IllegalArgumentException("expected " + FORMS + ", got '" + text.strip() + "'");
        }
        long time = time(w[1]);
        String first = w[2].toLowerCase(Locale.ROOT);
        String clean = text.strip().replaceAll("\\s+", " ");
        if (first.equals("crac")) {
            return crac(time, w, clean, source);
        }
        if (first.equals("power-cap")) {
            if (w.length != 4) {
                throw new IllegalArgumentException("expected 'power-cap WATTS' (e.g. 8kW) in '" + clean + "'");
            }
            return new ScenarioEvent(time, Kind.POWER_CAP, new int[0], watts(w[3], clean), clean, source);
        }
        if (first.equals("pstate")) {
            if (w.length != 6 || !w[3].equalsIgnoreCase("node") && !w[3].equalsIgnoreCase("nodes")) {
                throw new IllegalArgumentException("expected 'pstate nodes NODES P' in '" + clean + "'");
            }
            int[] nodes;
            try {
                nodes = NodeRanges.parse(w[4]);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("bad node list '" + w[4] + "' in '" + clean + "': " + e.getMessage());
            }
            int pstate;
            try {
                pstate = Integer.parseInt(w[5]);
            } catch (NumberFormatException e) {
                pstate = -1;
            }
            if (pstate < 0) {
                throw new IllegalArgumentException("expected a power state number, got '" + w[5] + "' in '" + clean + "'");
            }
            return new ScenarioEvent(time, Kind.NODE_PSTATE, nodes, pstate, clean, source);
        }
        if (!first.equals("fail") && !first.equals("repair") && !first.equals("drain") && !first.equals("resume")) {
            throw new IllegalArgumentException("unknown event verb '" + w[2] + "' in '" + clean
                    + "' (expected fail, repair, drain, resume, crac, pstate or power-cap)");
        }
        String target = w[3].toLowerCase(Locale.ROOT);
        if (w.length != 5) {
            throw new IllegalArgumentException("expected '" + first + " " + target + " ID' in '" + clean + "'");
        }
        switch (target) {
            case "node", "nodes" -> {
                int[] nodes;
                try {
                    nodes = NodeRanges.parse(w[4]);
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException("bad node list '" + w[4] + "' in '" + clean + "': "
                            + e.getMessage());
                }
                Kind kind = switch (first) {
                    case "fail" -> Kind.NODE_FAIL;
                    case "repair" -> Kind.NODE_REPAIR;
                    case "drain" -> Kind.NODE_DRAIN;
                    default -> Kind.NODE_RESUME;
                };
                return new ScenarioEvent(time, kind, nodes, Double.NaN, clean, source);
            }
            case "link" -> {
                if (!first.equals("fail") && !first.equals("repair")) {
                    throw new IllegalArgumentException("a link can fail or be repaired, not " + first + ", in '"
                            + clean + "'");
                }
                return new ScenarioEvent(time, first.equals("fail") ? Kind.LINK_FAIL : Kind.LINK_REPAIR,
                        link(w[4], clean), Double.NaN, clean, source);
            }
            case "crac" -> {
                if (!first.equals("fail") && !first.equals("repair")) {
                    throw new IllegalArgumentException("a CRAC unit can fail or be repaired, not " + first + ", in '"
                            + clean + "' (supply changes read 'crac K supply 22C')");
                }
                return new ScenarioEvent(time, first.equals("fail") ? Kind.CRAC_FAIL : Kind.CRAC_REPAIR,
                        new int[] {unit(w[4])}, Double.NaN, clean, source);
            }
            default -> throw new IllegalArgumentException("unknown event target '" + w[3] + "' in '" + clean
                    + "' (expected node, nodes, link or crac)");
        }
    }

    private static ScenarioEvent crac(long time, String[] w, String clean, String source) {
        int unit = unit(w[3]);
        String verb = w.length > 4 ? w[4].toLowerCase(Locale.ROOT) : "";
        switch (verb) {
            case "fail", "repair" -> {
                if (w.length != 5) {
                    throw new IllegalArgumentException("unexpected text after '" + verb + "' in '" + clean + "'");
                }
                return new ScenarioEvent(time, verb.equals("fail") ? Kind.CRAC_FAIL : Kind.CRAC_REPAIR,
                        new int[] {unit}, Double.NaN, clean, source);
            }
            case "supply" -> {
                if (w.length != 6) {
                    throw new IllegalArgumentException("expected 'supply T' (e.g. 22C) or 'supply auto' in '" + clean + "'");
                }
                return new ScenarioEvent(time, Kind.CRAC_SUPPLY, new int[] {unit}, supply(w[5]), clean, source);
            }
            default -> throw new IllegalArgumentException("unknown CRAC action '" + verb + "' in '" + clean
                    + "' (expected fail, repair or supply)");
        }
    }

    private static int unit(String word) {
        try {
            int unit = Integer.parseInt(word);
            if (unit >= 0) {
                return unit;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException("expected a CRAC unit number (0, 1, ...), got '" + word + "'");
    }

    private static int[] link(String word, String clean) {
        int dash = word.indexOf('-');
        try {
            if (dash > 0) {
                int a = Integer.parseInt(word.substring(0, dash));
                int b = Integer.parseInt(word.substring(dash + 1));
                if (a >= 0 && b >= 0) {
                    return new int[] {a, b};
                }
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException("expected a link as two neighbouring node ids A-B (e.g. 3-4), got '" + word
                + "' in '" + clean + "'");
    }

    /**
     * Checks the event against the machine: its nodes exist, its link joins two neighbours
     * ({@code linkOf} gives the link id of two nodes or -1; null when the machine has no links), its
     * unit exists. The message says what is wrong; it does not name the source.
     */
    public void check(int nodes, java.util.function.IntBinaryOperator linkOf, int cracUnits) {
        switch (kind.target()) {
            case "node" -> {
                int last = targets[targets.length - 1];
                if (last >= nodes) {
                    throw new IllegalArgumentException("no node " + last + " (the machine has nodes 0-" + (nodes - 1)
                            + ") in '" + text + "'");
                }
            }
            case "link" -> {
                if (linkOf == null) {
                    throw new IllegalArgumentException("links fail only on a mesh or torus machine, in '" + text + "'");
                }
                for (int node : targets) {
                    if (node >= nodes) {
                        throw new IllegalArgumentException("no node " + node + " (the machine has nodes 0-"
                                + (nodes - 1) + ") in '" + text + "'");
                    }
                }
                if (linkOf.applyAsInt(targets[0], targets[1]) < 0) {
                    throw new IllegalArgumentException("nodes " + targets[0] + " and " + targets[1]
                            + " are not neighbours, so no link joins them, in '" + text + "'");
                }
            }
            case "scheduler" -> {
                // The scheduler's cap: checked against the run's scheduler where it is known.
            }
            default -> {
                if (targets[0] >= cracUnits) {
                    throw new IllegalArgumentException(cracUnits == 0
                            ? "no CRAC units: crac events need the thermal model (thermal.enabled = true), in '" + text + "'"
                            : "no CRAC unit " + targets[0] + " (units 0-" + (cracUnits - 1) + ") in '" + text + "'");
                }
            }
        }
    }

    /** Watts written 8000, 8000W, 8kW or 1.5MW. */
    private static double watts(String word, String clean) {
        String w = word.toLowerCase(Locale.ROOT);
        double scale = 1;
        if (w.endsWith("kw")) {
            scale = 1e3;
            w = w.substring(0, w.length() - 2);
        } else if (w.endsWith("mw")) {
            scale = 1e6;
            w = w.substring(0, w.length() - 2);
        } else if (w.endsWith("w")) {
            w = w.substring(0, w.length() - 1);
        }
        try {
            double v = Double.parseDouble(w) * scale;
            if (v > 0 && Double.isFinite(v)) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException("expected watts above 0 such as 8000 or 8kW, got '" + word + "' in '" + clean
                + "'");
    }

    private static double supply(String word) {
        if (word.equalsIgnoreCase("auto")) {
            return Double.NaN;
        }
        String digits = word.endsWith("C") || word.endsWith("c") ? word.substring(0, word.length() - 1) : word;
        try {
            double v = Double.parseDouble(digits);
            if (Double.isFinite(v)) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException("expected a supply temperature such as 22C, or auto, got '" + word + "'");
    }

    /** A time such as 3600s, 90m, 2h, 1.5d or 3600 (seconds), in microseconds. */
    public static long time(String word) {
        String w = word.toLowerCase(Locale.ROOT);
        double scale = 1;
        char last = w.isEmpty() ? ' ' : w.charAt(w.length() - 1);
        if (last == 's' || last == 'm' || last == 'h' || last == 'd') {
            scale = switch (last) {
                case 'm' -> 60;
                case 'h' -> 3600;
                case 'd' -> 86400;
                default -> 1;
            };
            w = w.substring(0, w.length() - 1);
        }
        try {
            double v = Double.parseDouble(w) * scale;
            if (v >= 0 && v <= 1e12) {
                return SimTime.fromSeconds(v);
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException("expected a time such as 3600s, 90m, 2h or 1d, got '" + word + "'");
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ScenarioEvent e && time == e.time && kind == e.kind && Arrays.equals(targets, e.targets)
                && Double.compare(value, e.value) == 0 && text.equals(e.text) && source.equals(e.source);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(targets) * 31 + text.hashCode();
    }

    @Override
    public String toString() {
        return text;
    }
}
