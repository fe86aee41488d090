package org.hpcsim.workload;

import java.nio.file.Path;

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

    /** Field i is not {@code what}. */
    InputException error(int field, String what) {
        return new InputException(file, lines.number(), "field " + (field + 1) + " (" + names[field] + ")",
                "'" + fields.text(field) + "' is not " + what);
    }
}
