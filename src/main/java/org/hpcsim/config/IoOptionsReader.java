package org.hpcsim.config;

import static org.hpcsim.config.ConfigValues.bytes;
import static org.hpcsim.config.ConfigValues.fail;
import static org.hpcsim.config.ConfigValues.oneOf;
import static org.hpcsim.config.ConfigValues.path;
import static org.hpcsim.config.ConfigValues.string;

import com.typesafe.config.Config;
import java.nio.file.Path;
import org.hpcsim.storage.IoOptions;

/** Reads {@link IoOptions}: keys {@code io.*}. */
final class IoOptionsReader {

    private IoOptionsReader() {
    }

    static IoOptions read(Config c) {
        long bandwidth = bytes(c, "io.bandwidth");
        if (bandwidth <= 0) {
            throw fail(c, "io.bandwidth", "must be positive, got " + string(c, "io.bandwidth"));
        }
        Path jobsFile = path(c, "io.jobs-file");
        IoOptions.Assign assign = oneOf(c, "io.assign", IoOptions.Assign.class);
        if (assign == IoOptions.Assign.FILE && jobsFile == null) {
            throw fail(c, "io.assign", "is file but io.jobs-file is not set");
        }
        return new IoOptions(assign, jobsFile, bytes(c, "io.read"), bytes(c, "io.write"), bandwidth);
    }
}
