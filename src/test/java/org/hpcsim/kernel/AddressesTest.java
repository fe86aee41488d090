package org.hpcsim.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A list of addresses: its members' ids in order, each member's address made once. */
class AddressesTest {

    @Test
    void aMemberHasOneAddressHoweverOftenItIsAskedFor() {
        Addresses<Object> group = Addresses.range(5, 3);
        assertSame(group.get(1), group.get(1), "a send to a member must not make a new address");
        assertEquals(6, group.get(1).id());
        Addresses<Object> joined = group.then(Addresses.range(20, 2));
        assertSame(joined.get(4), joined.get(4));
    }

    @Test
    void joinedListsKeepTheirMembersInOrderAndRefuseAnIndexOutside() {
        Addresses<Object> joined = Addresses.<Object>range(0, 2).then(Addresses.range(7, 2))
                .then(Addresses.none()).then(Addresses.range(9, 1));
        assertEquals(List.of(0, 1, 7, 8, 9), ids(joined));
        assertEquals(List.of(3, 4, 5), ids(Addresses.<Object>none().then(Addresses.range(3, 1))
                .then(Addresses.range(4, 2))));
        assertThrows(IndexOutOfBoundsException.class, () -> joined.get(5));
        assertThrows(IndexOutOfBoundsException.class, () -> joined.get(-1));
    }

    private static List<Integer> ids(Addresses<?> a) {
        List<Integer> ids = new ArrayList<>();
        for (int i = 0; i < a.size(); i++) {
            ids.add(a.get(i).id());
        }
        return ids;
    }
}
