package org.sbench.step;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.replay.Run;
import org.sbench.result.ReplayResult;
import org.sbench.target.Target;

/**
 * Keeps a bundle on disk as steps finish: after each step its runs are written, and its record with a
 * state-log entry (what was done, the bytes written, since the last purge, and the drive's temperature
 * and counters) is appended to the step log, so that an interrupted scenario leaves a readable bundle of
 * the steps that finished and can be resumed at the next. It keeps the bundle's head, how many steps it
 * holds and the last state-log entry, not its records: its memory does not grow with the steps. Not
 * thread-safe.
 */
public final class BundleLog {
    private static final Path SYS_BLOCK = Path.of("/sys/block");

    private final BundleDirectory dir;
    private final DriveState drive;
    private Bundle head;
    private int steps;
    private Bundle.StateEvent last;
    private final String cut;

    private BundleLog(BundleDirectory dir, DriveState drive, Bundle head, int steps, Bundle.StateEvent last, String cut) {
        this.dir = dir;
        this.drive = drive;
        this.head = head;
        this.steps = steps;
        this.last = last;
        this.cut = cut;
    }

    /**
     * A new bundle in {@code dir} (see {@link BundleDirectory#create}) for {@code plannedSteps} steps on
     * {@code target}; in memory only when {@code dir} is null (a step command without {@code --out}).
     */
    public static BundleLog begin(Path dir, String scenario, int plannedSteps, Target target, String sbenchVersion) {
        BundleDirectory d = dir == null ? null : BundleDirectory.create(dir);
        Bundle b = new Bundle(Bundle.FORMAT, sbenchVersion, scenario, Instant.now().toString(), false, null,
                ReplayResult.TargetIdentity.of(target), Run.host(), plannedSteps, null, null);
        BundleLog log = new BundleLog(d, DriveState.of(target, SYS_BLOCK), b, 0, null, null);
        try {
            if (d != null) {
                d.begin(b);
            }
        } catch (RuntimeException e) {
            log.abandon(e);
            throw e;
        }
        return log;
    }

    /**
     * The bundle in {@code dir}, to continue on {@code target}: refused (usage error) when it is of another
     * scenario or another drive, so that one bundle never mixes two. Then made ready to be appended to: a bundle of
     * format 2 is written in format 3 ({@link BundleDirectory#convert}), a step log's last line cut short is cut off
     * ({@link #cut} names it); its head's end is cleared when its first step is recorded ({@link #stepDone}).
     */
    public static BundleLog resume(Path dir, String scenario, Target target) {
        BundleDirectory d = BundleDirectory.open(dir);
        Bundle b = d.head();
        if (!Files.isWritable(dir)) {
            // Found here, not when the first step resumed has run and its results cannot be kept.
            throw new SbenchException(ErrorKind.SYSTEM_FAILURE, "cannot resume " + dir + ": the bundle cannot be written ("
                    + (isReadOnlyFileSystem(dir) ? "a read-only file system" : "permission denied") + ")");
        }
        if (!b.scenario().equals(scenario)) {
            throw SbenchException.usage(dir + " is a bundle of scenario '" + b.scenario() + "', not '" + scenario + "'");
        }
        ReplayResult.TargetIdentity now = ReplayResult.TargetIdentity.of(target);
        if (!sameDrive(b.target(), now)) {
            throw SbenchException.usage(dir + " was made on " + b.target().name() + describe(b.target()) + ", not on "
                    + now.name() + describe(now) + "; resume it on the same drive");
        }
        Bundle head = BundleDirectory.hasStepLog(b) ? b : d.convert(b);
        int steps = 0;
        Bundle.StateEvent last = null;
        String cut;
        try (BundleDirectory.Records records = d.records()) {
            while (records.hasNext()) {
                last = records.next().state();
                steps++;
            }
            cut = records.cut();
            if (cut != null) {
                d.truncate(records.wholeBytes());
            }
        }
        return new BundleLog(d, DriveState.of(target, SYS_BLOCK), head, steps, last, cut);
    }

    /**
     * Refuses to resume the bundle in {@code dir} when its steps ran by other rules than this build's ({@link Bundle#rules}):
     * the steps run now would not match them. Called before anything else of a resume.
     */
    public static void checkResumable(Path dir) {
        Bundle b = BundleDirectory.open(dir).head();
        if (b.format() == null) {
            throw SbenchException.badInput(dir.toString(), "begun by an earlier sbench (its " + BundleDirectory.INDEX + " has no"
                    + " format; this sbench resumes formats " + Bundle.RULES + " to " + Bundle.FORMAT + "), whose steps ran by other"
                    + " rules (before 2026-12-05 every step drew its offsets and data from one seed); a step run now would not match"
                    + " them: run the scenario again into a new bundle, or resume it with the sbench that began it (report and"
                    + " compare read it as it is)");
        }
        if (b.rules() != Bundle.RULES) {
            throw SbenchException.badInput(dir.toString(), "begun by an earlier sbench (bundle format " + b.format() + "; this"
                    + " sbench resumes formats " + Bundle.RULES + " to " + Bundle.FORMAT + "), whose steps ran by other rules:"
                    + " resume it with an sbench of format " + b.format() + ", or run the scenario again into a new bundle");
        }
    }

