package org.hpcsim.view;

/**
 * One control from a page or a script: {@code pause}, {@code resume}, {@code step}, {@code until} (its
 * argument a time), {@code speed} (simulated seconds per wall second, or {@code max}), {@code inject}
 * (an event line as the console takes it) or {@code stop}.
 */
record Command(String verb, String argument) {
    static Command of(String verb) {
        return new Command(verb, "");
    }
}
