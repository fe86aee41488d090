package org.hpcsim.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Path;
import java.util.function.IntFunction;
import org.hpcsim.kernel.SimTime;
import org.hpcsim.output.OutputWriter;

/**
 * {@code links.csv}: at every instant some link's load changed, the {@code top} most loaded links
 * (load descending, then link id), one row each: {@code time,rank,link,endpoints,load,jobs}.
 * Loads are the summed flow weights of the jobs crossing the link.
 */
public final class LinksCsv {
    private static final LinksCsv OFF = new LinksCsv();

    private final Writer out;
    private final int top;
    private final IntFunction<String> describe;
    private final long[] load;
    private final int[] jobs;
    private final int[] best;

    private LinksCsv() {
        this.out = null;
        this.top = 0;
        this.describe = null;
        this.load = null;
        this.jobs = null;
        this.best = null;
    }

    private LinksCsv(Path file, int links, int top, IntFunction<String> describe) throws IOException {
        this.out = OutputWriter.open(file, 1 << 16);
        this.top = top;
        this.describe = describe;
        this.load = new long[links];
        this.jobs = new int[links];
        this.best = new int[Math.min(top, links)];
        out.write("time,rank,link,endpoints,load,jobs\n");
    }

    /** A writer that writes nothing. */
    public static LinksCsv off() {
        return OFF;
    }

    /** Writes to {@code file} for a machine of {@code links} links, naming each by {@code describe}. */
    public static LinksCsv open(Path file, int links, int top, IntFunction<String> describe) {
        try {
            return new LinksCsv(file, links, top, describe);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Whether links.csv is written (else the recorder need not sample it). */
    boolean on() {
        return out != null;
    }

    /** Link {@code link} now carries {@code newLoad} from {@code jobCount} jobs; only when {@link #on()}. */
    void changed(int link, long newLoad, int jobCount) {
        load[link] = newLoad;
        jobs[link] = jobCount;
    }

    /** Writes the instant's most loaded links: O(L log top) per sample; only when {@link #on()}. */
    void sample(long time) {
        int n = 0;
        for (int l = 0; l < load.length; l++) {
            if (load[l] == 0) {
                continue;
            }
            if (n < best.length) {
                best[n++] = l;
                for (int i = n - 1; i > 0 && heavier(best[i], best[i - 1]); i--) {
                    swap(i);
                }
            } else if (heavier(l, best[n - 1])) {
                best[n - 1] = l;
                for (int i = n - 1; i > 0 && heavier(best[i], best[i - 1]); i--) {
                    swap(i);
                }
            }
        }
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) {
            int l = best[i];
            SimTime.appendSeconds(sb, time);
            sb.append(',').append(i + 1).append(',').append(l).append(',').append(describe.apply(l)).append(',')
                    .append(load[l]).append(',').append(jobs[l]).append('\n');
        }
        try {
            out.append(sb);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private boolean heavier(int a, int b) {
        return load[a] > load[b] || (load[a] == load[b] && a < b);
    }

    private void swap(int i) {
        int t = best[i];
        best[i] = best[i - 1];
        best[i - 1] = t;
    }

    void close() {
        if (out == null) {
            return;
        }
        try {
            out.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
