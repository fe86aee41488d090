package org.hpcsim.registry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.hpcsim.allocation.BestFitAllocator;
import org.hpcsim.allocation.ContiguousAllocator;
import org.hpcsim.allocation.ContiguousLocalAllocator;
import org.hpcsim.allocation.FirstFitAllocator;
import org.hpcsim.allocation.GenAlgAllocator;
import org.hpcsim.allocation.MachineState;
import org.hpcsim.allocation.MbsAllocator;
import org.hpcsim.allocation.Mc1x1Allocator;
import org.hpcsim.allocation.McAllocator;
import org.hpcsim.allocation.MmAllocator;
import org.hpcsim.allocation.MmIncAllocator;
import org.hpcsim.allocation.OptimalAllocator;
import org.hpcsim.allocation.RandomAllocator;
import org.hpcsim.allocation.SortedFreeListAllocator;
import org.hpcsim.allocation.SumOfSquaresAllocator;
import org.hpcsim.scheduling.ConservativeBackfillPolicy;
import org.hpcsim.scheduling.EasyBackfillPolicy;
import org.hpcsim.scheduling.PriorityPolicy;
import org.hpcsim.topology.Machines;
import org.hpcsim.topology.MeshTopology;
import org.hpcsim.topology.SimpleTopology;
import org.junit.jupiter.api.Test;

class RegistryTest {
    private final Registry registry = StandardPolicies.registry();

    @Test
    void specsParseNamesAndBracketedArguments() {
        assertEquals(new PolicySpec("easy", List.of()), PolicySpec.parse("easy"));
        assertEquals(new PolicySpec("priority", List.of("smallfirst")), PolicySpec.parse(" priority[smallfirst] "));
        assertEquals("a[b,c]", PolicySpec.parse("a[ b , c ]").toString());
        for (String bad : new String[] {"", "easy[", "[fifo]", "easy[]", "easy[a,,b]", "a,b"}) {
            assertThrows(IllegalArgumentException.class, () -> PolicySpec.parse(bad), bad);
        }
    }

    @Test
    void everySchedulerOfTheIssueIsRegistered() {
        assertInstanceOf(PriorityPolicy.class, registry.scheduler("fcfs"));
        assertInstanceOf(PriorityPolicy.class, registry.scheduler("priority[cplant]"));
        assertInstanceOf(EasyBackfillPolicy.class, registry.scheduler("easy"));
        assertInstanceOf(EasyBackfillPolicy.class, registry.scheduler("easy[largefirst]"));
        assertInstanceOf(ConservativeBackfillPolicy.class, registry.scheduler("conservative[shortfirst]"));
        assertEquals(List.of("fifo", "smallfirst", "largefirst", "shortfirst", "longfirst", "cplant"),
                registry.orders().entries().stream().map(Registry.Entry::name).toList());
    }

    @Test
    void defaultsFillMissingArgumentsAndExtraArgumentsAreRefused() {
        assertEquals(List.of("fifo"), registry.schedulers().args(PolicySpec.parse("easy")).values());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> registry.scheduler("fcfs[fifo]"));
        assertTrue(e.getMessage().contains("takes at most 0 arguments"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> registry.curve("peano"));
        assertTrue(e.getMessage().contains("unknown curve 'peano' (known: snake, row-major, hilbert, file)"),
                e.getMessage());
    }

