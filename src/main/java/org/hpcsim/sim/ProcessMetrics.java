package org.hpcsim.sim;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The process's own statistics that a run's summary reports: CPU time, heap and resident peaks. */
final class ProcessMetrics {

    private ProcessMetrics() {
    }

    /** CPU time of the whole process (every thread, user and system), seconds; -1 where unavailable. */
    static double cpuSeconds() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            long nanos = os.getProcessCpuTime();
            return nanos < 0 ? -1 : nanos / 1e9;
        }
        return -1;
    }

    /**
     * The heap's peak use: the sum over the heap's memory pools of each one's peak since the JVM
     * started (the pools peak at different moments, so this bounds the heap in use at any one time).
     */
    static long peakHeap() {
        long sum = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP && pool.getPeakUsage() != null) {
                sum += pool.getPeakUsage().getUsed();
            }
        }
        return sum;
    }

    /** The process's peak resident set (Linux VmHWM), or -1 where unavailable. */
    static long peakRss() {
        try {
            List<String> lines = Files.readAllLines(Path.of("/proc/self/status"));
            for (String line : lines) {
                if (line.startsWith("VmHWM:")) {
                    String[] parts = line.substring(6).trim().split("\\s+");
                    return Long.parseLong(parts[0]) * 1024L;
                }
            }
        } catch (IOException | RuntimeException e) {
            return -1;
        }
        return -1;
    }
}
