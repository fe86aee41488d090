package org.hpcsim.plot;

/**
 * One plot of a run: a figure to write as {@code name.png} / {@code name.svg}, or, when the run's
 * files do not allow it, why not; {@code note} says what a drawn figure leaves out (null: nothing).
 */
record Plot(String name, Figure figure, String skipped, String note) {
    static Plot of(String name, Figure figure) {
        return new Plot(name, figure, null, null);
    }

    static Plot of(String name, Figure figure, String note) {
        return new Plot(name, figure, null, note);
    }

    static Plot skip(String name, String why) {
        return new Plot(name, null, why, null);
    }
}
