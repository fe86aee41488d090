package org.hpcsim.workload;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** The trace formats hpcsim reads; {@code auto} picks one from the file name. */
public enum TraceFormat {
    SWF("swf", ".swf", "Standard Workload Format of the Parallel Workloads Archive (.swf, .swf.gz)"),
    SIM("sim", ".sim", "SST scheduler job list: arrival procs runtime estimate [options] (.sim)"),
    FOUR_COLUMN("four-column", ".4col", "submit procs runtime requested, one job per line (.4col)");

    private final String key;
    private final String extension;
    private final String description;

    TraceFormat(String key, String extension, String description) {
        this.key = key;
        this.extension = extension;
        this.description = description;
    }

    public String key() {
        return key;
    }

    public String description() {
        return description;
    }

    /** The file name ending that auto-detection recognises (also with {@code .gz} after it). */
    public String extension() {
        return extension;
    }

    public TraceReader open(Path file, WorkloadOptions options) throws IOException {
        return switch (this) {
            case SWF -> new SwfReader(file, options);
            case SIM -> new SimTraceReader(file, options);
            case FOUR_COLUMN -> new FourColumnReader(file, options);
        };
    }

    /** The keys of every format, comma-separated, for messages. */
    public static String keys() {
        return Arrays.stream(values()).map(TraceFormat::key).collect(Collectors.joining(", "));
    }

    /** The format with this key, or null. */
    public static TraceFormat byKey(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        for (TraceFormat f : values()) {
            if (f.key.equals(n)) {
                return f;
            }
        }
        return null;
    }

    /** The format a file name implies ({@code .swf}, {@code .sim}, {@code .4col}, each optionally {@code .gz}), or null. */
    public static TraceFormat byFileName(Path file) {
        String name = file.getFileName() == null ? "" : file.getFileName().toString().toLowerCase(Locale.ROOT);
        if (name.endsWith(".gz")) {
            name = name.substring(0, name.length() - 3);
        }
        for (TraceFormat f : values()) {
            if (name.endsWith(f.extension)) {
                return f;
            }
        }
        return null;
    }

    /** Parses "auto" or a format key; auto looks at the file name. */
    public static TraceFormat resolve(String name, Path file) {
        TraceFormat f = byKey(name);
        if (f != null) {
            return f;
        }
        if (!name.toLowerCase(Locale.ROOT).equals("auto")) {
            throw new InputException("trace-format: unknown format '" + name + "' (known: auto, " + keys() + ")");
        }
        f = byFileName(file);
        if (f == null) {
            throw new InputException(file.toString(), 0, "trace-format",
                    "cannot tell the format from the file name; set trace-format to one of " + keys());
        }
        return f;
    }
}
