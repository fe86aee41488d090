package org.hpcsim.malleable;

/**
 * Where and when one job runs in a schedule: its compute nodes (ids on the line, ascending), the I/O
 * node it uses, and the interval (start, end]. A placement need not be valid; {@link Verifier} says
 * whether it is.
 *
 * @param job   the job's id
 * @param nodes the compute nodes, ascending (q_j = their number)
 * @param io    the I/O node it uses
 * @param start start time
 * @param end   end time
 */
public record Placement(long job, int[] nodes, int io, double start, double end) {

    /** A placement on the contiguous range first..first+count-1. */
    public static Placement range(long job, int first, int count, int io, double start, double end) {
        int[] nodes = new int[count];
        for (int i = 0; i < count; i++) {
            nodes[i] = first + i;
        }
        return new Placement(job, nodes, io, start, end);
    }

    /** q_j. */
    public int count() {
        return nodes.length;
    }

    public int first() {
        return nodes[0];
    }

    public int last() {
        return nodes[nodes.length - 1];
    }
}
