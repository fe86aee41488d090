package org.hpcsim.workload;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The trace formats hpcsim reads; {@code auto} recognises SWF by its content, the others by file name.
 * All but Batsim's JSON workloads can also be written ({@code hpcsim trace transform}).
 */
public enum TraceFormat {
    SWF("swf", ".swf", "Standard Workload Format of the Parallel Workloads Archive (plain or gzip)"),
    SIM("sim", ".sim", "SST scheduler job list: arrival procs runtime estimate [options] (.sim)"),
    FOUR_COLUMN("four-column", ".4col", "submit procs runtime requested, one job per line (.4col)"),
    BATSIM("batsim", ".json", "Batsim JSON workload: nb_res, jobs, delay profiles (.json); read only");

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
            case BATSIM -> new BatsimWorkloadReader(file, options);
        };
    }

    /** Whether hpcsim writes traces in this format (it reads Batsim workloads but does not write them). */
    public boolean writable() {
        return this != BATSIM;
    }

    /** The keys of the formats hpcsim writes, comma-separated, for messages. */
    public static String writableKeys() {
        return Arrays.stream(values()).filter(TraceFormat::writable).map(TraceFormat::key)
                .collect(Collectors.joining(", "));
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

    /** The format a file name implies ({@code .swf}, {@code .sim}, {@code .4col}, {@code .json}, each optionally {@code .gz}), or null. */
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

    /**
     * The format of {@code file}: {@code name} is a format key, or {@code auto}. Auto recognises SWF by
     * its content, whatever the file is called: plain or gzip (by its magic bytes), its first line that
     * is neither blank nor a {@code ;} comment has {@value SwfRecord#FIELDS} numeric fields. Any other file
     * goes by its name: {@code .swf}, {@code .sim}, {@code .4col} or {@code .json} (a Batsim workload),
     * each also followed by {@code .gz}. ({@code .sim} and four-column lines cannot be told apart by
     * content: both start with four numbers.) A {@code .json} name is taken before the content is read:
     * JSON is never SWF, and a workload written on one line would make a long first line.
     *
     * @throws InputException for an unknown name, or a file that cannot be read or recognised
     */
    public static TraceFormat resolve(String name, Path file) {
        return resolve(name, file, "trace-format", "trace-format (--trace-format)");
    }

    /**
     * As {@link #resolve(String, Path)}, for a command that names the format otherwise: {@code field}
     * is what an error names, {@code setting} what it asks the user to set.
     */
    public static TraceFormat resolve(String name, Path file, String field, String setting) {
        TraceFormat f = byKey(name);
        if (f != null) {
            return f;
        }
        if (!name.toLowerCase(Locale.ROOT).equals("auto")) {
            throw new InputException("trace-format: unknown format '" + name + "' (known: auto, " + keys() + ")");
        }
        if (byFileName(file) == BATSIM) {
            return BATSIM;
        }
        FirstLine first = firstJobLine(file);
        if (first.swf()) {
            return SWF;
        }
        f = byFileName(file);
        if (f == null) {
            throw new InputException(file.toString(), first.number(), field, (first.number() == 0
                    ? "no job line, and "
                    : "not SWF (the first job line has " + first.fields() + " fields, not " + SwfRecord.FIELDS
                            + " numbers), and ")
                    + "the name ends in none of .swf, .sim, .4col, .json (each also .gz); set " + setting + " to one of "
                    + keys());
        }
        return f;
    }

    /** Whether {@code keyOrAuto} names a format, or is auto. */
    public static boolean known(String keyOrAuto) {
        return keyOrAuto.equalsIgnoreCase("auto") || byKey(keyOrAuto) != null;
    }

    /** The first line that is neither blank nor a {@code ;} comment: its number (0: none), field count, and whether it is SWF. */
    private record FirstLine(long number, int fields, boolean swf) {
    }

    private static FirstLine firstJobLine(Path file) {
        try (TraceLines lines = new TraceLines(file)) {
            String line = lines.nextData(';', null);
            if (line == null) {
                return new FirstLine(0, 0, false);
            }
            String[] fields = line.strip().split("\\s+");
            boolean swf = fields.length == SwfRecord.FIELDS;
            for (int i = 0; swf && i < fields.length; i++) {
                swf = NUMBER.matcher(fields[i]).matches();
            }
            return new FirstLine(lines.number(), fields.length, swf);
        } catch (IOException e) {
            throw FileErrors.reading(file, null, e);
        }
    }

    /** A decimal number as SWF writes one: -1, 3600, 12.5. */
    private static final Pattern NUMBER = Pattern.compile("[-+]?(\\d+\\.?\\d*|\\.\\d+)([eE][-+]?\\d+)?");
}
