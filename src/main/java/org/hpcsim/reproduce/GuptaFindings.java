package org.hpcsim.reproduce;

/** What the check of Gupta and Srimani's example found, as reported beside the figures. */
final class GuptaFindings {
    private GuptaFindings() {
    }

    static final String J3 = "The paper's own last availability matrix (5.5 at time 4) and Theorem 1 give 9.5: its 8.5"
            + " is J3's finish before J6 is placed, while the same table's 5.875 for J2 already includes J6's effect.";
    static final String NO_CONTENTION = "The paper's 10 is the link-disjoint optimum (the row above); CNP_Alloc's own"
            + " greedy with every load 0 lets jobs share links without dilation and finishes at 7.";
}
