package org.hpcsim.cli;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.Writer;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.zip.GZIPOutputStream;
import org.hpcsim.output.AtomicFile;
import org.hpcsim.workload.InputException;
import org.hpcsim.workload.TraceFormat;
import org.hpcsim.workload.TraceTransform;
import org.hpcsim.workload.WorkloadOptions;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code hpcsim trace transform}: read a trace, transform it, write it in any format. */
@Command(name = "transform", mixinStandardHelpOptions = true, sortOptions = false,
        description = {
            "Read a trace (SWF, .sim, four-column or Batsim .json; plain or gzip), transform it, write it to FILE.",
            "It writes SWF, .sim or four-column.",
            "With no transform option it converts between formats.",
        },
        footer = {
            "",
            "Transforms apply in this order: --scale-procs, --work-multiple, --replicate.",
            "--scale-procs D: every known processor count becomes ceil(procs / D), at least 1 (SWF: fields 5 and 8,"
                + " and the header's MaxProcs and MaxNodes).",
            "--work-multiple F: every known positive run time and requested time (SWF: also average CPU time) is"
                + " multiplied by F, rounded to the microsecond, at least 1 us; arrivals are kept.",
            "--replicate R: each job appears R times. Copies 2..R arrive floor(u * g) whole seconds later: u uniform"
                + " in [0, 1) from SplittableRandom(--seed), one draw per copy (copy 2 of every job in input order,"
                + " then copy 3, ...); g the mean gap between arrivals of the input's usable jobs, (last - first) /"
                + " (jobs - 1) seconds. In SWF, copy k of the job at input position i (0-based, of N) gets id"
                + " M + (k - 2) * N + i + 1, M the largest input id, and its preceding-job field points to the same"
                + " copy of that job.",
            "",
            "Output is in arrival order; ties keep input order, every copy 1 before any 2. In .sim and four-column"
                + " output a job's id is its position. Rejected jobs (unusable fields) are copied as read, not"
                + " transformed; reading the output rejects them again. SWF output keeps every field and header"
                + " comment of SWF input (MaxJobs and MaxRecords become the jobs written); fields another format lacks"
                + " are -1. Comment lines at the top note the transform. .sim options another format has no"
                + " place for are reported on stderr.",
            "",
            "Exit status: 0 success, 1 internal error, 2 bad input or usage (INPUT missing or malformed), 3 INPUT"
                + " could not be read or FILE written (no permission, an I/O error, a full disk); on any error FILE is"
                + " left as it was.",
        })
