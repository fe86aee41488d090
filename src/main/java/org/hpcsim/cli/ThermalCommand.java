package org.hpcsim.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.hpcsim.report.JsonWriter;
import org.hpcsim.thermal.Cooling;
import org.hpcsim.thermal.HeatModel;
import org.hpcsim.thermal.HeatModels;
import org.hpcsim.thermal.InletTemperatures;
import org.hpcsim.thermal.PowerModel;
import org.hpcsim.thermal.RoomLayout;
import org.hpcsim.thermal.ThermalProfile;
import org.hpcsim.topology.NodeRanges;
import org.hpcsim.workload.FileErrors;
import org.hpcsim.workload.InputException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code hpcsim thermal}: the room's inlet temperatures and cooling power for one power state, outside any simulation. */
@Command(name = "thermal", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Compute a machine room's inlet temperatures and cooling power for one power state.",
            "The inlets are T_in = T_sup + D P; then the adjusted supply temperature T_sup' = T_sup + T_red - max T_in,"
                + " the CoP and the cooling power (Meng et al., Eqs. 4-12).",
            "Give the heat model with exactly one of --d-matrix, --a-matrix or --synthetic."},
        footer = {"", "Example:",
            "  hpcsim thermal --d-matrix ../shared/thermal/sst_DMatrix4_5_2_v2014-06-16.txt \\",
            "      --busy 0-3,16"})
final class ThermalCommand implements Callable<Integer> {

    @Option(names = "--d-matrix", paramLabel = "FILE",
            description = "Heat-distribution matrix D (K/W): MatrixMarket, CSV rows or 0-based 'i j value' triplets.")
    Path dMatrix;

    @Option(names = "--a-matrix", paramLabel = "FILE",
            description = "Cross-interference matrix A (same formats); D = (K - A^T K)^-1 - K^-1, K = 293.49 W/K per node.")
    Path aMatrix;

    @Option(names = "--synthetic", description = "Use the synthetic recirculation model for the layout (no measured data).")
    boolean synthetic;

    @Option(names = "--layout", defaultValue = "2x5x4", paramLabel = "RxKxN",
            description = "Rows x racks per row x nodes per rack (default ${DEFAULT-VALUE}); node = slot + N rack + K N row.")
    String layout;

    @Option(names = "--power", paramLabel = "FILE",
            description = "Watts per node in node order, separated by spaces or new lines (# starts a comment).")
    Path powerFile;

    @Option(names = "--busy", paramLabel = "IDS",
            description = "Busy nodes, e.g. 0-3,7: they draw the busy power, the others idle power (default: all idle).")
    String busy;

    @Option(names = "--t-sup", defaultValue = "15", paramLabel = "C",
            description = "CRAC supply temperature, C (default ${DEFAULT-VALUE}); shifts the inlets, not T_sup' or the cooling power.")
    double tSup;

    @Option(names = "--t-red", defaultValue = "30", paramLabel = "C",
            description = "Redline inlet temperature, C (default ${DEFAULT-VALUE}).")
    double tRed;

    @Option(names = "--idle-power", defaultValue = "1000", paramLabel = "W", description = "Idle node power (default ${DEFAULT-VALUE}).")
    double idlePower;

    @Option(names = "--compute-power", defaultValue = "2500", paramLabel = "W",
            description = "Node power while computing (default ${DEFAULT-VALUE}).")
    double computePower;

    @Option(names = "--comm-power", defaultValue = "2000", paramLabel = "W",
            description = "Node power while communicating (default ${DEFAULT-VALUE}).")
    double commPower;

    @Option(names = "--comm-fraction", defaultValue = "0.3", paramLabel = "C",
            description = "Share of a busy node's time spent communicating (default ${DEFAULT-VALUE}).")
    double commFraction;

