// A short lock that sbench processes take for a step on something the whole machine shares (the mount of tracefs).
package org.sbench.target;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.engine.linux.LibC;
import org.sbench.engine.linux.TargetCalls;

/**
 * flock(2) {@code LOCK_EX} on a file in {@code /run/sbench} ({@link #DIR}, beside the disks' locks), held
 * for a step that must not interleave with another sbench process's. The steps take milliseconds, so a
 * held lock is waited for, at most {@link #WAIT}; a holder that keeps it longer (stopped) is named in the
 * refusal. The file is made, root's and 0400, when missing; when it cannot be (a read-only {@code /run}),
 * nothing is held and {@link #missing} says why: the caller decides what its step does without it.
 */
public final class MachineLock implements AutoCloseable {
    public static final Path DIR = TargetLock.LOCK_DIR;
    static final Duration WAIT = Duration.ofSeconds(30);

    /** Null when the file could not be made. */
    private final TargetLock held;
    private final String missing;

    private MachineLock(TargetLock held, String missing) {
        this.held = held;
        this.missing = missing;
    }

    /**
     * Takes the lock of {@code file}, waiting for a holder at most {@link #WAIT}.
     *
     * @throws SbenchException refused (TARGET_IN_USE) as "{@code shown} is in use by HOLDER, which has held
     *         FILE for 30 s{@code detail}"
     */
    public static MachineLock take(Path file, String shown, String detail) {
        return take(file, WAIT, shown, detail, Path.of("/proc"));
    }

    static MachineLock take(Path file, Duration wait, String shown, String detail, Path procRoot) {
        int fd;
        try {
            Files.createDirectories(file.getParent());
            fd = TargetCalls.open(file.toString(), LibC.O_RDONLY | LibC.O_CREAT | LibC.O_CLOEXEC, "O_RDONLY|O_CREAT", LibC.MODE_0400);
        } catch (IOException e) {
            return new MachineLock(null, "cannot create directory " + file.getParent() + ": " + SbenchException.reason(e));
        } catch (SbenchException e) {
            return new MachineLock(null, e.getMessage());
        }
        try {
            FileKey key = FileKey.ofOpen(fd, file, procRoot);
            if (!TargetCalls.lockExclusiveBy(fd, file.toString(), System.nanoTime() + wait.toNanos())) {
                throw new SbenchException(ErrorKind.TARGET_IN_USE, shown + " is in use by " + LockHolder.of(key, procRoot)
                        + ", which has held " + file + " for " + wait.toSeconds() + " s" + detail);
            }
            return new MachineLock(new TargetLock(fd, file.toString(), key), null);
        } catch (RuntimeException e) {
            throw TargetCalls.closeAfter(fd, file.toString(), e);
        }
    }

    /** Why the lock file could not be made (nothing is held then); empty when the lock is held. */
    public Optional<String> missing() {
        return Optional.ofNullable(missing);
    }

    @Override
    public void close() {
        if (held != null) {
            held.close();
        }
    }
}
