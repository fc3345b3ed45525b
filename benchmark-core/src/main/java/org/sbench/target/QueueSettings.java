package org.sbench.target;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;

/**
 * The block queue settings a replay changes, and their restoration. A trace records the IOs the
 * drive saw, so the block layer must not merge adjacent ones: {@code queue/nomerges} of the disk
 * (a partition's parent) is set to {@value #NOMERGES_NONE} (no merging at all) for the run, unless
 * merges are allowed. Nor must it hold back the trace's discards: writeback throttling
 * ({@code queue/wbt_lat_usec}, on by default without an IO scheduler) caps the discards in flight
 * at a few and makes the thread that submits one more sleep, so a queued trim waits in the replay
 * thread's submit and reaches the device late, through a kernel worker that can issue it after
 * later IOs (seen in a tracefs capture). The recorded discards went through the recording
 * kernel's throttle already, so for a run that may send discards it is turned off ({@value #WBT_OFF});
 * any other run leaves it on, as it throttles no O_DIRECT write (they carry REQ_SYNC|REQ_IDLE, which
 * the kernel's {@code wbt_should_throttle} lets pass). The old values are written back on {@link #close()}.
 *
 * <p>Restoration also happens when the JVM exits without {@code close()} (Ctrl-C, SIGTERM): a
 * shutdown hook is registered when a value is changed and removed again by a normal
 * {@code close()}. Only SIGKILL or a crash of the JVM leaves the device changed: the next run on
 * the disk puts the old values back first, from the note the killed run kept
 * ({@link QueueSettingsNote}); by hand, {@code echo 0 > /sys/class/block/DISK/queue/nomerges} and
 * {@code echo -1 > /sys/class/block/DISK/queue/wbt_lat_usec} (the kernel's default) undo them.
 * {@code close()} is idempotent and may run concurrently with the hook.
 */
public final class QueueSettings implements AutoCloseable {
    /** nomerges value that disables all merging (0 merges, 1 only simple one-hit merges). */
    public static final String NOMERGES_NONE = "2";
    /** wbt_lat_usec value that turns writeback throttling off. */
    public static final String WBT_OFF = "0";
    /** The option that keeps the device's merge setting. */
    public static final String ALLOW_MERGES_OPTION = "--allow-merges";
    private static final String NOMERGES = "queue/nomerges";
    private static final String WBT_LAT_USEC = "queue/wbt_lat_usec";

    /** One attribute changed for the run, and the value to write back. */
    private record Change(Path file, String before) {
    }

    private final List<Change> changes = new ArrayList<>();
    private final String nomergesBefore;
    private final String nomergesUsed;
    private final String wbtBefore;
    private final String wbtUsed;
    private final String scheduler;
    private final QueueSettingsNote note;
    private Thread restoreOnExit;
    private boolean restored;

    private QueueSettings(String nomergesBefore, String nomergesUsed, String wbtBefore, String wbtUsed, String scheduler,
            QueueSettingsNote note) {
        this.nomergesBefore = nomergesBefore;
        this.note = note;
        this.nomergesUsed = nomergesUsed;
        this.wbtBefore = wbtBefore;
        this.wbtUsed = wbtUsed;
        this.scheduler = scheduler;
    }

