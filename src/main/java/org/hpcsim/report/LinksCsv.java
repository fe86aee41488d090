package org.hpcsim.report;

import static org.hpcsim.kernel.ComponentType.param;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Path;
import java.util.function.IntFunction;
import org.hpcsim.kernel.ComponentType;
import org.hpcsim.kernel.Context;
import org.hpcsim.time.SimTime;
import org.hpcsim.kernel.UnhandledMessage;
import org.hpcsim.output.OutputWriter;
import org.hpcsim.protocol.LinksLogProtocol;
import org.hpcsim.protocol.Report;

/**
 * {@code links.csv}: at every instant some link's load changed, the {@code top} most loaded links
 * (load descending, then link id), one row each: {@code time,rank,link,endpoints,load,jobs}.
 * Loads are the summed flow weights of the jobs crossing the link. A sink on the links' loads.
 */
public final class LinksCsv extends FileSink<LinksLogProtocol> {

    /** The links' log: receives the links' loads; sends nothing. */
    public static final ComponentType<LinksLogProtocol> TYPE = ComponentType.of("links-log", LinksLogProtocol.class,
            "Writes links.csv: the most loaded links at every instant a link's load changed").withParameters(
                    param("network.links-csv", "on or off (links model)"),
                    param("network.links-csv-top", "how many links per instant")).asSink();

    private final Writer out;
    private final int top;
    private final IntFunction<String> describe;
    private final long[] load;
    private final int[] jobs;
    private final int[] best;
    private boolean pending;

    private LinksCsv(Path file, int links, int top, IntFunction<String> describe) throws IOException {
        this.out = OutputWriter.open(file, 1 << 16);
        this.top = top;
        this.describe = describe;
        this.load = new long[links];
        this.jobs = new int[links];
        this.best = new int[Math.min(top, links)];
        out.write("time,rank,link,endpoints,load,jobs\n");
    }

    /** Writes to {@code file} for a machine of {@code links} links, naming each by {@code describe}. */
    public static LinksCsv open(Path file, int links, int top, IntFunction<String> describe) {
        try {
            return new LinksCsv(file, links, top, describe);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Link {@code link} now carries {@code load} from {@code jobs} jobs: written as the instant ends. */
    @Override
    public void onMessage(LinksLogProtocol message, Context context) {
        if (message instanceof Report.LinkLoad l) {
            load[l.link()] = l.load();
            jobs[l.link()] = l.jobs();
            if (!pending) {
                pending = true;
                context.requestEndOfInstant();
            }
        } else {
            throw new UnhandledMessage(message);
        }
    }

    @Override
    public void onEndOfInstant(Context context) {
        if (pending) {
            pending = false;
            sample(context.now());
        }
    }

    /** Writes the instant's most loaded links: O(L log top) per sample. */
    private void sample(long time) {
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

    @Override
    protected void finish() throws IOException {
        out.close();
    }
}
