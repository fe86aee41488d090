package org.hpcsim.config;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import com.typesafe.config.ConfigValueType;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.StringJoiner;
import org.hpcsim.time.SimTime;
import org.hpcsim.workload.InputException;

/**
 * The typed accessors the options readers share: each reads one key of the merged configuration and
 * reports a bad value as one {@link InputException} naming the key's file and line, so every reader
 * words the same mistake the same way.
 */
final class ConfigValues {

    private ConfigValues() {
    }

    static InputException fail(Config c, String key, String message) {
        return new InputException(source(c, key), line(c, key), key, message);
    }

    static String source(Config c, String key) {
        try {
            return ConfigLoader.originName(c.getValue(key).origin());
        } catch (ConfigException e) {
            return "configuration";
        }
    }

    private static long line(Config c, String key) {
        try {
            return Math.max(0, c.getValue(key).origin().lineNumber());
        } catch (ConfigException e) {
            return 0;
        }
    }

    /** Runs a check of the value of {@code key} that throws IllegalArgumentException, reported at the key. */
    static void check(Config c, String key, Runnable validation) {
        try {
            validation.run();
        } catch (IllegalArgumentException e) {
            throw fail(c, key, e.getMessage());
        }
    }

    static String string(Config c, String key) {
        try {
            return c.getString(key);
        } catch (ConfigException e) {
            throw ConfigLoader.fromConfigException(e, "configuration", key);
        }
    }

    /** A path, or null when the key is set to null. */
    static Path path(Config c, String key) {
        return c.getIsNull(key) ? null : Path.of(string(c, key));
    }

    static List<String> strings(Config c, String key) {
        try {
            return c.getStringList(key);
        } catch (ConfigException e) {
            throw fail(c, key, "expected a list of strings");
        }
    }

    static boolean bool(Config c, String key) {
        try {
            return c.getBoolean(key);
        } catch (ConfigException e) {
            throw fail(c, key, "expected true or false, got '" + c.getValue(key).unwrapped() + "'");
        }
    }

    private static int intValue(Config c, String key) {
        try {
            return c.getInt(key);
        } catch (ConfigException e) {
            throw fail(c, key, "expected an integer, got '" + c.getValue(key).unwrapped() + "'");
        }
    }

    static long longValue(Config c, String key) {
        try {
            return c.getLong(key);
        } catch (ConfigException e) {
            throw fail(c, key, "expected an integer, got '" + c.getValue(key).unwrapped() + "'");
        }
    }

    static int positiveInt(Config c, String key) {
        int v = intValue(c, key);
        if (v < 1) {
            throw fail(c, key, "must be >= 1, got " + v);
        }
        return v;
    }

    static int nonNegativeInt(Config c, String key) {
        int v = intValue(c, key);
        if (v < 0) {
            throw fail(c, key, "must be >= 0, got " + v);
        }
        return v;
    }

    static <E extends Enum<E>> E oneOf(Config c, String key, Class<E> type) {
        String v = string(c, key);
        for (E k : type.getEnumConstants()) {
            if (Scenario.spelling(k).equalsIgnoreCase(v)) {
                return k;
            }
        }
        StringJoiner known = new StringJoiner(", ");
        for (E k : type.getEnumConstants()) {
            known.add(Scenario.spelling(k));
        }
        throw fail(c, key, "unknown value '" + v + "' (expected " + known + ")");
    }

    static double number(Config c, String key) {
        try {
            return c.getDouble(key);
        } catch (ConfigException e) {
            throw fail(c, key, "expected a number, got '" + c.getValue(key).unwrapped() + "'");
        }
    }

    static double fraction(Config c, String key) {
        double v = number(c, key);
        if (!(v >= 0 && v <= 1)) {
            throw fail(c, key, "expected a number from 0 to 1, got " + v);
        }
        return v;
    }

    static double nonNegative(Config c, String key) {
        double v = number(c, key);
        if (!(v >= 0) || Double.isInfinite(v)) {
            throw fail(c, key, "expected a number >= 0, got " + v);
        }
        return v;
    }

    static double positive(Config c, String key) {
        double v = number(c, key);
        if (!(v > 0) || Double.isInfinite(v)) {
            throw fail(c, key, "expected a number > 0, got " + v);
        }
        return v;
    }

    static double finite(Config c, String key) {
        double v = number(c, key);
        if (!Double.isFinite(v)) {
            throw fail(c, key, "expected a finite number, got " + v);
        }
        return v;
    }

    /** A size in bytes: "512M", "10G" or a number. */
    static long bytes(Config c, String key) {
        try {
            long v = c.getBytes(key);
            if (v < 0) {
                throw fail(c, key, "must not be negative, got " + v);
            }
            return v;
        } catch (ConfigException e) {
            throw fail(c, key, "expected a size in bytes such as 512M or 10G, got " + c.getValue(key).unwrapped());
        }
    }

    /** A duration in microseconds: "5s", "250ms", "2h"; a bare number is seconds. */
    static long duration(Config c, String key) {
        long micros;
        try {
            if (c.getValue(key).valueType() == ConfigValueType.NUMBER) {
                micros = SimTime.fromSeconds(c.getDouble(key));
            } else {
                String raw = c.getString(key).strip();
                if (raw.matches("[0-9.]+")) {
                    micros = SimTime.parseSeconds(raw);
                } else {
                    Duration d = c.getDuration(key);
                    micros = d.getSeconds() * SimTime.MICROS_PER_SECOND + Math.round(d.getNano() / 1000.0);
                }
            }
        } catch (ConfigException | NumberFormatException e) {
            throw fail(c, key, "expected a duration such as 0s, 250ms or 2h, got '" + c.getValue(key).unwrapped() + "'");
        }
        if (micros < 0) {
            throw fail(c, key, "must not be negative");
        }
        return micros;
    }

    static long positiveDuration(Config c, String key) {
        long v = duration(c, key);
        if (v <= 0) {
            throw fail(c, key, "must be longer than 0");
        }
        return v;
    }
}