    @Option(names = "--profile", defaultValue = "paper", paramLabel = "NAME",
            description = "Whose constants (key thermal.profile): paper, or sst-2014 (SST's 2014 code: 1000 W idle /"
                    + " 3000 W busy nodes, D in SST's mesh order, cooling divided by 214.649 / 120; refuses the power"
                    + " options). Default ${DEFAULT-VALUE}.")
    String profileName;

    @Option(names = "--format", defaultValue = "text", paramLabel = "json|text", description = "Output (default ${DEFAULT-VALUE}).")
    String format;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        if (!format.equals("json") && !format.equals("text")) {
            throw new InputException("--format must be json or text, got '" + format + "'");
        }
        if ((dMatrix != null ? 1 : 0) + (aMatrix != null ? 1 : 0) + (synthetic ? 1 : 0) != 1) {
            throw new InputException("give the heat model with exactly one of --d-matrix, --a-matrix or --synthetic");
        }
        if (powerFile != null && busy != null) {
            throw new InputException("give the node powers with --power or --busy, not both");
        }
        if (!Double.isFinite(tSup) || !Double.isFinite(tRed)) {
            throw new InputException("--t-sup and --t-red must be finite temperatures");
        }
        RoomLayout room;
        PowerModel power;
        ThermalProfile profile;
        try {
            profile = ThermalProfile.parse(profileName);
        } catch (IllegalArgumentException e) {
            throw new InputException("--profile: " + e.getMessage());
        }
        try {
            room = RoomLayout.parse(layout, RoomLayout.MENG.serversPerNode(), RoomLayout.MENG.processorsPerServer());
            power = profile.nodePower(new PowerModel(idlePower, computePower, commPower, commFraction));
        } catch (IllegalArgumentException e) {
            throw new InputException(e.getMessage());
        }
        if (profile != ThermalProfile.PAPER) {
            for (String option : List.of("--idle-power", "--compute-power", "--comm-power")) {
                if (spec.commandLine().getParseResult().hasMatchedOption(option)) {
                    throw new InputException(option + ": --profile " + profile.key() + " fixes node power at 1000 W idle"
                            + " and 3000 W busy; leave the power options out or use --profile paper");
                }
            }
        }
        int n = room.nodes();
        int[] fileIndex = profile.fileIndex(room);
        HeatModel heat = dMatrix != null ? HeatModels.readD(dMatrix, fileIndex)
                : aMatrix != null ? HeatModels.fromA(aMatrix, fileIndex, HeatModels.K_MENG)
                : HeatModels.synthetic(room, HeatModels.K_MENG);
        double[] watts = powerFile != null ? readPower(powerFile, n) : busyPower(busy, n, power);
        InletTemperatures inlets = new InletTemperatures(heat);
        for (int j = 0; j < n; j++) {
            inlets.setPower(j, watts[j]);
        }
        double maxInlet = tSup + inlets.maxRise();
        double supply = Cooling.adjustedSupply(tSup, tRed, maxInlet);
        double cop = Cooling.cop(supply);
        double itPower = inlets.itPower();
        double cooling = Cooling.coolingPower(itPower, supply) * profile.coolingScale();
        PrintWriter out = spec.commandLine().getOut();
        if (format.equals("json")) {
            List<Double> inlet = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                inlet.add(tSup + inlets.rise(i));
            }
            out.println(new JsonWriter().put("inlet", inlet).put("maxInlet", maxInlet).put("tSupAdjusted", supply)
                    .put("cop", cop).put("itPower", itPower).put("coolingPower", cooling).renderCompact());
        } else {
            out.print(text(room, profile, inlets, maxInlet, supply, cop, cooling));
        }
        out.flush();
        return 0;
    }

    private String text(RoomLayout room, ThermalProfile profile, InletTemperatures inlets, double maxInlet, double supply, double cop,
            double cooling) {
        StringBuilder sb = new StringBuilder();
        String source = dMatrix != null ? "D from " + dMatrix : aMatrix != null ? "D from A in " + aMatrix
                : "synthetic recirculation";
        if (profile != ThermalProfile.PAPER) {
            source += ", profile " + profile.key();
        }
        int hottest = 0;
        for (int i = 0; i < room.nodes(); i++) {
            if (inlets.rise(i) > inlets.rise(hottest)) {
                hottest = i;
            }
        }
        sb.append(String.format(Locale.ROOT, "room %s (%d nodes), %s%n", room.spec(), room.nodes(), source));
        sb.append(String.format(Locale.ROOT, "IT power        %.1f W%n", inlets.itPower()));
        sb.append(String.format(Locale.ROOT, "max inlet       %.3f C at node %d (row %d, rack %d, slot %d)%n", maxInlet,
                hottest, room.row(hottest), room.rack(hottest), room.slot(hottest)));
        sb.append(String.format(Locale.ROOT, "supply          %.3f C, adjusted to %.3f C for the %.3f C redline%n", tSup,
                supply, tRed));
        sb.append(String.format(Locale.ROOT, "CoP             %.4f%n", cop));
        sb.append(String.format(Locale.ROOT, "cooling power   %.1f W%n", cooling));
        sb.append("inlet temperatures, C (top slot first):").append(System.lineSeparator());
        for (int row = 0; row < room.rows(); row++) {
            sb.append(String.format(Locale.ROOT, "row %-4d", row));
            for (int rack = 0; rack < room.racksPerRow(); rack++) {
                sb.append(String.format(Locale.ROOT, " %8s", "rack " + rack));
            }
            sb.append(System.lineSeparator());
            for (int slot = room.nodesPerRack() - 1; slot >= 0; slot--) {
                sb.append(String.format(Locale.ROOT, "  slot %-2d", slot));
                for (int rack = 0; rack < room.racksPerRow(); rack++) {
                    sb.append(String.format(Locale.ROOT, " %8.3f", tSup + inlets.rise(room.index(row, rack, slot))));
                }
                sb.append(System.lineSeparator());
            }
        }
        return sb.toString();
    }

    /** Busy power for the listed nodes (e.g. {@code 0-3,7}), idle power for the rest. */
    static double[] busyPower(String ids, int n, PowerModel power) {
        double[] watts = new double[n];
        java.util.Arrays.fill(watts, power.idle());
        if (ids == null || ids.isBlank()) {
            return watts;
        }
        int[] busy;
        try {
            busy = NodeRanges.parse(ids);
        } catch (IllegalArgumentException e) {
            throw new InputException("--busy: " + e.getMessage());
        }
        for (int node : busy) {
            if (node >= n) {
                throw new InputException("--busy: node " + node + " is not within nodes 0.." + (n - 1));
            }
            watts[node] = power.busy();
        }
        return watts;
    }

    static double[] readPower(Path file, int n) throws IOException {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw FileErrors.reading(file, "power", e);
        }
        double[] watts = new double[n];
        int count = 0;
        for (int l = 0; l < lines.size(); l++) {
            String s = lines.get(l);
            int hash = s.indexOf('#');
            for (String token : (hash >= 0 ? s.substring(0, hash) : s).strip().split("\\s+")) {
                if (token.isEmpty()) {
                    continue;
                }
                if (count == n) {
                    throw new InputException(file, l + 1, "power", "more than the " + n + " values of the room's nodes");
                }
                double w;
                try {
                    w = Double.parseDouble(token);
                } catch (NumberFormatException e) {
                    w = Double.NaN;
                }
                if (!(w >= 0) || Double.isInfinite(w) || !Character.isDigit(token.charAt(token.length() - 1))) {
                    throw new InputException(file, l + 1, "power of node " + count, "'" + token
                            + "' is not a finite number of watts >= 0");
                }
                watts[count++] = w;
            }
        }
        if (count != n) {
            throw new InputException(file, lines.size(), "power", "expected " + n + " values (one per node), found "
                    + count);
        }
        return watts;
    }
}
