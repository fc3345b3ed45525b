// What a path given for an output names, and so how the output reaches it.
package org.sbench.trace.input;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.sbench.SbenchException;

/**
 * An output path resolved once, before anything is written:
 * <ul>
 * <li>{@link Kind#FILE}: a regular file, or a name where one is made. A symbolic link is followed
 *     (also a dangling one) to the file it names, which is replaced in its own directory; the link
 *     stays.</li>
 * <li>{@link Kind#THROUGH}: a FIFO, a character device ({@code /dev/null}, a terminal) or an open
 *     descriptor ({@code /dev/stdout}, {@code /proc/self/fd/N}): written into, never replaced.</li>
 * <li>{@link Kind#STDOUT}: {@code -}, or any path to the file this process's standard output is
 *     ({@code /dev/stdout}, {@code /proc/self/fd/1}, the file it is redirected to), told by device
 *     and inode, not by spelling: written through standard output itself, which the command's
 *     tables then leave, so one stream never gets two writers.</li>
 * <li>{@link Kind#STDERR}: a path to the file standard error is ({@code /dev/stderr}): written
 *     through standard error itself, after the messages before it.</li>
 * </ul>
 * A directory, a block device or a socket is refused: a result written onto a disk would destroy
 * its data, and is almost always a mistyped option. So is a file under /dev ({@link DevDirectory}):
 * a mistyped device name there would become a file in RAM.
 */
public final class OutputPath {
    /** The name that means standard output. */
    public static final String STDOUT_NAME = "-";
    /** As the kernel's limit on links followed in one lookup (ELOOP). */
    private static final int MAX_LINKS = 40;
    private static final int S_IFMT = 0170000;
    private static final int S_IFIFO = 0010000;
    private static final int S_IFDIR = 0040000;
    private static final int S_IFREG = 0100000;
    private static final int S_IFCHR = 0020000;
    private static final int S_IFBLK = 0060000;
    /** A directory of open descriptors, whose entries are the descriptors themselves, not links to follow by name. */
    private static final Pattern DESCRIPTOR_DIR = Pattern.compile("/proc/[^/]+(/task/[^/]+)?/fd");
    /** This process's standard output and error; stat(2) through these gives the open files themselves. */
    private static final Path STDOUT_FD = Path.of("/proc/self/fd/1");
    private static final Path STDERR_FD = Path.of("/proc/self/fd/2");
    /** The devices under /dev an output is written into, named when a path there is no device. */
    private static final String[] DEV_OUTPUTS = {"/dev/stdout", "/dev/stderr", "/dev/null"};

    /** How an output reaches what its path names. */
    public enum Kind { FILE, THROUGH, STDOUT, STDERR }

    private final Path given;
    private final Kind kind;
    private final Path resolved;
    /** Why the path cannot be an output; null when it can. */
    private final String refusal;

    private OutputPath(Path given, Kind kind, Path resolved, String refusal) {
        this.given = given;
        this.kind = kind;
        this.resolved = resolved;
        this.refusal = refusal;
    }

    private static OutputPath of(Path given, Kind kind, Path resolved) {
        return new OutputPath(given, kind, resolved, null);
    }

    private static OutputPath refused(Path given, String why) {
        return new OutputPath(given, null, null, why);
    }

    /** True for {@code -} and for any path to the file standard output is ({@link Kind#STDOUT}). */
    public static boolean namesStdout(Path path) {
        return resolve(path).kind == Kind.STDOUT;
    }

    /**
     * Resolves {@code path}.
     *
     * @throws SbenchException a usage error naming {@code path} when it cannot be an output
     */
    public static OutputPath of(Path path) {
        OutputPath o = resolve(path);
        if (o.refusal != null) {
            throw SbenchException.usage(path + ": " + o.refusal);
        }
        return o;
    }

    /**
     * Why {@code path} cannot be an output, or null when it can: commands check their output options
     * with this before writing anything.
     */
    public static String refusal(Path path) {
        return resolve(path).refusal;
    }

