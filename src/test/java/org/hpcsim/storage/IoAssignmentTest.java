package org.hpcsim.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.hpcsim.topology.LineTopology;
import org.hpcsim.workload.InputException;
import org.hpcsim.workload.Job;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IoAssignmentTest {
    private static final LineTopology LINE = LineTopology.parse("C4 IO C4 IO C4 IO");

    @TempDir
    Path dir;

    private static Job job(int index, long id) {
        return new Job(index, id, index + 1, 0, 0, 100, 100, 2, 2, null, null, null);
    }

    private Path file(String text) throws IOException {
        Path f = dir.resolve("io.csv");
        Files.writeString(f, text);
        return f;
    }

    @Test
    void roundRobinFollowsTraceOrderAndNearestLeavesTheChoiceToTheAllocation() {
        IoAssignment rr = IoAssignment.of(LINE, new IoOptions(IoOptions.Assign.ROUND_ROBIN, null, 10, 20, 1));
        assertEquals(0, rr.ioOf(job(0, 7)));
        assertEquals(1, rr.ioOf(job(4, 7)));
        assertEquals(10, rr.read(job(0, 7)));
        assertEquals(20, rr.write(job(0, 7)));
        IoAssignment nearest = IoAssignment.of(LINE, new IoOptions(IoOptions.Assign.NEAREST, null, 0, 0, 1));
        assertEquals(-1, nearest.ioOf(job(0, 7)));
        assertEquals(1, nearest.ioOf(job(0, 7), new int[] {6, 7}));
    }

    @Test
    void theJobsFileNamesIoNodesAndVolumesAndEmptyFieldsKeepTheDefaults() throws IOException {
        Path f = file("job,io_node,read,write\n5,2,100,\n6,,,300\n");
        IoAssignment io = IoAssignment.of(LINE, new IoOptions(IoOptions.Assign.ROUND_ROBIN, f, 1, 2, 1));
        assertEquals(2, io.ioOf(job(0, 5)));
        assertEquals(100, io.read(job(0, 5)));
        assertEquals(2, io.write(job(0, 5)));
        assertEquals(1, io.ioOf(job(1, 6)), "no I/O node in the file: round robin");
        assertEquals(300, io.write(job(1, 6)));
        assertEquals(3_000_000, io.aloneMicros(3), "3 bytes at 1 byte/s");
    }

    @Test
    void badFilesNameTheFileLineAndField() throws IOException {
        Path f = file("job,io_node\n5,9\n");
        InputException e = assertThrows(InputException.class,
                () -> IoAssignment.of(LINE, new IoOptions(IoOptions.Assign.FILE, f, 0, 0, 1)));
        assertTrue(e.getMessage().contains("io.csv:2") && e.getMessage().contains("io_node"), e.getMessage());
        Path g = file("id,node\n");
        assertThrows(InputException.class, () -> IoAssignment.of(LINE, new IoOptions(IoOptions.Assign.FILE, g, 0, 0, 1)));
        Path h = file("job,io_node\n5,1\n");
        IoAssignment io = IoAssignment.of(LINE, new IoOptions(IoOptions.Assign.FILE, h, 0, 0, 1));
        assertTrue(assertThrows(InputException.class, () -> io.check(job(0, 6))).getMessage().contains("job 6"));
        assertThrows(InputException.class, () -> IoAssignment.of(LineTopology.parse("C8"),
                new IoOptions(IoOptions.Assign.ROUND_ROBIN, null, 1, 0, 1)));
    }
}
