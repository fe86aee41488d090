package org.hpcsim.report;

import static org.hpcsim.kernel.ComponentType.param;

import java.nio.file.Path;
import org.hpcsim.batsim.CNumbers;
import org.hpcsim.batsim.IntervalSet;
import org.hpcsim.kernel.ComponentType;
import org.hpcsim.kernel.Context;
import org.hpcsim.kernel.UnhandledMessage;
import org.hpcsim.output.OutputWriter;
import org.hpcsim.protocol.BatsimEnergyProtocol;
import org.hpcsim.protocol.Report;
import org.hpcsim.time.SimTime;

/**
 * Batsim 4's energy files for evalys, as its {@code src/export.cpp} writes them (numbers as C's
 * {@code %g}): {@value #ENERGY} ({@code time,energy,event_type,wattmin,epower}: the joules drawn since
 * time 0 at each job start {@code s}, end {@code e} and power-state change {@code p}, the least the
 * nodes could draw in their states, and the mean power since the previous row, {@code NA} after none
 * or at the same time), {@value #MACHINES} ({@code time,nb_sleeping,nb_switching_on,nb_switching_off,
 * nb_idle,nb_computing}) and {@value #PSTATES} ({@code time,machine_id,new_pstate}: every node's pstate
 * at time 0, each request as it starts, -1 towards a computing state or -2 towards a sleep state, and
 * as it completes). A sink on the scheduler's samples.
 */
public final class BatsimEnergyLog extends FileSink<BatsimEnergyProtocol> {

    /** Batsim's energy files: receives the scheduler's samples; sends nothing. */
    public static final ComponentType<BatsimEnergyProtocol> TYPE = ComponentType.of("batsim-energy-log",
            BatsimEnergyProtocol.class, "Writes Batsim's batsim_consumed_energy.csv, batsim_machine_states.csv and"
                    + " batsim_pstate_changes.csv").withParameters(
                    param("output.batsim", "on, with energy.enabled"), param("energy.enabled", "on")).asSink();

    public static final String ENERGY = "batsim_consumed_energy.csv";
    public static final String MACHINES = "batsim_machine_states.csv";
    public static final String PSTATES = "batsim_pstate_changes.csv";

    private final OutputWriter energy;
    private final OutputWriter machines;
    private final OutputWriter pstates;
    private final StringBuilder row = new StringBuilder(256);
    private long lastTime;
    private double lastJoules;

    /** Opens the three files; every one of the {@code nodes} starts in pstate {@code initial}. */
    public BatsimEnergyLog(Path energyFile, Path machinesFile, Path pstatesFile, int nodes, int initial) {
        energy = OutputWriter.open(energyFile, 1 << 16);
        machines = OutputWriter.open(machinesFile, 1 << 16);
        pstates = OutputWriter.open(pstatesFile, 1 << 16);
        energy.append("time,energy,event_type,wattmin,epower\n");
        machines.append("time,nb_sleeping,nb_switching_on,nb_switching_off,nb_idle,nb_computing\n");
        pstates.append("time,machine_id,new_pstate\n");
        // Batsim traces each pstate's machines at the start.
        int[] all = new int[nodes];
        for (int i = 0; i < nodes; i++) {
            all[i] = i;
        }
        pstates.append("0," + IntervalSet.format(all) + "," + initial + "\n");
    }

    @Override
    public void onMessage(BatsimEnergyProtocol message, Context context) {
        if (message instanceof Report.EnergySample s) {
            sample(s);
        } else if (message instanceof Report.MachineStates m) {
            row.setLength(0);
            row.append(seconds(m.time())).append(',').append(m.sleeping()).append(',').append(m.switchingOn())
                    .append(',').append(m.switchingOff()).append(',').append(m.idle()).append(',')
                    .append(m.computing()).append('\n');
            machines.append(row);
        } else if (message instanceof Report.PstateChange p) {
            pstates.append(seconds(p.time()) + "," + IntervalSet.format(p.nodes()) + "," + p.pstate() + "\n");
        } else {
            throw new UnhandledMessage(message);
        }
    }

    private void sample(Report.EnergySample s) {
        long dt = s.time() - lastTime;
        row.setLength(0);
        row.append(seconds(s.time())).append(',').append(CNumbers.g(s.joules())).append(',').append(s.event())
                .append(',').append(CNumbers.g(s.wattMin())).append(',')
                .append(dt > 0 ? CNumbers.g((s.joules() - lastJoules) / SimTime.toSeconds(dt)) : "NA").append('\n');
        energy.append(row);
        lastTime = s.time();
        lastJoules = s.joules();
    }

    private static String seconds(long micros) {
        return CNumbers.g(SimTime.toSeconds(micros));
    }

    @Override
    protected void finish() {
        try {
            energy.close();
        } finally {
            try {
                machines.close();
            } finally {
                pstates.close();
            }
        }
    }
}
