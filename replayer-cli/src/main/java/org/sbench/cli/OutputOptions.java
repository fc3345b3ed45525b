package org.sbench.cli;

import java.nio.file.Path;
import org.sbench.SbenchException;
import org.sbench.trace.input.AtomicFileOutput;

/**
 * Checks of a command's output file options, made before it writes anything, so that a mistyped
 * one fails the command without leaving the outputs of the others behind (directories:
 * {@link OutputDirectory}).
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
}
