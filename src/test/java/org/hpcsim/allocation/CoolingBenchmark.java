package org.hpcsim.allocation;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.hpcsim.thermal.HeatModel;
import org.hpcsim.thermal.HeatModels;
import org.hpcsim.thermal.PeakInlet;
import org.hpcsim.thermal.PowerModel;
import org.hpcsim.thermal.RoomLayout;
import org.hpcsim.thermal.RoomModel;
import org.hpcsim.topology.Machines;

/**
 * Times MPIT (cooling-aware) on a synthetic 1,000-node room (10 rows x 10 racks x 10 nodes, machine
 * mesh:10x10x10) with about half the nodes busy, for a job of 100 nodes; prints each run and the
 * median. Not a test: run it by hand,
 * {@code java -cp target/classes:target/test-classes:DEPS org.hpcsim.allocation.CoolingBenchmark [runs] [k]}.
 */
public final class CoolingBenchmark {
    private CoolingBenchmark() {
    }

    public static void main(String[] args) {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 9;
        int k = args.length > 1 ? Integer.parseInt(args[1]) : 100;
        long t0 = System.nanoTime();
        HeatModel heat = HeatModels.synthetic(new RoomLayout(10, 10, 10, 10, 2), HeatModels.K_MENG);
        System.out.printf("D 1000x1000 built in %.2f s%n", (System.nanoTime() - t0) / 1e9);
        RoomModel room = new RoomModel(heat, PowerModel.MENG, 15, 25);
        double[] times = new double[runs];
        for (int r = 0; r < runs; r++) {
            SplittableRandom random = new SplittableRandom(1000 + r);
            MachineState m = new MachineState(Machines.parse("mesh:10x10x10"));
            int[] busy = new int[1000];
            int b = 0;
            for (int node = 0; node < 1000; node++) {
                if (random.nextBoolean()) {
                    busy[b++] = node;
                }
            }
            m.occupy(Arrays.copyOf(busy, b));
            CoolingAwareAllocator mpit = new CoolingAwareAllocator(m, room);
            long start = System.nanoTime();
            int[] nodes = mpit.allocate(null, k);
            times[r] = (System.nanoTime() - start) / 1e9;
            CoolingAwareAllocator.Relaxation lp = mpit.relax(k);
            double peak = new PeakInlet(room).peak(node -> !m.isFree(node), nodes);
            int[] mc = new Mc1x1Allocator(m).allocate(null, k);
            double mcPeak = new PeakInlet(room).peak(node -> !m.isFree(node), mc);
            System.out.printf("run %d: %d busy, k=%d: %.3f s; LP peak %.4f C, rounded %.4f C, mc1x1 %.4f C;"
                    + " LP rows %d of 1000, %d solves%n", r, b, k, times[r], lp.peak(), peak, mcPeak, lp.rows(), lp.solves());
        }
        double[] sorted = times.clone();
        Arrays.sort(sorted);
        System.out.printf("median %.3f s over %d runs (min %.3f, max %.3f)%n", sorted[runs / 2], runs, sorted[0],
                sorted[runs - 1]);
    }
}
