package org.hpcsim.cli;

import picocli.CommandLine.Option;

/**
 * {@code --force}, mixed into the commands that write a finished output of their kind into {@code -o}
 * (plots, reports, experiments, reproductions), so that it means the same everywhere. {@code run}
 * and {@code sweep} have their own: a finished run is replaced whole, a sweep resumes.
 */
final class Force {
    @Option(names = "--force", description = "Write into a non-empty --out that holds no finished output of this"
            + " command (entries of the same names are replaced, others kept).")
    boolean on;
}
