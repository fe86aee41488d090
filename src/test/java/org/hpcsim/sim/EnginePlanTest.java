package org.hpcsim.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.hpcsim.kernel.KernelOptions;
import org.hpcsim.kernel.KernelOptions.Engine;
import org.junit.jupiter.api.Test;

/** The cost model that picks a run's executor and threads. */
class EnginePlanTest {
    private static KernelOptions kernel(int threads, Engine executor) {
        return new KernelOptions(threads, 2, 100, 64, executor, KernelOptions.Hosting.PARTITION);
    }

    @Test
    void automaticThreadsGiveWindowsOnTheCoresOnlyToLongRunsThatCanUseThemOnFourOrMoreCores() {
        EnginePlan longRun = EnginePlan.choose(kernel(0, Engine.AUTO), 16, null, 243_306);
        assertEquals(new EnginePlan(Engine.WINDOWS, 16, false, null), longRun);
        assertEquals(new EnginePlan(Engine.SEQUENTIAL, 1, true, null),
                EnginePlan.choose(kernel(0, Engine.AUTO), 16, null, EnginePlan.WINDOWS_MIN_JOBS - 1));
        assertEquals(new EnginePlan(Engine.SEQUENTIAL, 1, true, null),
                EnginePlan.choose(kernel(0, Engine.AUTO), 16, "a modelled room", 243_306));
        assertEquals(new EnginePlan(Engine.SEQUENTIAL, 1, true, null),
                EnginePlan.choose(kernel(0, Engine.AUTO), 2, null, 243_306), "two cores: the JIT has the second");
        assertEquals(new EnginePlan(Engine.SEQUENTIAL, 1, false, null),
                EnginePlan.choose(kernel(0, Engine.AUTO), 1, null, 243_306), "one core: nothing beside");
    }

    @Test
    void oneThreadIsTheOracleAndMoreThreadsGetWindowsWhereTheRunCanElsePekko() {
        assertEquals(new EnginePlan(Engine.SEQUENTIAL, 1, false, null),
                EnginePlan.choose(kernel(1, Engine.AUTO), 16, null, 243_306));
        assertEquals(new EnginePlan(Engine.WINDOWS, 4, false, null),
                EnginePlan.choose(kernel(4, Engine.AUTO), 16, null, 100));
        assertEquals(new EnginePlan(Engine.PEKKO, 4, false, null),
                EnginePlan.choose(kernel(4, Engine.AUTO), 16, "a network model", 100));
        assertEquals(new EnginePlan(Engine.PEKKO, 2, false, null),
                EnginePlan.choose(kernel(2, Engine.PEKKO), 16, null, 243_306));
    }

    @Test
    void askedForWindowsARunThatCannotUseThemRunsSequentiallyAndSaysWhy() {
        EnginePlan p = EnginePlan.choose(kernel(0, Engine.WINDOWS), 8, "jobs do I/O", 1000);
        assertEquals(Engine.SEQUENTIAL, p.engine());
        assertTrue(p.warning().contains("jobs do I/O"), p.warning());
        assertTrue(EnginePlan.mayUseWindows(kernel(0, Engine.AUTO), 4));
        assertFalse(EnginePlan.mayUseWindows(kernel(0, Engine.AUTO), 2));
        assertFalse(EnginePlan.mayUseWindows(kernel(1, Engine.AUTO), 16));
    }
}
