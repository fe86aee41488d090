package org.hpcsim.workload;

import java.io.EOFException;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.util.zip.ZipException;

/**
 * How a file that could not be opened or read is reported, the same for every input: a path that
 * names no file (none there, a directory, or a path through a regular file) is bad input the user
 * fixes by naming another (exit status 2); a file that is there but cannot be read (no permission, an
 * I/O error) is the system's refusal (exit status 3). A truncated or corrupt gzip file was read; its
 * content is at fault, so it is bad input. Reasons are in words, never a Java class name.
 */
public final class FileErrors {
    private FileErrors() {
    }

    /**
     * The error for a failure to read {@code file}: an {@link InputException} when there is no such
     * file, its text is not UTF-8 or its gzip stream is corrupt, else a {@link ReadException}.
     *
     * @param field the option or key that named the file, or null
     */
    public static RuntimeException reading(Path file, String field, IOException e) {
        String missing = missing(file, e);
        if (missing != null) {
            return new InputException(file.toString(), 0, field, missing);
        }
        if (e instanceof CharacterCodingException) {
            return new InputException(file.toString(), 0, field, "not UTF-8 text");
        }
        if (e instanceof ZipException || e instanceof EOFException) {
            // Read fine, but the bytes are a truncated or corrupt gzip stream: the content is at fault.
            return new InputException(file.toString(), 0, field, "not a valid gzip file (truncated or corrupt): "
                    + reason(e));
        }
        return new ReadException(file, field, e);
    }

    /**
     * Why {@code file} names no readable file: "no such file", "is a directory, not a file", or
     * "no such file (X is a file, not a directory)"; null when it names a file (then the failure is
     * the system's).
     */
    static String missing(Path file, IOException e) {
        if (Files.isDirectory(file)) {
            return "is a directory, not a file";
        }
        if (e instanceof NoSuchFileException) {
            return "no such file";
        }
        // ENOTDIR comes as a bare FileSystemException: find the regular file the path goes through.
        for (Path p = file.toAbsolutePath().getParent(); p != null; p = p.getParent()) {
            if (Files.isRegularFile(p)) {
                return "no such file (" + p + " is a file, not a directory)";
            }
        }
        return null;
    }

    /**
     * What the system said, without the file name it may repeat and without a Java class name:
     * "permission denied", "No space left on device", "Input/output error".
     */
    public static String reason(IOException e) {
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof NoSuchFileException) {
            return "no such file or directory";
        }
        if (e instanceof FileAlreadyExistsException) {
            return "exists already";
        }
        if (e instanceof NotDirectoryException) {
            return "not a directory";
        }
        if (e instanceof DirectoryNotEmptyException) {
            return "directory not empty";
        }
        if (e instanceof FileSystemException f && f.getReason() != null) {
            return f.getReason();
        }
        if (e instanceof EOFException) {
            return "unexpected end of file";
        }
        String m = e.getMessage();
        return m == null || m.isBlank() ? "an I/O error" : m;
    }
}
