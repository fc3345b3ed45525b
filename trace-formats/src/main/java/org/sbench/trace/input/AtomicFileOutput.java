package org.sbench.trace.input;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import org.sbench.SbenchException;

/**
 * An output file that appears under its name only when complete: written to a temporary file
 * beside the target and renamed on {@link #commit()}; {@link #close()} without commit deletes it.
 */
public final class AtomicFileOutput implements AutoCloseable {
    private final Path target;
    private final Path temp;
    private final FileChannel channel;
    private boolean committed;

    public AtomicFileOutput(Path target) {
        this.target = target;
        String unwritable = unwritable(target);
        if (unwritable != null) {
            throw SbenchException.usage(target + ": " + unwritable);
        }
        this.temp = scratchBeside(target, ".part");
        try {
            this.channel = FileChannel.open(temp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING);
        } catch (IOException e) {
            throw SbenchException.ioFailure("create", target, e);
        }
    }

    /**
     * Why {@code target} cannot be an output file, or null when it can: it is a directory, or the
     * directory it would go in is not one. Commands check their output options with this before
     * writing anything.
     */
    public static String unwritable(Path target) {
        if (Files.isDirectory(target)) {
            return "is a directory, expected an output file name";
        }
        Path dir = target.toAbsolutePath().getParent();
        return Files.isDirectory(dir) ? null : dir + " is not a directory";
    }

    /**
     * A new empty file with a hidden name beside {@code target}, for work on the way to it; deleted
     * when the JVM exits unless the caller moves or deletes it first.
     *
     * @throws SbenchException naming {@code target} when no file can be made there
     */
    public static Path scratchBeside(Path target, String suffix) {
        try {
            Path scratch = Files.createTempFile(target.toAbsolutePath().getParent(), "." + target.getFileName() + ".", suffix);
            // An interrupted run (Ctrl-C) exits through the shutdown hooks: the partial file goes too.
            scratch.toFile().deleteOnExit();
            return scratch;
        } catch (IOException e) {
            throw SbenchException.ioFailure("create", target, e);
        }
    }

    public Path target() {
        return target;
    }

    /** The channel to write through (positioned writes allowed, e.g. to patch a header). */
    public FileChannel channel() {
        return channel;
    }

    /** Moves the complete file into place. */
    public void commit() {
        try {
            channel.force(false);
            channel.close();
            try {
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
            }
            committed = true;
        } catch (IOException e) {
            throw SbenchException.ioFailure("write", target, e);
        }
    }

    @Override
    public void close() {
        if (committed) {
            return;
        }
        try {
            channel.close();
            Files.deleteIfExists(temp);
        } catch (IOException ignored) {
            // Best effort: the partial file has a .part name and never replaces the target.
        }
    }
}
