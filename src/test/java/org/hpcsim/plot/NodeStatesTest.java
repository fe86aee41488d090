package org.hpcsim.plot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.hpcsim.report.FailureLog;
import org.hpcsim.workload.InputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NodeStatesTest {
    @TempDir
    Path dir;

    @Test
    void replaysNodeFailuresRepairsDrainsAndResumesUpToTheTime() {
        Path f = dir.resolve("events.csv");
        RunDirFixture.write(f, FailureLog.EVENTS_HEADER + "\n"
                + "10,fail,node 3,\"node down; job 8 requeued\",scenario\n"
                + "20,drain,nodes 4-6,\"3 nodes drained, 1 still running a job\",scenario\n"
                + "25,fail,link 1-2,link down,scenario\n"
                + "30,repair,node 3,node up,exponential[30d,4h]\n"
                + "30,resume,nodes 5-6,2 nodes back in service,scenario\n");
        NodeStates at10 = NodeStates.at(f, 8, 10);
        assertTrue(at10.failed(3), "an event at the time has happened");
        assertFalse(at10.drained(4));
        NodeStates at29 = NodeStates.at(f, 8, 29.5);
        assertTrue(at29.failed(3) && at29.drained(4) && at29.drained(6));
        NodeStates at30 = NodeStates.at(f, 8, 30);
        assertFalse(at30.failed(3) || at30.drained(5) || at30.drained(6));
        assertTrue(at30.drained(4));
        assertFalse(NodeStates.at(dir.resolve("none.csv"), 8, 30).failed(3), "no events file: all up");
    }

    @Test
    void aNodeOffTheMachineIsBadInput() {
        Path f = dir.resolve("events.csv");
        RunDirFixture.write(f, FailureLog.EVENTS_HEADER + "\n10,fail,node 9,node down (idle),scenario\n");
        InputException e = assertThrows(InputException.class, () -> NodeStates.at(f, 8, 10));
        assertEquals(f + ":2: target: node 9 is not on the machine (8 nodes)", e.getMessage());
    }
}
