package org.hpcsim.bench;

import java.io.BufferedWriter;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.hpcsim.output.AtomicFile;
import org.hpcsim.workload.SyntheticWorkload;

/** A synthetic SWF trace written to a file: by {@code hpcsim generate}, and into the bench trace cache. */
public final class SyntheticTraceFile {
    private SyntheticTraceFile() {
    }

    /** Writes the trace to {@code file} all or nothing ({@code option} names the file in errors). */
    public static void write(SyntheticWorkload.Spec spec, Path file, String option) {
        AtomicFile.write(file, option, stream -> {
            Writer w = new BufferedWriter(new OutputStreamWriter(stream, StandardCharsets.US_ASCII), 1 << 16);
            SyntheticWorkload.write(spec, w);
            w.flush();
            return null;
        });
    }
}
