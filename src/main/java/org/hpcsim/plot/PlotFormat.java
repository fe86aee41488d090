package org.hpcsim.plot;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;
import org.hpcsim.workload.InputException;

/** The file formats a plot is written in. */
public enum PlotFormat {
    PNG, SVG;

    /** The file name extension, without the dot. */
    public String extension() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * Parses a comma-separated list such as {@code png,svg}.
     *
     * @throws InputException naming {@code option} for an unknown or empty list
     */
    public static Set<PlotFormat> parseList(String text, String option) {
        Set<PlotFormat> formats = EnumSet.noneOf(PlotFormat.class);
        for (String part : text.split(",")) {
            String p = part.strip().toUpperCase(Locale.ROOT);
            try {
                formats.add(valueOf(p));
            } catch (IllegalArgumentException e) {
                throw new InputException(option + ": unknown format '" + part.strip() + "' (expected png, svg or both: png,svg)");
            }
        }
        return formats;
    }
}
