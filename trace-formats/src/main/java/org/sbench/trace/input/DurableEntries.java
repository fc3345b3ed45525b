package org.sbench.trace.input;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * Directories and files whose names survive a crash: each one made here is followed by a sync of the
 * directory that names it, as a rename into place is ({@link AtomicFileOutput}). A file's sync makes its
 * data durable, not its name in a directory made or changed since: POSIX leaves that to a sync of the
 * directory (ext4, XFS and btrfs commit a new name with a later sync in the same journal or log; other
 * filesystems need not).
 */
public final class DurableEntries {
    private DurableEntries() {
    }

    /**
     * Makes {@code dir} and each missing directory above it, as {@link Files#createDirectories} does, syncing the
     * directory that names each one made; one there already, or made meanwhile by another process, is taken as it is.
     * Each is made before it is looked at: on a filesystem shut down after an IO error, where every look fails (EIO),
     * the failure named is then mkdir's, not "file exists" of a directory a failed look took for missing.
     */
    public static void createDirectories(Path dir) throws IOException {
        Path absolute = dir.toAbsolutePath();
        try {
            createDirectory(absolute);
        } catch (NoSuchFileException e) {
            createDirectories(absolute.getParent());
            createDirectory(absolute);
        }
    }

    private static void createDirectory(Path dir) throws IOException {
        try {
            Files.createDirectory(dir);
        } catch (FileAlreadyExistsException e) {
            if (Files.readAttributes(dir, BasicFileAttributes.class).isDirectory()) {
                return;
            }
            throw e;
        }
        sync(dir.getParent());
    }

    /** Makes {@code file}, new and empty ({@link FileAlreadyExistsException} when it exists), and syncs its directory. */
    public static void createFile(Path file) throws IOException {
        Files.createFile(file);
        sync(file.toAbsolutePath().getParent());
    }

    /**
     * Syncs the directory {@code dir}: after a crash it names what it named now. A filesystem that cannot sync a
     * directory (EINVAL) leaves the names to itself.
     */
    public static void sync(Path dir) {
        try (FileChannel d = FileChannel.open(dir, StandardOpenOption.READ)) {
            d.force(true);
        } catch (IOException e) {
            // The entries are made; only their durability across a crash is the filesystem's.
        }
    }
}