    private static OutputPath resolve(Path path) {
        if (path.toString().equals(STDOUT_NAME)) {
            return of(path, Kind.STDOUT, null);
        }
        Object file = fileKey(path);
        if (file != null && file.equals(fileKey(STDOUT_FD))) {
            return of(path, Kind.STDOUT, null);
        }
        if (file != null && file.equals(fileKey(STDERR_FD))) {
            return of(path, Kind.STDERR, null);
        }
        Path p = path.toAbsolutePath();
        try {
            for (int links = 0; !isDescriptor(p); links++) {
                if (!Files.isSymbolicLink(p)) {
                    return ofNode(path, p);
                }
                if (links == MAX_LINKS) {
                    return refused(path, "more than " + MAX_LINKS + " symbolic links to follow");
                }
                // Not normalized: ".." after a linked directory is the kernel's to resolve.
                p = p.getParent().resolve(Files.readSymbolicLink(p));
            }
            return of(path, Kind.THROUGH, p);
        } catch (IOException e) {
            return refused(path, "cannot be resolved (" + SbenchException.reason(e) + ")");
        }
    }

    /** {@code p}, not a symbolic link, as the output of {@code given}. */
    private static OutputPath ofNode(Path given, Path p) throws IOException {
        int mode;
        try {
            mode = (Integer) Files.getAttribute(p, "unix:mode", LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
            Path dir = p.getParent();
            if (!Files.isDirectory(dir)) {
                return refused(given, dir + (Files.exists(dir, LinkOption.NOFOLLOW_LINKS) ? " is not a directory" : " does not exist"));
            }
            return DevDirectory.contains(p) ? refused(given, notADevice("there is no such device")) : file(given, p);
        }
        switch (mode & S_IFMT) {
            case S_IFREG:
                return DevDirectory.contains(p) ? refused(given, notADevice("is a regular file")) : file(given, p);
            case S_IFDIR:
                return refused(given, "is a directory, expected an output file name");
            case S_IFIFO:
            case S_IFCHR:
                return of(given, Kind.THROUGH, p);
            case S_IFBLK:
                return refused(given, "is a block device; sbench writes no output onto a disk (the disk to test is --target)");
            default:
                return refused(given, "is a socket, expected a file, a FIFO or a character device");
        }
    }

    /**
     * A regular file {@code p} as the output of {@code given}: its directory, where its part file is
     * made and renamed, must take a new file, so that a command that runs for hours before it writes
     * its output is refused at once rather than after the run.
     */
    private static OutputPath file(Path given, Path p) throws IOException {
        Path dir = p.getParent();
        if (!Files.isWritable(dir)) {
            return refused(given, "cannot be written: " + dir + (dir.getFileSystem().provider().getFileStore(dir).isReadOnly()
                    ? " is on a read-only file system" : " is not writable (permission denied)"));
        }
        return of(given, Kind.FILE, p);
    }

    /** Why a file under /dev is no output: {@code what} it is, and the devices there that are outputs. */
    private static String notADevice(String what) {
        List<String> present = new ArrayList<>();
        for (String d : DEV_OUTPUTS) {
            if (Files.exists(Path.of(d))) {
                present.add(d);
            }
        }
        return what + ", and sbench makes no files under /dev; devices to write into there: "
                + String.join(", ", present) + "; a file goes anywhere else (/dev/shm too)";
    }

    /**
     * True when this process's standard output is a pipe: then a write fails only when its reader has
     * gone ({@code sbench inspect T | head}), which took what it wanted; said of nothing, as a pipe's
     * writer killed by SIGPIPE says nothing.
     */
    public static boolean stdoutIsAPipe() {
        try {
            return Files.readSymbolicLink(STDOUT_FD).toString().startsWith("pipe:");
        } catch (IOException | UnsupportedOperationException e) {
            return false;
        }
    }

    /** The identity (device and inode) of the file {@code p} names, links followed; null when there is none. */
    private static Object fileKey(Path p) {
        try {
            return Files.readAttributes(p, BasicFileAttributes.class).fileKey();
        } catch (IOException e) {
            return null;
        }
    }

    /** True when {@code p} is an entry of a descriptor directory (whose entries are opened, not followed by name). */
    private static boolean isDescriptor(Path p) throws IOException {
        Path dir = p.getParent();
        return dir != null && Files.isDirectory(dir) && DESCRIPTOR_DIR.matcher(dir.toRealPath().toString()).matches();
    }

    /** The path as given, for messages. */
    public Path given() {
        return given;
    }

    public Kind kind() {
        return kind;
    }

    /** The regular file replaced ({@link Kind#FILE}) or the node written into ({@link Kind#THROUGH}); null for standard output and error. */
    public Path resolved() {
        return resolved;
    }

    /**
     * Where work files on the way to this output go: beside the file, so that it is renamed into
     * place on the same filesystem; the temporary directory for anything written through (never
     * a file in /dev or /proc).
     */
    public Path scratchDir() {
        return kind == Kind.FILE ? resolved.getParent() : Path.of(System.getProperty("java.io.tmpdir"));
    }
}