    private static boolean isReadOnlyFileSystem(Path dir) {
        try {
            return Files.getFileStore(dir).isReadOnly();
        } catch (IOException e) {
            return false;
        }
    }

    private static boolean sameDrive(ReplayResult.TargetIdentity a, ReplayResult.TargetIdentity b) {
        String serialA = a.device() == null ? null : a.device().get("serial");
        String serialB = b.device() == null ? null : b.device().get("serial");
        return serialA != null || serialB != null ? java.util.Objects.equals(serialA, serialB) && a.capacity() == b.capacity()
                : java.util.Objects.equals(a.path(), b.path()) && a.capacity() == b.capacity();
    }

    private static String describe(ReplayResult.TargetIdentity t) {
        String serial = t.device() == null ? null : t.device().get("serial");
        return " (" + t.capacity() + " bytes" + (serial == null ? "" : ", serial " + serial) + ")";
    }

    /** The bundle's head: without its state log and steps, which are on disk. */
    public Bundle head() {
        return head;
    }

    /** The state-log entry of the last step recorded; null before any. */
    public Bundle.StateEvent lastState() {
        return last;
    }

    /** The resumed step log's last line, cut short and cut off, in words ({@code FILE:LINE: ...}); null when none was. */
    public String cut() {
        return cut;
    }

    /** Where the bundle is written; null for one in memory only. */
    public BundleDirectory directory() {
        return dir;
    }

    /** Steps already finished (the first to run when resuming is this one, 0-based). */
    public int finishedSteps() {
        return steps;
    }

    /**
     * Records {@code step}, the next step, in the bundle (on disk unless in memory only), and returns it as recorded: its
     * runs named by their files, with their results. The line appended leaves a result to its file
     * ({@link BundleDirectory#readRun} reads it back).
     */
    public StepResult stepDone(StepResult step) {
        int index = steps;
        StepResult written = dir == null ? step : dir.writeRuns(index, head.plannedSteps(), step);
        last = new Bundle.StateEvent(Instant.now().toString(), index, step.label(), step.bytesWritten(), sincePurge(last, step),
                drive.temperatureC(), drive.health());
        if (dir != null) {
            if (head.complete() || head.stopReason() != null) {
                // Resumed, the bundle runs again: its head no longer says how it ended (once a resume).
                head = head.ended(false, null);
                dir.write(head);
            }
            dir.append(new Bundle.Record(written.withoutResults(), last));
        }
        steps++;
        return written;
    }

    /**
     * Bytes written since the last purge, counting {@code step}'s, after the state-log entry {@code last} (null before the first
     * step); null when no purge is in the log yet. The sum stops at {@link Long#MAX_VALUE}: what a resumed run's steps will add
     * is not known before they run (docs/json.md, "steps.jsonl").
     */
    static Long sincePurge(Bundle.StateEvent last, StepResult step) {
        if (step.purge() != null) {
            return step.bytesWritten();
        }
        Long before = last == null ? null : last.bytesWrittenSincePurge();
        if (before == null) {
            return null;
        }
        return added(before, step.bytesWritten());
    }

    /**
     * Counts of steps (bytes, IOs, nanoseconds; not negative), {@code count} and {@code more}, added up, stopping at
     * {@link Long#MAX_VALUE} (9.2 EB, more than any drive is written in its life; 292 years): only a bundle edited by hand
     * holds such steps, whose sum must not turn negative.
     */
    public static long added(long count, long more) {
        return count > Long.MAX_VALUE - more ? Long.MAX_VALUE : count + more;
    }

    /**
     * The bundle cannot be finished: its step failed with {@code failure}, or its files could not be
     * written (a full disk). What it wrote goes again ({@link BundleDirectory#remove}), so that nothing
     * is left that names no step, cannot be resumed, and keeps the next run out of the directory (a
     * failure to delete is kept on {@code failure}). For a bundle just begun, or of one step.
     */
    public void abandon(RuntimeException failure) {
        if (dir != null) {
            try {
                dir.remove();
            } catch (IOException e) {
                failure.addSuppressed(e);
            }
        }
    }

    /** Marks the bundle finished: {@code complete} when every planned step ran to its end. */
    public void end(boolean complete, String stopReason) {
        head = head.ended(complete, stopReason);
        if (dir != null) {
            dir.write(head);
        }
    }
}
