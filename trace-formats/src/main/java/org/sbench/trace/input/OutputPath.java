// What a path given for an output names, and so how the output reaches it.
package org.sbench.trace.input;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
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
 * <li>{@link Kind#STDOUT}: {@code -}, this process's standard output.</li>
 * </ul>
 * A directory, a block device or a socket is refused: a result written onto a disk would destroy
 * its data, and is almost always a mistyped option.
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

    /** How an output reaches what its path names. */
    public enum Kind { FILE, THROUGH, STDOUT }

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

    /** True for {@code -}. */
    public static boolean isStdout(Path path) {
        return path.toString().equals(STDOUT_NAME);
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
        if (isStdout(path)) {
            return of(path, Kind.STDOUT, null);
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
            return Files.isDirectory(dir) ? of(given, Kind.FILE, p) : refused(given, dir + " is not a directory");
        }
        switch (mode & S_IFMT) {
            case S_IFREG:
                return of(given, Kind.FILE, p);
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

    /** The regular file replaced ({@link Kind#FILE}) or the node written into ({@link Kind#THROUGH}); null for standard output. */
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
