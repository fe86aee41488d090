package org.hpcsim.network;

import java.util.Arrays;

/**
 * Per-link flow counts of one {@link TrafficCalculator} computation, kept sparse: it remembers which
 * links it touched, so taking the result and clearing for the next job cost what the job's flows
 * touched, not the machine's links. A dense array per job (allocated, zeroed and scanned for every
 * start) was most of a 32,768-node torus's scheduling time and garbage. Reused between computations;
 * not thread-safe.
 */
final class LinkTally {
    private final long[] weights;
    private final boolean[] listed;
    private int[] touched = new int[64];
    private int count;

    LinkTally(int links) {
        this.weights = new long[links];
        this.listed = new boolean[links];
    }

    /** Adds {@code w} (possibly negative) flows to {@code link}. */
    void add(int link, long w) {
        if (!listed[link]) {
            listed[link] = true;
            if (count == touched.length) {
                touched = Arrays.copyOf(touched, 2 * count);
            }
            touched[count++] = link;
        }
        weights[link] += w;
    }

    /**
     * The links with a positive count, ascending, with their counts; the tally is empty afterwards.
     * When the job touched a large share of the links, a scan in link order replaces the sort.
     */
    LinkLoad take() {
        int[] ids = touched;
        int n = count;
        if ((long) n * 16 > weights.length) {
            ids = new int[n];
            int k = 0;
            for (int link = 0; link < listed.length && k < n; link++) {
                if (listed[link]) {
                    ids[k++] = link;
                }
            }
        } else {
            Arrays.sort(ids, 0, n);
        }
        int positive = 0;
        for (int i = 0; i < n; i++) {
            if (weights[ids[i]] > 0) {
                positive++;
            }
        }
        LinkLoad load = LinkLoad.EMPTY;
        if (positive > 0) {
            int[] links = new int[positive];
            long[] loads = new long[positive];
            int k = 0;
            for (int i = 0; i < n; i++) {
                if (weights[ids[i]] > 0) {
                    links[k] = ids[i];
                    loads[k++] = weights[ids[i]];
                }
            }
            load = new LinkLoad(links, loads);
        }
        clear();
        return load;
    }

    /** Forgets every count (after a computation that threw, too). */
    void clear() {
        for (int i = 0; i < count; i++) {
            weights[touched[i]] = 0;
            listed[touched[i]] = false;
        }
        count = 0;
    }
}
