package org.hpcsim.network;

import java.util.BitSet;

/**
 * The links of one {@link LinkMap} that are down: failed and not yet repaired. Routing leaves them
 * out ({@link TrafficCalculator#compute(int[], CommPattern, int, FailedLinks)}). Mutable and not
 * thread-safe: it changes as failure and repair events arrive, and must not change while a
 * calculation reads it.
 */
public final class FailedLinks {
    private final LinkMap links;
    private final BitSet down = new BitSet();

    /** None of {@code links} down. */
    public FailedLinks(LinkMap links) {
        this.links = links;
    }

    /** The links these ids name. */
    public LinkMap links() {
        return links;
    }

    /**
     * Takes a link down.
     *
     * @return false if it was down already
     * @throws IllegalArgumentException for an id that names no link
     */
    public boolean fail(int link) {
        boolean wasDown = isDown(link);
        down.set(link);
        return !wasDown;
    }

    /**
     * Brings a link back up.
     *
     * @return false if it was not down
     * @throws IllegalArgumentException for an id that names no link
     */
    public boolean repair(int link) {
        boolean wasDown = isDown(link);
        down.clear(link);
        return wasDown;
    }

    /**
     * Whether a link is down.
     *
     * @throws IllegalArgumentException for an id that names no link
     */
    public boolean isDown(int link) {
        if (link < 0 || link >= links.size()) {
            throw new IllegalArgumentException("no link " + link + " on " + links.grid().spec() + " ("
                    + links.size() + " links)");
        }
        return down.get(link);
    }

    /** Number of links down. */
    public int count() {
        return down.cardinality();
    }

    /** Whether every link is up. */
    public boolean isEmpty() {
        return down.isEmpty();
    }

    /** The lowest id of a down link at or above {@code from} (from &gt;= 0), or -1 if there is none. */
    public int next(int from) {
        return down.nextSetBit(from);
    }

    /** The ids of the down links, ascending. */
    public int[] ids() {
        return down.stream().toArray();
    }

    /** The down links by their ends, e.g. {@code [(3,0)-(4,0), (1,1)-(1,2)]}, ascending by id. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("[");
        for (int link = next(0); link >= 0; link = next(link + 1)) {
            sb.append(sb.length() == 1 ? "" : ", ").append(links.describe(link));
        }
        return sb.append(']').toString();
    }
}
