package org.hpcsim.testing;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Files from {@code ../shared/} beside the repository (traces, SST reference outputs, papers).
 * They are never copied into the repository. A test that needs a missing file is skipped on a
 * developer's machine but fails when {@code CI=true}.
 */
public final class SharedData {
    private SharedData() {
    }

    /** The repository root (Maven's basedir in tests). */
    public static Path repoRoot() {
        String fromMaven = System.getenv("HPCSIM_REPO_ROOT");
        return Path.of(fromMaven != null ? fromMaven : System.getProperty("user.dir")).toAbsolutePath();
    }

    /** A file under {@code ../shared/}; fails under CI, skips otherwise, when it is missing. */
    public static Path file(String relative) {
        Path p = repoRoot().resolveSibling("shared").resolve(relative).normalize();
        if (!Files.isRegularFile(p)) {
            String msg = "shared data file missing: " + p;
            if ("true".equalsIgnoreCase(System.getenv("CI"))) {
                fail(msg + " (CI=true: shared data is required)");
            }
            assumeTrue(false, msg);
        }
        return p;
    }
}
