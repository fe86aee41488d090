package org.hpcsim.reproduce;

/** What the investigation of Bender et al.'s Table 1 found, as reported beside the figures. */
final class BenderFindings {
    private BenderFindings() {
    }

    /** Why hpcsim's MC1x1 - MM gap is smaller than the paper's. */
    static final String GAP = "The paper's gap is two to three times hpcsim's; see docs/reproducing.md for what was tried.";
}
