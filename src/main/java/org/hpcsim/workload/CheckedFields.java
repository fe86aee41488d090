package org.hpcsim.workload;

import java.nio.file.Path;
import org.hpcsim.time.SimTime;

/**
 * A reader's current line's fields, parsed or reported as bad input naming the file, the line and
 * the field ("field 3 (runtime)"): the one place every trace reader's field errors are worded.
 */
final class CheckedFields {
    private final Fields fields;
    private final Path file;
    private final TraceLines lines;
    private final String[] names;

    CheckedFields(Fields fields, Path file, TraceLines lines, String[] names) {
        this.fields = fields;
        this.file = file;
        this.lines = lines;
        this.names = names;
    }

    /** Field i as microseconds of a number of seconds. */
    long time(int field) {
        try {
            return fields.seconds(field);
        } catch (NumberFormatException | ArithmeticException e) {
            throw error(field, Fields.timeProblem(e));
        }
    }

    long integer(int field) {
        try {
            return fields.integer(field);
        } catch (NumberFormatException e) {
            throw error(field, "an integer");
        }
    }

    double real(int field) {
        try {
            return fields.real(field);
        } catch (NumberFormatException e) {
            throw error(field, "a number");
        }
    }

    /** What an SWF field holds: -1 for unknown, else a value that is not negative. */
    private static final String UNKNOWN_OR_NOT_NEGATIVE = "-1 (unknown) or a non-negative number";

    /** Field i as {@link #time}, -1 s (unknown) or not negative. */
    long unknownOrNonNegativeTime(int field) {
        long v = time(field);
        if (v < 0 && v != -SimTime.MICROS_PER_SECOND) {
            throw error(field, UNKNOWN_OR_NOT_NEGATIVE);
        }
        return v;
    }

    /** Field i as {@link #integer}, -1 (unknown) or not negative. */
    long unknownOrNonNegativeInteger(int field) {
        long v = integer(field);
        if (v < -1) {
            throw error(field, UNKNOWN_OR_NOT_NEGATIVE);
        }
        return v;
    }

    /** Field i as {@link #real}, -1 (unknown) or not negative. */
    double unknownOrNonNegativeReal(int field) {
        double v = real(field);
        if (v < 0 && v != -1) {
            throw error(field, UNKNOWN_OR_NOT_NEGATIVE);
        }
        return v;
    }

    /** Field i as {@link #unknownOrNonNegativeInteger} within an int: a processor count. */
    long unknownOrNonNegativeCount(int field) {
        return withinInt(field, unknownOrNonNegativeInteger(field));
    }

    /** A count the simulation holds as an int: a larger one is an error, never clamped. */
    private long withinInt(int field, long v) {
        if (v > Integer.MAX_VALUE) {
            throw new InputException(file, lines.number(), name(field), "'" + fields.text(field)
                    + "' is more than the maximum, " + Integer.MAX_VALUE);
        }
        return v;
    }

    private String name(int field) {
        return "field " + (field + 1) + " (" + names[field] + ")";
    }

    /** Field i is not {@code what}. */
    InputException error(int field, String what) {
        return new InputException(file, lines.number(), name(field), "'" + fields.text(field) + "' is not " + what);
    }
}
