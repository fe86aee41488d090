package org.hpcsim.cli;

import java.net.URISyntaxException;
import java.nio.file.FileSystemNotFoundException;
import java.nio.file.Path;
import java.security.CodeSource;

/**
 * Where {@code hpcsim reproduce} reads the shared data (the papers' traces, SST's outputs, D
 * matrices) from, whatever the working directory: {@code --shared DIR}, else the environment
 * variable {@value #ENV}, else {@code shared} beside the repository hpcsim runs from (its jar is
 * {@code REPO/target/hpcsim.jar}, its classes {@code REPO/target/classes} under Maven, so the data
 * is {@code REPO/../shared}).
 */
final class SharedDirectory {
    static final String ENV = "HPCSIM_SHARED";

    /** The directory, and what chose it (for messages). */
    record Found(Path dir, String from) {
    }

    private SharedDirectory() {
    }

    /** The directory for this process: its option, environment and installation. */
    static Found locate(Path option) {
        return locate(option, System.getenv(ENV), installation());
    }

    /**
     * The directory from {@code option} (null if not given), the environment variable's value {@code env}
     * (null if unset) and {@code code}, the jar or classes directory hpcsim runs from (null if unknown).
     */
    static Found locate(Path option, String env, Path code) {
        if (option != null) {
            return new Found(option, "--shared");
        }
        if (env != null && !env.isBlank()) {
            return new Found(Path.of(env), ENV);
        }
        Path target = code == null ? null : code.toAbsolutePath().normalize().getParent();
        Path repo = target == null ? null : target.getParent();
        if (repo == null || repo.getParent() == null) {
            // Run from somewhere with no repository around it: only the working directory is left.
            return new Found(Path.of("..", "shared"), "the working directory");
        }
        return new Found(repo.resolveSibling("shared"), "hpcsim's installation, " + repo);
    }

    /** The jar (or classes directory) this class was loaded from, or null. */
    private static Path installation() {
        CodeSource source = SharedDirectory.class.getProtectionDomain().getCodeSource();
        if (source == null || source.getLocation() == null) {
            return null;
        }
        try {
            return Path.of(source.getLocation().toURI());
        } catch (URISyntaxException | IllegalArgumentException | FileSystemNotFoundException e) {
            return null; // not a file
        }
    }
}