    @Test
    void everyAllocatorOfTheIssueIsRegisteredWithItsCost() {
        MachineState m = new MachineState(new MeshTopology(4, 4));
        assertInstanceOf(SortedFreeListAllocator.class, registry.allocator("sorted-free-list", m, 0));
        assertInstanceOf(FirstFitAllocator.class, registry.allocator("first-fit", m, 0));
        assertInstanceOf(BestFitAllocator.class, registry.allocator("best-fit[row-major]", m, 0));
        assertInstanceOf(SumOfSquaresAllocator.class, registry.allocator("sum-of-squares[snake]", m, 0));
        assertInstanceOf(RandomAllocator.class, registry.allocator("random", m, 0));
        assertInstanceOf(ContiguousAllocator.class, registry.allocator("contiguous", m, 0));
        assertInstanceOf(MbsAllocator.class, registry.allocator("mbs", m, 0));
        MachineState line = new MachineState(org.hpcsim.topology.LineTopology.parse("C4 IO C4"));
        org.hpcsim.storage.IoAssignment io = org.hpcsim.storage.IoAssignment.of((org.hpcsim.topology.LineTopology)
                line.topology(), new org.hpcsim.storage.IoOptions(
                org.hpcsim.storage.IoOptions.Assign.ROUND_ROBIN, null, 0, 0, 1));
        assertInstanceOf(ContiguousLocalAllocator.class, registry.allocator("contiguous-local", line, 0, null, io));
        assertInstanceOf(ContiguousLocalAllocator.class, registry.allocator("line-contiguous", line, 0, null, io));
        assertEquals(List.of("sorted-free-list", "first-fit", "best-fit", "sum-of-squares", "random", "contiguous",
                "contiguous-local", "line-contiguous", "mbs", "mm", "mm-inc", "genalg", "mc1x1", "mc", "optimal", "cooling-aware",
                "cooling-aware-exact", "joint", "coolest-first"),
                registry.allocators().entries().stream().map(Registry.Entry::name).toList());
        for (Registry.Entry<Registry.AllocatorFactory> e : registry.allocators().entries()) {
            assertTrue(e.complexity().contains("O(") || e.complexity().startsWith("exponential"), e.name());
        }
        MachineState bag = new MachineState(new SimpleTopology(16));
        for (String gridOnly : List.of("contiguous", "mbs")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> registry.allocator(gridOnly, bag, 0));
            assertTrue(e.getMessage().contains("needs a mesh or torus machine"), e.getMessage());
        }
    }

    @Test
    void everyGridAllocatorOfTheIssueIsRegisteredWithItsCost() {
        MachineState mesh = new MachineState(Machines.parse("mesh:4x4"));
        assertInstanceOf(MmAllocator.class, registry.allocator("mm", mesh, 0));
        assertInstanceOf(MmIncAllocator.class, registry.allocator("mm-inc", mesh, 0));
        assertInstanceOf(GenAlgAllocator.class, registry.allocator("genalg", mesh, 0));
        assertInstanceOf(Mc1x1Allocator.class, registry.allocator("mc1x1", mesh, 0));
        assertInstanceOf(McAllocator.class, registry.allocator("mc", mesh, 0));
        assertInstanceOf(OptimalAllocator.class, registry.allocator("optimal[64,8,1000]", mesh, 0));
        for (String name : List.of("mm", "mm-inc", "genalg", "mc1x1", "mc", "optimal", "cooling-aware",
                "cooling-aware-exact", "joint", "coolest-first")) {
            Registry.Entry<Registry.AllocatorFactory> e = registry.allocators().lookup(name);
            assertTrue(!e.description().isEmpty() && !e.complexity().isEmpty(), name);
        }
        assertEquals(List.of("1024", "32", "2000000"),
                registry.allocators().args(PolicySpec.parse("optimal")).values());
    }

    @Test
    void gridAllocatorsRefuseOtherMachinesAndBadLimits() {
        MachineState bag = new MachineState(Machines.parse("simple:8"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> registry.allocator("mc", bag, 0));
        assertTrue(e.getMessage().contains("needs a mesh or torus machine"), e.getMessage());
        MachineState mesh = new MachineState(Machines.parse("mesh:4x4"));
        e = assertThrows(IllegalArgumentException.class, () -> registry.allocator("optimal[64,x]", mesh, 0));
        assertTrue(e.getMessage().contains("argument 2 must be a positive integer, got 'x'"), e.getMessage());
    }
}
