package org.sbench.cli;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.sbench.SbenchException;
import org.sbench.trace.input.DurableEntries;
import org.sbench.trace.input.OutputPath;

/**
 * The directory a command writes its output into, made before the command runs so that a path that
 * cannot be one fails at once rather than after the run. Unless {@link #keep()} is called, closing
 * removes the directories it made (when still empty): a command that fails leaves nothing behind.
 */
final class OutputDirectory implements AutoCloseable {
    private final Path path;
    /** Made by this, outermost first. */
    private final List<Path> made = new ArrayList<>();
    private boolean keep;

    /** {@code dir} as named by {@code option}, made with any missing parents. */
    OutputDirectory(String option, Path dir) {
        this(option, dir, check(option, dir));
    }

    /** {@code dir} as named by {@code option}, made from the directories {@link #check} found {@code missing}. */
    OutputDirectory(String option, Path dir, List<Path> missing) {
        this.path = dir;
        try {
            for (Path p : missing) {
                try {
                    made.add(Files.createDirectory(p));
                    DurableEntries.sync(p.getParent());
                } catch (FileAlreadyExistsException meanwhile) {
                    if (!Files.isDirectory(p)) {
                        throw meanwhile;
                    }
                    // Made since check() by another command writing there: taken, and left to it.
                }
            }
        } catch (IOException e) {
            close();
            // Refused before the run, as an output file whose directory takes no new file is (OutputPath).
            throw SbenchException.cannotBeMade(option + " " + dir + ":", e);
        }
    }

    /**
     * Refuses {@code dir} (named by {@code option}) when it cannot be a directory of output, before
     * anything is made: standard output, a path under /dev, a file or a path through one. Returns
     * the directories missing, outermost first.
     */
    static List<Path> check(String option, Path dir) {
        if (OutputPath.namesStdout(dir)) {
            throw SbenchException.usage(option + " -: standard output cannot hold a directory of files; name a directory");
        }
        OutputOptions.checkDirectory(option, dir);
        Path absolute = dir.toAbsolutePath();
        List<Path> missing = new ArrayList<>();
        Path existing = absolute;
        for (; existing != null && !Files.exists(existing); existing = existing.getParent()) {
            missing.add(0, existing);
        }
        if (existing != null && !Files.isDirectory(existing)) {
            throw SbenchException.usage(option + " " + dir + ": "
                    + (existing.equals(absolute) ? "is a file, expected a directory" : existing + " is not a directory"));
        }
        return missing;
    }

    private OutputDirectory(Path made) {
        this.path = made;
        this.made.add(made);
    }

    /** A new directory in the system's temporary directory. */
    static OutputDirectory temporary(String prefix) {
        try {
            return new OutputDirectory(Files.createTempDirectory(prefix));
        } catch (IOException e) {
            throw SbenchException.ioFailure("create a directory in", Path.of(System.getProperty("java.io.tmpdir")), e);
        }
    }

    Path path() {
        return path;
    }

    /** The command has written its output: the directory stays. */
    void keep() {
        keep = true;
    }

    @Override
    public void close() {
        if (keep) {
            return;
        }
        for (int i = made.size() - 1; i >= 0; i--) {
            try {
                Files.deleteIfExists(made.get(i));
            } catch (IOException notEmptyOrGone) {
                return;
            }
        }
    }
}
