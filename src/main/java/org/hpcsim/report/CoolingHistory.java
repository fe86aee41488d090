package org.hpcsim.report;

import java.util.Arrays;
import org.hpcsim.time.SimTime;

/**
 * The room's cooling power over time, a step function from each committed sample to the next, with
 * the cooling energy integrated up to every sample: what a job's mean cooling power over its run is
 * read from (the jobs' sink keeps it; the room's log integrates only the run's total).
 */
final class CoolingHistory {
    private long[] times = new long[1024];
    /** Cooling energy (J) from the first sample to times[i]. */
    private double[] energy = new double[1024];
    private int samples;
    private double power;

    /** From {@code time} on the room draws {@code coolingPower} W (times ascending). */
    void commit(long time, double coolingPower) {
        if (samples == times.length) {
            times = Arrays.copyOf(times, 2 * samples);
            energy = Arrays.copyOf(energy, 2 * samples);
        }
        times[samples] = time;
        energy[samples] = samples == 0 ? 0 : energy[samples - 1] + power * SimTime.toSeconds(time - times[samples - 1]);
        samples++;
        power = coolingPower;
    }

    /** Samples committed. */
    int samples() {
        return samples;
    }

    /** Cooling energy (J) from the first sample to {@code time} (at or after the first sample). */
    double energyAt(long time) {
        int i = Arrays.binarySearch(times, 0, samples, time);
        if (i >= 0) {
            return energy[i];
        }
        int before = -i - 2;
        if (before < 0) {
            return 0;
        }
        double rate = before == samples - 1 ? power : (energy[before + 1] - energy[before])
                / SimTime.toSeconds(times[before + 1] - times[before]);
        return energy[before] + rate * SimTime.toSeconds(time - times[before]);
    }

    /** The mean cooling power (W) over [start, end), once there is a sample ({@code start < end}). */
    double meanPower(long start, long end) {
        return (energyAt(end) - energyAt(start)) / SimTime.toSeconds(end - start);
    }
}
