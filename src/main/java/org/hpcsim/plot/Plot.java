package org.hpcsim.plot;

/**
 * One plot of a run: a figure to write as {@code name.png} / {@code name.svg}, or, when the run's
 * files do not allow it, why not.
 */
record Plot(String name, Figure figure, String skipped) {
    static Plot of(String name, Figure figure) {
        return new Plot(name, figure, null);
    }

    static Plot skip(String name, String why) {
        return new Plot(name, null, why);
    }
}
