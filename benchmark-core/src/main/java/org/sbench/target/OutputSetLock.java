// The lock a command holds on each directory it moves a set of outputs into, so that two sets never mix.
package org.sbench.target;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.engine.linux.Errno;
import org.sbench.engine.linux.LibC;
import org.sbench.engine.linux.TargetCalls;

/**
 * flock(2) {@code LOCK_EX} on {@code DIR/.sbench-outputs.lock} of every directory a set of outputs is
 * moved into, from before the first move to after the last: the moves of two commands writing one set
 * (two {@code report R --csv D}) do not interleave, and the set moved last is there whole. A lock file
 * of its own, not the directory: {@code run} holds an flock of its bundle directory ({@link TargetLock#ofBundle})
 * for the whole run, and moves its own outputs into it.
 *
 * <p>The holder deletes the file before it unlocks, so no directory keeps it; a process that locked the
 * deleted file meanwhile finds the path names another file or none, and opens again. Directories are
 * locked in one order (their real paths), so two commands never wait on each other. A wait is bounded:
 * the moves take milliseconds, and a holder that keeps the lock for {@link #WAIT} (stopped, or its disk
 * hung) is named in the refusal.
 */
public final class OutputSetLock implements AutoCloseable {
    static final String FILE = ".sbench-outputs.lock";
    static final Duration WAIT = Duration.ofSeconds(30);

    /** Held, in the order taken. */
    private final List<Held> held = new ArrayList<>();

    private record Held(int fd, Path file) {
    }

    private OutputSetLock() {
    }

    /**
     * Locks each directory of {@code outputs} (its keys, any spelling; each directory once), waiting at most {@link #WAIT}
     * for each; a directory with no room for the lock file is refused as the output its value names.
     */
    public static OutputSetLock of(Map<Path, Path> outputs) {
        return of(outputs, WAIT, Path.of("/proc"));
    }

    static OutputSetLock of(Map<Path, Path> outputs, Duration wait, Path procRoot) {
        TreeMap<Path, Path> ordered = new TreeMap<>();
        outputs.forEach((dir, output) -> ordered.putIfAbsent(real(dir), output));
        OutputSetLock lock = new OutputSetLock();
        try {
            for (Map.Entry<Path, Path> e : ordered.entrySet()) {
                lock.held.add(take(e.getKey(), e.getValue(), wait, procRoot));
            }
        } catch (RuntimeException e) {
            lock.close();
            throw e;
        }
        return lock;
    }

    private static Path real(Path dir) {
        try {
            return dir.toRealPath();
        } catch (IOException e) {
            return dir.toAbsolutePath().normalize(); // its moves will say what is wrong with it
        }
    }

    /** The lock of {@code dir}, into which {@code output} (among others) is moved. */
    private static Held take(Path dir, Path output, Duration wait, Path procRoot) {
        Path file = dir.resolve(FILE);
        long deadline = System.nanoTime() + wait.toNanos();
        while (true) {
            int fd = TargetCalls.openUnlessNoRoom(file.toString(), LibC.O_RDONLY | LibC.O_CREAT | LibC.O_CLOEXEC, "O_RDONLY|O_CREAT",
                    LibC.MODE_0644);
            if (fd < 0) {
                // The lock file is sbench's own: the user hears of the outputs it was to guard.
                throw new SbenchException(ErrorKind.SYSTEM_FAILURE, "cannot write " + output + ": " + Errno.reason(fd)
                        + " (making its lock file)");
            }
            try {
                FileKey key = FileKey.ofOpen(fd, file, procRoot);
                if (!TargetCalls.lockExclusiveBy(fd, file.toString(), deadline)) {
                    throw new SbenchException(ErrorKind.TARGET_IN_USE, dir + " is in use by " + LockHolder.of(key, procRoot)
                            + ", which has been moving its outputs into it for " + wait.toSeconds() + " s; give this command's"
                            + " outputs another directory");
                }
                if (FileKey.of(file).filter(key::equals).isPresent()) {
                    return new Held(fd, file);
                }
                // Deleted by the holder before we locked it: the lock is the file's at the path now.
            } catch (RuntimeException e) {
                throw TargetCalls.closeAfter(fd, file.toString(), e);
            }
            TargetCalls.close(fd, file.toString());
        }
    }

    @Override
    public void close() {
        for (int i = held.size() - 1; i >= 0; i--) {
            Held h = held.get(i);
            try {
                Files.deleteIfExists(h.file());
            } catch (IOException e) {
                // Left: the next set moved into the directory locks it and deletes it.
            }
            TargetCalls.close(h.fd(), h.file().toString());
        }
        held.clear();
    }
}
