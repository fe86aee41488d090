package org.hpcsim.sim;

import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import org.hpcsim.feeder.TraceFeeder;
import org.hpcsim.kernel.ComponentType;
import org.hpcsim.kernel.Port;
import org.hpcsim.kernel.Protocols;
import org.hpcsim.link.Link;
import org.hpcsim.node.ComputeNode;
import org.hpcsim.report.BatsimJobsLog;
import org.hpcsim.report.FailureLog;
import org.hpcsim.report.BatsimEnergyLog;
import org.hpcsim.report.EnergyLog;
import org.hpcsim.report.IoLog;
import org.hpcsim.report.JobsLog;
import org.hpcsim.report.LinksCsv;
import org.hpcsim.report.ThermalLog;
import org.hpcsim.report.TimeSeriesLog;
import org.hpcsim.report.ViewSink;
import org.hpcsim.room.CracUnit;
import org.hpcsim.room.PowerMeter;
import org.hpcsim.room.HeatRecirculation;
import org.hpcsim.scheduler.Scheduler;
import org.hpcsim.link.IoNode;

/**
 * Every kind of component a run may have, described as SST's {@code sst-info} describes an element
 * library's components: what each is, the protocol it accepts and its records, the ports it sends on
 * (what goes out, to how many), and the configuration keys its instances are made with. What
 * {@code hpcsim list components} prints, and the table in docs/architecture.md.
 */
public final class ComponentCatalogue {

    /** The kinds, in the order {@link Assembly} adds them to a run. */
    public static final List<ComponentType<?>> KINDS = List.of(ComputeNode.TYPE, Scheduler.TYPE,
            TraceFeeder.TYPE, Link.TYPE, IoNode.TYPE, HeatRecirculation.TYPE, CracUnit.TYPE, JobsLog.TYPE,
            TimeSeriesLog.TYPE, LinksCsv.TYPE, ThermalLog.TYPE, PowerMeter.TYPE, FailureLog.TYPE, IoLog.TYPE,
            BatsimJobsLog.TYPE, EnergyLog.TYPE, BatsimEnergyLog.TYPE, ViewSink.TYPE);

    private ComponentCatalogue() {
    }

    /** The catalogue as plain text, a block per kind. */
    public static String text() {
        StringBuilder sb = new StringBuilder();
        for (ComponentType<?> k : KINDS) {
            sb.append(k.name()).append('\n');
            sb.append("  ").append(k.description()).append('\n');
            sb.append("  accepts ").append(k.protocol().getSimpleName()).append(": ").append(records(k)).append('\n');
            for (Port<?> p : k.ports()) {
                sb.append(String.format(Locale.ROOT, "  port %-10s %s, %s: %s%n", p.name(), kind(p),
                        p.protocol().getSimpleName(), p.description()));
            }
            for (ComponentType.Param p : k.parameters()) {
                sb.append(String.format(Locale.ROOT, "  key  %-26s %s%n", p.key(), p.description()));
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    /** The catalogue as a Markdown table, a row per kind. */
    public static String markdown() {
        StringBuilder sb = new StringBuilder("| kind | what it is | accepts | ports (sends on) | made with |\n");
        sb.append("|---|---|---|---|---|\n");
        for (ComponentType<?> k : KINDS) {
            String ports = k.ports().stream().map(p -> "`" + p.name() + "` (" + kind(p) + " "
                    + p.protocol().getSimpleName() + "): " + p.description()).collect(Collectors.joining("<br>"));
            String keys = k.parameters().stream().map(p -> "`" + p.key() + "`: " + p.description())
                    .collect(Collectors.joining("<br>"));
            sb.append("| `").append(k.name()).append("` | ").append(k.description()).append(" | `")
                    .append(k.protocol().getSimpleName()).append("`: ").append(records(k)).append(" | ")
                    .append(ports.isEmpty() ? "none" : ports).append(" | ").append(keys).append(" |\n");
        }
        return sb.toString();
    }

    private static String records(ComponentType<?> k) {
        return Protocols.records(k.protocol()).stream().map(Class::getSimpleName).sorted()
                .collect(Collectors.joining(", "));
    }

    private static String kind(Port<?> p) {
        return switch (p.kind()) {
            case ONE -> "one";
            case OPTIONAL -> "one or none";
            case MANY -> "many";
        };
    }
}
