package org.hpcsim.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.opentest4j.AssertionFailedError;
import org.junit.jupiter.api.Test;

class DispatchTest {
    /** A protocol of two records and a sub-protocol of one. */
    sealed interface Protocol {
        record A(int n, String s, long[] xs) implements Protocol {
        }

        record B(List<String> names, Object anything) implements Protocol {
        }

        sealed interface Sub extends Protocol {
            record C(double d, boolean b) implements Sub {
            }
        }
    }

    /** Handles A and C only. */
    private static ComponentTester handlingAAndC() {
        return ComponentTester.of(1, 1, ComponentTester.ports(1, 0), ports -> (Component<Protocol>) (m, ctx) -> {
            if (m instanceof Protocol.A || m instanceof Protocol.Sub.C) {
                return;
            }
            throw new UnhandledMessage(m);
        });
    }

    @Test
    void findsEveryRecordOfASealedProtocolThroughItsSubInterfaces() {
        assertEquals(List.of(Protocol.A.class, Protocol.B.class, Protocol.Sub.C.class), Protocols.records(Protocol.class));
    }

    @Test
    void aComponentThatLeavesARecordUnhandledFailsNamingIt() {
        AssertionFailedError e = assertThrows(AssertionFailedError.class,
                () -> Dispatch.assertHandlesEveryRecord(Protocol.class, DispatchTest::handlingAAndC, 1));
        assertTrue(e.getMessage().contains("records of Protocol no branch handles: [B]"), e.getMessage());
    }

    @Test
    void anUnhandledMessageEndsTheRunNamingTheMessageAndItsSender() {
        Envelope e = new Envelope(5, 0, 3, 0, 1, new Protocol.B(List.of(), null));
        Handled h = handlingAAndC().run(new KernelCommand.DeliverOne(5, 0, e));
        assertTrue(h.error().getMessage().contains("handling B[names=[], anything=null] from component 3: "
                + UnhandledMessage.class.getName() + ": no handler for DispatchTest.Protocol.B"), h.error().getMessage());
    }
}
