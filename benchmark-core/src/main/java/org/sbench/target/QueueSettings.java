package org.sbench.target;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;

/**
 * The block queue settings a replay changes, and their restoration. A trace records the IOs the
 * drive saw, so the block layer must not merge adjacent ones: {@code queue/nomerges} of the disk
 * (a partition's parent) is set to {@value #NOMERGES_NONE} (no merging at all) for the run, unless
 * merges are allowed, and the old value is written back on {@link #close()}.
 *
 * <p>Restoration also happens when the JVM exits without {@code close()} (Ctrl-C, SIGTERM): a
 * shutdown hook is registered when the value is changed and removed again by a normal
 * {@code close()}. Only SIGKILL or a crash of the JVM leaves the device with nomerges 2; sbench's
 * result records the value used, and {@code echo 0 > /sys/class/block/DISK/queue/nomerges} undoes it.
 * {@code close()} is idempotent and may run concurrently with the hook.
 */
public final class QueueSettings implements AutoCloseable {
    /** nomerges value that disables all merging (0 merges, 1 only simple one-hit merges). */
    public static final String NOMERGES_NONE = "2";
    /** The option that keeps the device's merge setting. */
    public static final String ALLOW_MERGES_OPTION = "--allow-merges";

    private final Path nomergesFile;
    private final String nomergesBefore;
    private final String nomergesUsed;
    private final String scheduler;
    private final Thread restoreOnExit;
    private boolean restored;

    private QueueSettings(Path nomergesFile, String before, String used, String scheduler, boolean changed) {
        this.nomergesFile = nomergesFile;
        this.nomergesBefore = before;
        this.nomergesUsed = used;
        this.scheduler = scheduler;
        this.restoreOnExit = changed ? new Thread(this::restoreOnExit, "sbench-restore-nomerges") : null;
        this.restored = !changed;
    }

    /**
     * Disables merging on {@code device}'s disk for the run ({@code allowMerges} false), or only
     * records the settings ({@code allowMerges} true).
     *
     * @throws SbenchException {@link ErrorKind#SYSTEM_FAILURE} when the setting cannot be read or changed
     */
    static QueueSettings apply(SysfsBlockDevice device, boolean allowMerges) {
        SysfsBlockDevice disk = device.disk();
        Path file = disk.attributePath("queue/nomerges");
        String before = disk.attribute("queue/nomerges").orElseThrow(() ->
                new SbenchException(ErrorKind.SYSTEM_FAILURE, "cannot read " + file));
        String scheduler = KernelChoices.selected(disk.attribute("queue/scheduler").orElse(""));
        boolean change = !allowMerges && !before.equals(NOMERGES_NONE);
        QueueSettings settings = new QueueSettings(file, before, change ? NOMERGES_NONE : before, scheduler, change);
        if (change) {
            write(file, NOMERGES_NONE, "; run as root or add " + ALLOW_MERGES_OPTION);
            Runtime.getRuntime().addShutdownHook(settings.restoreOnExit);
        }
        return settings;
    }

    /** The nomerges value in force during the run. */
    public String nomergesUsed() {
        return nomergesUsed;
    }

    /** The nomerges value before the run, restored on close. */
    public String nomergesBefore() {
        return nomergesBefore;
    }

    /** The disk's active IO scheduler ({@code none}, {@code mq-deadline}, ...), empty if unknown. */
    public String scheduler() {
        return scheduler;
    }

    /** The hook that restores on JVM exit, or null when nothing was changed; for tests. */
    Thread shutdownHook() {
        return restoreOnExit;
    }

    /** Restores the old nomerges value and removes the shutdown hook. */
    @Override
    public void close() {
        if (restoreOnExit != null) {
            try {
                Runtime.getRuntime().removeShutdownHook(restoreOnExit);
            } catch (IllegalStateException e) {
                // Called during JVM shutdown (e.g. from the CLI's own interrupt handling): the hook
                // cannot be removed then, and restore() below makes its run a no-op.
            }
        }
        restore();
    }

    private void restoreOnExit() {
        try {
            restore();
        } catch (SbenchException e) {
            // The JVM is exiting and nothing can report this any more; the result names the value
            // used and the class documentation says how to undo it by hand.
        }
    }

    private synchronized void restore() {
        if (restored) {
            return;
        }
        restored = true;
        write(nomergesFile, nomergesBefore, "");
    }

    private static void write(Path file, String value, String hint) {
        try {
            Files.writeString(file, value, StandardCharsets.US_ASCII);
        } catch (IOException e) {
            String reason = e instanceof AccessDeniedException ? "permission denied" : String.valueOf(e.getMessage());
            throw new SbenchException(ErrorKind.SYSTEM_FAILURE, "cannot set " + file + " to " + value + ": " + reason + hint, e);
        }
    }
}
