package org.hpcsim.cli;

import picocli.CommandLine.Option;

/**
 * {@code -q/--quiet}, mixed into every command that prints progress, summary or warning lines, so
 * that it means the same everywhere: a script gets errors only (exit status and files tell the rest).
 */
final class Quiet {
    @Option(names = {"-q", "--quiet"}, description = "Print nothing but errors: no progress, summary or warning lines.")
    boolean on;
}
