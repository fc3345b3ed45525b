// The copies of compressed trace.dat files one command reads more than once: each file copied once, at its first reading.
package org.sbench.trace.format.tracecmd;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.HashMap;
import java.util.Map;
import org.sbench.SbenchException;
import org.sbench.trace.input.TraceInput;

/**
 * The {@link DatSpool}s of the compressed trace.dat files a command reads more than once (replay's planning pass and
 * its replay, convert's span and conversion, a sort's second reading, a scenario's steps): a file is copied at its
 * first reading and read from that copy by the later ones, until {@link #close}, which frees the copies' room. A file
 * changed since its copy (another size or modification time) is copied again. Each copy is deleted as soon as it is
 * open, as ever: nothing is left however the command ends. Thread-safe.
 */
public final class DatCopies implements AutoCloseable {
    private final Map<Key, DatSpool> copies = new HashMap<>();

    /** What makes a copy the file's: the file, its size and its modification time. */
    private record Key(Path file, long size, FileTime modified) {
    }

    /** A copy of a file, {@code made} by this reading (which read the file) or by an earlier one. */
    record Copy(DatSpool spool, boolean made) {
    }

    /** The copy of {@code input}, a compressed local file, into {@code tempDir}: made now unless an earlier reading made it. */
    synchronized Copy of(TraceInput input, Path tempDir) {
        Key key = key(input.path());
        DatSpool kept = copies.get(key);
        if (kept != null) {
            return new Copy(kept, false);
        }
        DatSpool made = DatSpool.copy(input, tempDir);
        copies.put(key, made);
        return new Copy(made, true);
    }

    private static Key key(Path path) {
        try {
            BasicFileAttributes a = Files.readAttributes(path, BasicFileAttributes.class);
            return new Key(path.toRealPath(), a.size(), a.lastModifiedTime());
        } catch (IOException e) {
            throw SbenchException.ioFailure("read", path, e);
        }
    }

    @Override
    public synchronized void close() {
        copies.values().forEach(DatSpool::close);
        copies.clear();
    }
}
