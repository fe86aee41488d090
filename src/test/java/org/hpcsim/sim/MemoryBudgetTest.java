package org.hpcsim.sim;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class MemoryBudgetTest {
    private static final long GIB = 1L << 30;

    @Test
    void aMachineWithinTheHeapIsAllowed() {
        assertNull(MemoryBudget.refusal("mesh:1000x1000", 1_000_000, GIB));
    }

    @Test
    void aMachineBeyondTheHeapIsRefusedNamingItsSizeAndTheOptionThatGivesMore() {
        String why = MemoryBudget.refusal("simple:268435456", 268_435_456L, 6 * GIB);
        assertTrue(why.startsWith("simple:268435456 has 268,435,456 nodes, which need at least 75.0 GiB of memory"),
                why);
        assertTrue(why.contains("this JVM may use 6.0 GiB"), why);
        assertTrue(why.contains("HPCSIM_JAVA_OPTS=-Xmx"), why);
    }

    @Test
    void outOfMemoryAdviceNamesTheHeapAndTheOption() {
        String advice = MemoryBudget.outOfMemory();
        assertTrue(advice.startsWith("out of memory: the run needs more than the "), advice);
        assertTrue(advice.contains("HPCSIM_JAVA_OPTS=-Xmx"), advice);
    }
}
