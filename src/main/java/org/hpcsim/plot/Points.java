package org.hpcsim.plot;

/** The points of one series as drawn: x and y in chart units; a NaN y breaks the line. */
record Points(double[] x, double[] y) {
}