    /**
     * Disables merging on {@code device}'s disk for the run ({@code allowMerges} false), and
     * writeback throttling for a run that sends {@code discards}; or only records the settings.
     *
     * @throws SbenchException {@link ErrorKind#SYSTEM_FAILURE} when a setting cannot be read or changed
     *         (nothing stays changed then)
     */
    static QueueSettings apply(SysfsBlockDevice device, boolean allowMerges, boolean discards, QueueSettingsNote note) {
        SysfsBlockDevice disk = device.disk();
        note.undoDeadRun(disk);
        Path nomerges = disk.attributePath(NOMERGES);
        String mergesBefore = disk.attribute(NOMERGES).orElseThrow(() ->
                new SbenchException(ErrorKind.SYSTEM_FAILURE, "cannot read " + nomerges));
        // Absent where the kernel has no writeback throttling (CONFIG_BLK_WBT off).
        String wbtBefore = disk.attribute(WBT_LAT_USEC).orElse(null);
        String scheduler = KernelChoices.selected(disk.attribute("queue/scheduler").orElse(""));
        boolean mergesOff = !allowMerges && !mergesBefore.equals(NOMERGES_NONE);
        boolean wbtOff = discards && wbtBefore != null && !wbtBefore.equals(WBT_OFF);
        QueueSettings settings = new QueueSettings(mergesBefore, mergesOff ? NOMERGES_NONE : mergesBefore, wbtBefore,
                wbtOff ? WBT_OFF : wbtBefore, scheduler, note);
        List<QueueSettingsNote.Entry> planned = new ArrayList<>();
        if (mergesOff) {
            planned.add(new QueueSettingsNote.Entry(NOMERGES, mergesBefore, NOMERGES_NONE));
        }
        if (wbtOff) {
            planned.add(new QueueSettingsNote.Entry(WBT_LAT_USEC, wbtBefore, WBT_OFF));
        }
        String hint = hint(planned);
        try {
            if (!planned.isEmpty()) {
                note.write(planned, hint);
            }
            for (QueueSettingsNote.Entry e : planned) {
                settings.change(disk.attributePath(e.attribute()), e.before(), e.used(), hint);
            }
        } catch (SbenchException e) {
            try {
                settings.close();
            } catch (SbenchException restoring) {
                e.addSuppressed(restoring);
            }
            throw e;
        }
        return settings;
    }

    /**
     * What to do about the {@code planned} changes when one needs a right the user lacks:
     * {@value #ALLOW_MERGES_OPTION} is a way out only when merging is all the run changes (writeback
     * throttling, turned off for a run that sends discards, has no option to keep it).
     */
    private static String hint(List<QueueSettingsNote.Entry> planned) {
        boolean mergesAlone = planned.stream().allMatch(e -> e.attribute().equals(NOMERGES));
        return mergesAlone ? "; run as root or add " + ALLOW_MERGES_OPTION : "; run as root";
    }

    private void change(Path file, String before, String value, String hint) {
        write(file, value, hint);
        changes.add(new Change(file, before));
        if (restoreOnExit == null) {
            restoreOnExit = new Thread(this::restoreOnExit, "sbench-restore-queue-settings");
            Runtime.getRuntime().addShutdownHook(restoreOnExit);
        }
    }

    /** The nomerges value in force during the run. */
    public String nomergesUsed() {
        return nomergesUsed;
    }

    /** The nomerges value before the run, restored on close. */
    public String nomergesBefore() {
        return nomergesBefore;
    }

    /** The wbt_lat_usec value in force during the run; null where the kernel has no writeback throttling. */
    public String wbtUsed() {
        return wbtUsed;
    }

    /** The wbt_lat_usec value before the run, restored on close; null where the kernel has no writeback throttling. */
    public String wbtBefore() {
        return wbtBefore;
    }

    /** The disk's active IO scheduler ({@code none}, {@code mq-deadline}, ...), empty if unknown. */
    public String scheduler() {
        return scheduler;
    }

    /** The hook that restores on JVM exit, or null when nothing was changed; for tests. */
    Thread shutdownHook() {
        return restoreOnExit;
    }

    /** Restores the old values and removes the shutdown hook. */
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
            // The JVM is exiting and nothing can report this any more; the result names the values
            // used and the class documentation says how to undo them by hand.
        }
    }

    /** Writes every changed value back, the last changed first; the first failure is thrown after all were tried. */
    private synchronized void restore() {
        if (restored) {
            return;
        }
        restored = true;
        SbenchException failure = null;
        for (int i = changes.size() - 1; i >= 0; i--) {
            try {
                write(changes.get(i).file(), changes.get(i).before(), "");
            } catch (SbenchException e) {
                if (failure == null) {
                    failure = e;
                } else {
                    failure.addSuppressed(e);
                }
            }
        }
        if (failure != null) {
            throw failure; // the note stays: the next run on the disk puts back what this one could not
        }
        note.delete();
    }

    static void write(Path file, String value, String hint) {
        try {
            Files.writeString(file, value, StandardCharsets.US_ASCII);
        } catch (IOException e) {
            String reason = e instanceof AccessDeniedException ? "permission denied" : String.valueOf(e.getMessage());
            throw new SbenchException(ErrorKind.SYSTEM_FAILURE, "cannot set " + file + " to " + value + ": " + reason + hint, e);
        }
    }
}
