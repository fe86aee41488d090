package org.hpcsim.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.hpcsim.plugin.Plugins;
import picocli.CommandLine.Option;

/** {@code --plugin JAR} of the commands that name policies but read no scenario file ({@code run} has its own). */
final class PluginOptions {
    @Option(names = "--plugin", paramLabel = "JAR",
            description = "A plugin jar whose policies (schedulers, allocators, queue orders, failure models, curves,"
                    + " trace formats) may be named (repeatable; see docs/plugins.md).")
    List<Path> jars = new ArrayList<>();

    /** The plugins given; close them when the command is done. */
    Plugins load() {
        return Plugins.load(jars);
    }
}
