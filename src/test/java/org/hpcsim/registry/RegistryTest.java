package org.hpcsim.registry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.hpcsim.scheduling.ConservativeBackfillPolicy;
import org.hpcsim.scheduling.EasyBackfillPolicy;
import org.hpcsim.scheduling.PriorityPolicy;
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
}
