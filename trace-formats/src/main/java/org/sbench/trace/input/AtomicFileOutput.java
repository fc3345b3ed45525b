package org.sbench.trace.input;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;

/**
 * An output that appears only when complete: written to a temporary file and, on
 * {@link #commit()}, moved to what its path names ({@link OutputPath}): a regular file is replaced
 * by a rename in its own directory (through a symbolic link: the file it names; the link stays);
 * a FIFO, character device or descriptor gets the whole content written into it; standard output
 * ({@code -}, or a path to the file it is) and standard error get it written through themselves
 * (standard output that is a pipe whose reader has gone took what it wanted: no failure,
 * {@link OutputPath#stdoutIsAPipe}).
 * {@link #close()} without commit deletes the temporary file, so a failed or interrupted write
 * leaves nothing; the part file a killed writer left beside a file ({@link PartFiles}) is removed
 * when the file is next written.
 *
 * <p>A new file gets the permissions of the process's umask, as any file a shell command makes; a
 * replaced file keeps its own.
 */
public final class AtomicFileOutput implements AutoCloseable {
    /** How messages name standard output, which the user wrote as {@code -} or redirected. */
    private static final String STANDARD_OUTPUT = "standard output";
    private static final FileAttribute<Set<PosixFilePermission>> OWNER_ONLY =
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"));

    private final OutputPath output;
    private final Path temp;
    private final FileChannel channel;
    private boolean prepared;
    private boolean committed;
    /** Why the last sync failed, until the content is {@link #writtenAgain() written again}; null when none did. */
    private IOException syncFailure;

