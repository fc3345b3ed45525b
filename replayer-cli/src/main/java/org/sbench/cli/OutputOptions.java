package org.sbench.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import org.sbench.SbenchException;
import org.sbench.trace.input.AtomicFileOutput;

/**
 * Checks of a command's output options, made before it writes anything, so that a mistyped one
 * fails the command without leaving the outputs of the others behind.
 */
final class OutputOptions {
    private OutputOptions() {
    }

    /** {@code option FILE}, when given: a file that can be written. */
    static void checkFile(String option, Path file) {
        String unwritable = file == null ? null : AtomicFileOutput.unwritable(file);
        if (unwritable != null) {
            throw SbenchException.usage(option + " " + file + ": " + unwritable);
        }
    }

    /** {@code option DIR}, when given: a directory, or a path where one can be created. */
    static void checkDirectory(String option, Path dir) {
        if (dir == null) {
            return;
        }
        Path absolute = dir.toAbsolutePath();
        Path existing = absolute;
        while (!Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (!Files.isDirectory(existing)) {
            throw SbenchException.usage(option + " " + dir + ": "
                    + (existing.equals(absolute) ? "is a file, expected a directory" : existing + " is not a directory"));
        }
    }
}
