package org.hpcsim.events;

import java.util.Locale;
import org.hpcsim.kernel.SimTime;

/**
 * One event injected at a simulated time. Text form: {@code at TIME TARGET INDEX ACTION [VALUE]},
 * TIME a number with unit s, m, h or d (bare = seconds). Targets and actions:
 * <ul>
 *   <li>{@code crac K fail} / {@code crac K repair}: CRAC unit K stops / works again;</li>
 *   <li>{@code crac K supply 22C}: unit K supplies a fixed 22 C; {@code crac K supply auto}: it returns
 *       to raising its supply as far as the redline allows.</li>
 * </ul>
 *
 * @param time   when, microseconds
 * @param unit   the CRAC unit
 * @param action what happens
 * @param supply the fixed supply temperature (C) for {@link Action#SUPPLY}, NaN for automatic
 * @param text   the event as written
 */
public record ScenarioEvent(long time, int unit, Action action, double supply, String text) {

    /** What an event does. */
    public enum Action { FAIL, REPAIR, SUPPLY }

    /** Parses one event; the message of the IllegalArgumentException says what was expected. */
    public static ScenarioEvent parse(String text) {
        String[] w = text.strip().split("\\s+");
        if (w.length < 4 || !w[0].equalsIgnoreCase("at")) {
            throw new IllegalArgumentException("expected 'at TIME crac K fail|repair|supply T', got '" + text + "'");
        }
        long time = time(w[1]);
        String target = w[2].toLowerCase(Locale.ROOT);
        if (!target.equals("crac")) {
            throw new IllegalArgumentException("unknown event target '" + w[2] + "' in '" + text
                    + "' (expected crac)");
        }
        int unit;
        try {
            unit = Integer.parseInt(w[3]);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("expected a CRAC unit number after 'crac', got '" + w[3] + "'");
        }
        if (unit < 0) {
            throw new IllegalArgumentException("CRAC unit must be >= 0, got " + unit);
        }
        String verb = w.length > 4 ? w[4].toLowerCase(Locale.ROOT) : "";
        switch (verb) {
            case "fail", "repair" -> {
                if (w.length != 5) {
                    throw new IllegalArgumentException("unexpected text after '" + verb + "' in '" + text + "'");
                }
                return new ScenarioEvent(time, unit, verb.equals("fail") ? Action.FAIL : Action.REPAIR, Double.NaN,
                        text.strip());
            }
            case "supply" -> {
                if (w.length != 6) {
                    throw new IllegalArgumentException("expected 'supply T' (e.g. 22C) or 'supply auto' in '" + text + "'");
                }
                return new ScenarioEvent(time, unit, Action.SUPPLY, supply(w[5]), text.strip());
            }
            default -> throw new IllegalArgumentException("unknown CRAC action '" + verb + "' in '" + text
                    + "' (expected fail, repair or supply)");
        }
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
    static long time(String word) {
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
}