    public AtomicFileOutput(Path target) {
        this.output = OutputPath.of(target);
        FileChannel opened = null;
        Path made = null;
        // Scratch beside the file is the file to be (the umask's permissions); a copy on its way
        // into a pipe or device sits in the shared temporary directory, readable by its owner only.
        boolean file = output.kind() == OutputPath.Kind.FILE;
        if (file) {
            PartFiles.removeStale(output.resolved());
        }
        String name = file ? output.resolved().getFileName().toString() : "sbench-output";
        while (opened == null) {
            made = PartFiles.name(output.scratchDir(), name, ThreadLocalRandom.current().nextLong());
            try {
                // Readable too: a writer whose sync failed reads what it wrote back to write it again (syncFailure()).
                opened = file ? FileChannel.open(made, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE, StandardOpenOption.READ)
                        : FileChannel.open(made, Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE, StandardOpenOption.READ),
                                OWNER_ONLY);
                if (!PartFiles.hold(made, opened)) {
                    // Taken for a stale part by another sbench, which deletes it: draw another.
                    opened.close();
                    opened = null;
                }
            } catch (FileAlreadyExistsException taken) {
                // Another temporary file has the name: draw another.
            } catch (IOException e) {
                throw creationFailure(target, output, e);
            }
        }
        this.temp = made;
        this.channel = opened;
        // An interrupted run exits through the shutdown hooks: the partial file goes too.
        temp.toFile().deleteOnExit();
    }

    /**
     * A new empty file with a hidden name where work on the way to {@code target} goes (beside it,
     * or in the temporary directory when {@code target} is not a regular file); deleted when the
     * JVM exits unless the caller moves or deletes it first.
     *
     * @throws SbenchException naming {@code target} when no file can be made there
     */
    public static Path scratchBeside(Path target, String suffix) {
        OutputPath output = OutputPath.of(target);
        try {
            Path scratch = Files.createTempFile(output.scratchDir(), "." + target.getFileName() + ".", suffix);
            scratch.toFile().deleteOnExit();
            return scratch;
        } catch (IOException e) {
            throw creationFailure(target, output, e);
        }
    }

    /** The output's file could not be made; one into a pipe or device is made in the temporary directory, named as such. */
    private static SbenchException creationFailure(Path target, OutputPath output, IOException e) {
        return output.kind() == OutputPath.Kind.FILE ? SbenchException.ioFailure("create", target, e)
                : SbenchException.ioFailure("make the temporary copy of " + named(target) + " in", output.scratchDir(), e);
    }

    /** The path as given, for messages. */
    public Path target() {
        return output.given();
    }

    /** The output as a message names it: as given, but {@code -} as "standard output", as a failure to write it says. */
    public String targetName() {
        return named(target());
    }

    /** {@code given} as messages name it ({@link #targetName()}). */
    private static String named(Path given) {
        return given.toString().equals(OutputPath.STDOUT_NAME) ? STANDARD_OUTPUT : given.toString();
    }

    /** The directory the output is renamed into; empty for one written through (a FIFO, a device, standard output). */
    public Optional<Path> directory() {
        return output.kind() == OutputPath.Kind.FILE ? Optional.of(output.resolved().toAbsolutePath().getParent()) : Optional.empty();
    }

    /** The temporary file written until {@link #commit()} (to allocate space ahead of the writer in). */
    public Path part() {
        return temp;
    }

    /** The channel to write through (positioned writes allowed, e.g. to patch a header). */
    public FileChannel channel() {
        return channel;
    }

    /**
     * Makes the content durable in the temporary file: what can fail for want of space fails here.
     * {@link #commit()} then only moves it into place, so outputs that must appear together prepare
     * all before committing any. The file stays open, and so locked ({@link PartFiles}), until then.
     */
    public void prepare() {
        if (prepared) {
            return;
        }
        if (syncFailure != null) {
            throw new IllegalStateException("a sync of " + temp + " failed: its content must be written again before it is synced again");
        }
        try {
            channel.force(false);
            prepared = true;
        } catch (IOException e) {
            syncFailure = e;
            throw SbenchException.ioFailure("write", target(), e);
        }
    }

    /**
     * Why the last sync ({@link #prepare()}) failed, if it did and the content was not written again since. The
     * kernel marks the pages it could not write clean (Linux), so a later sync succeeds without them: a writer that
     * wants to commit after all must write every byte of the content again first, then call {@link #writtenAgain()}.
     */
    public Optional<IOException> syncFailure() {
        return Optional.ofNullable(syncFailure);
    }

    /** Says that all of the content was written again since the sync failed: it may be synced again. */
    public void writtenAgain() {
        syncFailure = null;
    }

    /** Moves the complete output into place. */
    public void commit() {
        prepare();
        try {
            switch (output.kind()) {
                case FILE:
                    replace(output.resolved());
                    break;
                case THROUGH:
                    writeInto(output.resolved());
                    Files.delete(temp);
                    break;
                case STDERR:
                    writeTo(System.err, "standard error");
                    Files.delete(temp);
                    break;
                default:
                    writeTo(System.out, STANDARD_OUTPUT);
                    Files.delete(temp);
            }
            committed = true;
            PartFiles.release(temp);
            channel.close();
        } catch (IOException e) {
            // A writer may change the content and commit again (SbtWriter.cutTo at a full disk): synced again then.
            prepared = false;
            throw SbenchException.ioFailure("write", target(), e);
        }
    }

    private void replace(Path file) throws IOException {
        if (Files.isRegularFile(file)) {
            Files.setPosixFilePermissions(temp, Files.getPosixFilePermissions(file));
        }
        try {
            Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
        }
        // After a crash the directory names the new file, not the old one or none.
        DurableEntries.sync(file.toAbsolutePath().getParent());
    }

    /** Appends, so that a descriptor of a file (stdout redirected to one) continues after what is in it. */
    private void writeInto(Path node) throws IOException {
        try (FileChannel in = FileChannel.open(temp, StandardOpenOption.READ);
             FileChannel out = FileChannel.open(node, StandardOpenOption.WRITE, StandardOpenOption.APPEND)) {
            long size = in.size();
            for (long done = 0; done < size;) {
                done += in.transferTo(done, size - done, out);
            }
        }
    }

    private void writeTo(PrintStream stream, String name) throws IOException {
        Files.copy(temp, stream);
        stream.flush();
        if (stream.checkError() && !(stream == System.out && OutputPath.stdoutIsAPipe())) {
            // Named as the stream, not as "-": the user redirected it, and typed no name for it.
            throw new SbenchException(ErrorKind.SYSTEM_FAILURE, "cannot write " + name + " (closed, or a full disk)");
        }
    }

    @Override
    public void close() {
        if (committed) {
            return;
        }
        try {
            Files.deleteIfExists(temp);
            channel.close();
        } catch (IOException ignored) {
            // Best effort: the partial file has a hidden .part name and never replaces the target.
        } finally {
            PartFiles.release(temp);
        }
    }
}
