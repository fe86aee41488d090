package org.hpcsim.workload;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;

/** The trace formats hpcsim reads; {@code auto} picks one from the file name. */
public enum TraceFormat {
    SWF("swf", "Standard Workload Format of the Parallel Workloads Archive (.swf, .swf.gz)"),
    SIM("sim", "SST scheduler job list: arrival procs runtime estimate [options] (.sim)");

    private final String key;
    private final String description;

    TraceFormat(String key, String description) {
        this.key = key;
        this.description = description;
    }

    public String key() {
        return key;
    }

    public String description() {
        return description;
    }

    public TraceReader open(Path file, WorkloadOptions options) throws IOException {
        return this == SWF ? new SwfReader(file, options) : new SimTraceReader(file, options);
    }

    /** Parses "auto", "swf" or "sim"; auto looks at the file name. */
    public static TraceFormat resolve(String name, Path file) {
        String n = name.toLowerCase(Locale.ROOT);
        for (TraceFormat f : values()) {
            if (f.key.equals(n)) {
                return f;
            }
        }
        if (!n.equals("auto")) {
            throw new InputException("trace-format: unknown format '" + name + "' (known: auto, swf, sim)");
        }
        String file0 = file.getFileName() == null ? "" : file.getFileName().toString().toLowerCase(Locale.ROOT);
        if (file0.endsWith(".gz")) {
            file0 = file0.substring(0, file0.length() - 3);
        }
        if (file0.endsWith(".swf")) {
            return SWF;
        }
        if (file0.endsWith(".sim")) {
            return SIM;
        }
        throw new InputException(file.toString(), 0, "trace-format",
                "cannot tell the format from the file name; set trace-format to swf or sim");
    }
}
