package org.hpcsim.network;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.hpcsim.topology.MeshTopology;
import org.junit.jupiter.api.Test;

class FailedLinksTest {
    private final LinkMap links = new LinkMap(new MeshTopology(4, 3));

    @Test
    void failAndRepairSayWhetherTheyChangedAnything() {
        FailedLinks failed = new FailedLinks(links);
        assertTrue(failed.isEmpty());
        assertTrue(failed.fail(5));
        assertFalse(failed.fail(5), "already down");
        assertTrue(failed.isDown(5));
        assertFalse(failed.isDown(4));
        assertTrue(failed.repair(5));
        assertFalse(failed.repair(5), "already up");
        assertTrue(failed.isEmpty());
        assertEquals(0, failed.count());
    }

    @Test
    void downLinksIterateAscending() {
        FailedLinks failed = new FailedLinks(links);
        failed.fail(9);
        failed.fail(0);
        failed.fail(16);
        assertEquals(3, failed.count());
        assertArrayEquals(new int[] {0, 9, 16}, failed.ids());
        assertEquals(0, failed.next(0));
        assertEquals(9, failed.next(1));
        assertEquals(16, failed.next(10));
        assertEquals(-1, failed.next(17));
        assertEquals("[(0,0)-(1,0), (0,0)-(0,1), (3,1)-(3,2)]", failed.toString());
    }

    @Test
    void unknownLinkIdsAreRefusedNamingTheLink() {
        FailedLinks failed = new FailedLinks(links);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> failed.fail(17));
        assertEquals("no link 17 on mesh:4x3 (17 links)", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> failed.repair(-1));
        assertThrows(IllegalArgumentException.class, () -> failed.isDown(17));
        assertTrue(failed.isEmpty());
    }
}
