package org.sbench.trace.input;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.sbench.SbenchException;

/** Opening a file sbench reads (a trace, a result, a bundle, a scenario), with the errors users see. */
public final class InputFiles {
    private InputFiles() {
    }

    /**
     * {@code file} opened for reading: a file that is not there is bad input naming it ("no such
     * file"); one there but not readable a failure to read it ("permission denied"), not "no such file".
     */
    public static InputStream open(Path file) {
        try {
            return Files.newInputStream(file);
        } catch (NoSuchFileException e) {
            throw SbenchException.badInput(file.toString(), "no such file");
        } catch (IOException e) {
            throw SbenchException.ioFailure("read", file, e);
        }
    }
}
