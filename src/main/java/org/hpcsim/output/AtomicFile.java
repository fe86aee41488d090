package org.hpcsim.output;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.ThreadLocalRandom;
import org.hpcsim.workload.InputException;

/**
 * Writes an output file all or nothing: into a new file beside it, then moved into place, so that
 * on any error the destination is left as it was and no partial file remains.
 */
public final class AtomicFile {

    /** Writes the content to a stream. */
    @FunctionalInterface
    public interface Content<T> {
        T writeTo(OutputStream out) throws IOException;
    }

    private AtomicFile() {
    }

    /**
     * Writes {@code out} (named by {@code option} in errors) and returns what the content returned.
     *
     * @throws InputException  if the destination is a directory or its directory is missing
     * @throws OutputException if the system refuses to write it (no permission, a full disk)
     */
    public static <T> T write(Path out, String option, Content<T> content) {
        Path target = out.toAbsolutePath();
        if (Files.isDirectory(target)) {
            throw new InputException(out.toString(), 0, option, "is a directory");
        }
        Path dir = target.getParent();
        if (dir == null || !Files.isDirectory(dir)) {
            throw new InputException(out.toString(), 0, option, "no such directory: " + dir);
        }
        Path tmp = null;
        try {
            tmp = createTemporary(dir);
            T result;
            try (OutputStream stream = Files.newOutputStream(tmp)) {
                result = content.writeTo(stream);
            }
            try {
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
            return result;
        } catch (IOException e) {
            throw new OutputException(out, e);
        } finally {
            if (tmp != null) {
                try {
                    Files.deleteIfExists(tmp);
                } catch (IOException e) {
                    // Best effort: the move normally consumed it.
                }
            }
        }
    }

    /**
     * A new empty file beside the output. Unlike {@link Files#createTempFile}, which makes it
     * readable by its owner only, it gets the default permissions of a new file, as the output should.
     */
    private static Path createTemporary(Path dir) throws IOException {
        for (int attempt = 0; ; attempt++) {
            Path p = dir.resolve(".hpcsim-" + Long.toUnsignedString(ThreadLocalRandom.current().nextLong(), 36) + ".tmp");
            try {
                return Files.createFile(p);
            } catch (FileAlreadyExistsException e) {
                if (attempt == 100) {
                    throw e;
                }
            }
        }
    }
}