final class TraceTransformCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "INPUT", description = "Trace to read.")
    Path input;

    @Option(names = {"-o", "--out"}, required = true, paramLabel = "FILE",
            description = "Output trace, written to a temporary file beside it and then moved into place:"
                    + " on any error it is left as it was. A name ending in .gz is written gzip-compressed.")
    Path out;

    @Option(names = "--format", paramLabel = "FORMAT",
            description = "Output format: swf, sim or four-column (default: the input's format, which must"
                    + " then agree with FILE's extension .swf, .sim or .4col if it has one; for a Batsim input,"
                    + " the extension's).")
    String format;

    @Option(names = "--input-format", paramLabel = "FORMAT", defaultValue = "auto",
            description = "Input format: auto (SWF by its content, else by file name: .swf, .sim, .4col or .json,"
                    + " each also with .gz), swf, sim, four-column or batsim (default ${DEFAULT-VALUE}).")
    String inputFormat;

    @Option(names = "--scale-procs", paramLabel = "D", defaultValue = "1",
            description = "Divide processor counts by the integer D >= 1, rounding up (default ${DEFAULT-VALUE}).")
    int scaleProcs;

    @Option(names = "--work-multiple", paramLabel = "F", defaultValue = "1",
            description = "Multiply run times and requested times by F > 0 (default ${DEFAULT-VALUE}).")
    BigDecimal workMultiple;

    @Option(names = "--replicate", paramLabel = "R", defaultValue = "1",
            description = "Write each job R >= 1 times, copies delayed at random (default ${DEFAULT-VALUE}).")
    int replicate;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "1",
            description = "Seed of the copies' delays (default ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--swf-size", paramLabel = "FIELD", defaultValue = "allocated",
            description = "From SWF to another format, the processor count written: allocated (field 5,"
                    + " else 8) or requested (field 8, else 5) (default ${DEFAULT-VALUE}).")
    String swfSize;

    @Option(names = "--missing-estimate", paramLabel = "RULE", defaultValue = "runtime",
            description = "Estimate written for an SWF or four-column job with no requested time when it is"
                    + " written to another format (or from four-column to four-column): runtime, or a factor"
                    + " of the run time such as 2 (default ${DEFAULT-VALUE}).")
    String missingEstimate;

    @CommandLine.Mixin
    Quiet quiet;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        TraceTransform.Settings settings = settings();
        WorkloadOptions options = new WorkloadOptions(1, swfSize(), missingEstimate(), true);
        TraceFormat from = inputFormat();
        TraceFormat to = outputFormat(from);
        TraceTransform trace = TraceTransform.read(input, from, options);
        boolean compress = gzip(out.toAbsolutePath());
        TraceTransform.Summary summary = AtomicFile.write(out, "--out", raw -> {
            try (OutputStream stream = compress ? new GZIPOutputStream(raw, 1 << 16) : raw;
                 Writer w = new BufferedWriter(new OutputStreamWriter(stream, StandardCharsets.ISO_8859_1), 1 << 16)) {
                return trace.write(settings, to, w);
            }
        });
        report(summary, from, to, settings);
        return 0;
    }

    private TraceTransform.Settings settings() {
        if (scaleProcs < 1) {
            throw new InputException("--scale-procs: must be an integer >= 1, got " + scaleProcs);
        }
        if (workMultiple.signum() <= 0) {
            throw new InputException("--work-multiple: must be > 0, got " + workMultiple.toPlainString());
        }
        if (replicate < 1) {
            throw new InputException("--replicate: must be an integer >= 1, got " + replicate);
        }
        return new TraceTransform.Settings(scaleProcs, workMultiple, replicate, seed);
    }

    private WorkloadOptions.SwfSizeField swfSize() {
        return switch (swfSize.toLowerCase(Locale.ROOT)) {
            case "allocated" -> WorkloadOptions.SwfSizeField.ALLOCATED;
            case "requested" -> WorkloadOptions.SwfSizeField.REQUESTED;
            default -> throw new InputException("--swf-size: unknown value '" + swfSize
                    + "' (expected allocated or requested)");
        };
    }

    private double missingEstimate() {
        try {
            return WorkloadOptions.missingEstimateFactor(missingEstimate);
        } catch (IllegalArgumentException e) {
            throw new InputException("--missing-estimate: " + e.getMessage());
        }
    }

    private TraceFormat inputFormat() {
        if (!TraceFormat.known(inputFormat)) {
            throw new InputException("--input-format: unknown format '" + inputFormat + "' (known: auto, "
                    + TraceFormat.keys() + ")");
        }
        return TraceFormat.resolve(inputFormat, input, "--input-format", "--input-format");
    }

    private TraceFormat outputFormat(TraceFormat from) {
        TraceFormat named = TraceFormat.byFileName(out);
        if (format != null) {
            TraceFormat f = TraceFormat.byKey(format);
            if (f == null) {
                throw new InputException("--format: unknown format '" + format + "' (known: " + TraceFormat.writableKeys()
                        + ")");
            }
            if (!f.writable()) {
                throw new InputException("--format: hpcsim reads " + f.key() + " traces but does not write them (it"
                        + " writes " + TraceFormat.writableKeys() + ")");
            }
            return f;
        }
        if (!from.writable()) {
            // The input's format cannot be the output's: the name's, if it has one, else --format.
            if (named != null && named.writable()) {
                return named;
            }
            throw new InputException("--format: hpcsim reads " + from.key() + " traces but does not write them; give"
                    + " --format " + TraceFormat.writableKeys().replace(", ", " or "));
        }
        if (named != null && named != from) {
            throw new InputException(out.toString(), 0, "--out", "the name says " + named.key()
                    + " but the output format is " + from.key() + " (the input's); pass --format " + named.key()
                    + " or --format " + from.key());
        }
        return from;
    }

    private static boolean gzip(Path file) {
        Path name = file.getFileName();
        return name != null && name.toString().toLowerCase(Locale.ROOT).endsWith(".gz");
    }

    private void report(TraceTransform.Summary s, TraceFormat from, TraceFormat to, TraceTransform.Settings settings) {
        if (quiet.on) {
            return;
        }
        PrintWriter stdout = spec.commandLine().getOut();
        stdout.printf(Locale.ROOT, "hpcsim: wrote %d jobs to %s (%s) from %d jobs of %s (%s); transforms: %s%n",
                s.written(), out, to.key(), s.read(), input, from.key(), settings.describe());
        if (s.rejected() > 0) {
            stdout.printf(Locale.ROOT, "  %d rejected job%s (unusable fields) copied unchanged%n", s.rejected(),
                    s.rejected() == 1 ? "" : "s");
        }
        stdout.flush();
        PrintWriter err = spec.commandLine().getErr();
        if (s.optionsDropped() > 0) {
            err.printf(Locale.ROOT, "hpcsim: warning: the .sim options of %d job%s not written: %s has no place for them%n",
                    s.optionsDropped(), s.optionsDropped() == 1 ? " were" : "s were", to.key());
        }
        err.flush();
    }
}
