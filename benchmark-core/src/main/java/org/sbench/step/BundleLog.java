package org.sbench.step;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.replay.Run;
import org.sbench.result.ReplayResult;
import org.sbench.target.Target;

/**
 * Keeps a bundle on disk as steps finish: after each step its runs are written, a state-log entry
 * is added (what was done, the bytes written, since the last purge, and the drive's temperature and
 * counters), and the index is replaced, so that an interrupted scenario leaves a readable bundle of
 * the steps that finished and can be resumed at the next. Not thread-safe.
 */
public final class BundleLog {
    private static final Path SYS_BLOCK = Path.of("/sys/block");

    private final BundleDirectory dir;
    private final DriveState drive;
    private Bundle bundle;

    private BundleLog(BundleDirectory dir, DriveState drive, Bundle bundle) {
        this.dir = dir;
        this.drive = drive;
        this.bundle = bundle;
    }

    /**
     * A new bundle in {@code dir} (see {@link BundleDirectory#create}) for {@code plannedSteps} steps on
     * {@code target}; in memory only when {@code dir} is null (a step command without {@code --out}).
     */
    public static BundleLog begin(Path dir, String scenario, int plannedSteps, Target target, String sbenchVersion) {
        BundleDirectory d = dir == null ? null : BundleDirectory.create(dir);
        Bundle b = new Bundle(Bundle.FORMAT, sbenchVersion, scenario, Instant.now().toString(), false, null,
                ReplayResult.TargetIdentity.of(target), Run.host(), plannedSteps, List.of(), List.of());
        BundleLog log = new BundleLog(d, DriveState.of(target, SYS_BLOCK), b);
        try {
            log.write();
        } catch (RuntimeException e) {
            log.abandon(e);
            throw e;
        }
        return log;
    }

    /**
     * The bundle in {@code dir}, to continue on {@code target}: refused (usage error) when it is of another
     * scenario or another drive, so that one bundle never mixes two.
     */
    public static BundleLog resume(Path dir, String scenario, Target target) {
        BundleDirectory d = BundleDirectory.open(dir);
        Bundle b = d.read();
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
        return new BundleLog(d, DriveState.of(target, SYS_BLOCK), b);
    }

    /**
     * Refuses to resume the bundle in {@code dir} when it was begun by a build of another {@link Bundle#format}: its
     * steps ran by other rules, which the steps run now would not match. Called before anything else of a resume.
     */
    public static void checkResumable(Path dir) {
        Integer format = BundleDirectory.open(dir).read().format();
        if (format == null) {
            throw SbenchException.badInput(dir.toString(), "begun by an earlier sbench (its " + BundleDirectory.INDEX + " has no"
                    + " format; this sbench resumes format " + Bundle.FORMAT + "), whose steps ran by other rules (before 2026-12-05"
                    + " every step drew its offsets and data from one seed); a step run now would not match them: run the"
                    + " scenario again into a new bundle, or resume it with the sbench that began it (report and compare read it"
                    + " as it is)");
        }
        if (format != Bundle.FORMAT) {
            throw SbenchException.badInput(dir.toString(), "begun by " + (format > Bundle.FORMAT ? "a newer" : "an earlier")
                    + " sbench (bundle format " + format + "; this sbench resumes format " + Bundle.FORMAT + "), whose steps"
                    + " run by other rules: resume it with an sbench of format " + format + ", or run the scenario again into"
                    + " a new bundle");
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

    public Bundle bundle() {
        return bundle;
    }

    /** Where the bundle is written; null for one in memory only. */
    public BundleDirectory directory() {
        return dir;
    }

    /** Steps already finished (the first to run when resuming is this one, 0-based). */
    public int finishedSteps() {
        return bundle.steps().size();
    }

    /**
     * Records {@code step}, the next step, in the bundle (on disk unless in memory only), and returns it as recorded: its
     * runs named by their files, with their results. The index this log keeps leaves a result written to its file
     * ({@link BundleDirectory#readRun} reads it back), so that a scenario's memory does not grow with its steps.
     */
    public StepResult stepDone(StepResult step) {
        int index = bundle.steps().size();
        StepResult written = dir == null ? step : dir.writeRuns(index, step);
        List<StepResult> steps = new ArrayList<>(bundle.steps());
        steps.add(dir == null ? written : written.withoutResults());
        List<Bundle.StateEvent> log = new ArrayList<>(bundle.stateLog());
        log.add(new Bundle.StateEvent(Instant.now().toString(), index, step.label(), step.bytesWritten(),
                sincePurge(log, step), drive.temperatureC(), drive.health()));
        bundle = new Bundle(bundle.format(), bundle.sbenchVersion(), bundle.scenario(), bundle.startedAt(), false, null,
                bundle.target(), bundle.host(), bundle.plannedSteps(), log, steps);
        write();
        return written;
    }

    private void write() {
        if (dir != null) {
            dir.write(bundle);
        }
    }

    /** Bytes written since the last purge, counting {@code step}'s; null when no purge is in the log yet. */
    private Long sincePurge(List<Bundle.StateEvent> log, StepResult step) {
        if (step.purge() != null) {
            return step.bytesWritten();
        }
        Long before = log.isEmpty() ? null : log.get(log.size() - 1).bytesWrittenSincePurge();
        return before == null ? null : before + step.bytesWritten();
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
        bundle = new Bundle(bundle.format(), bundle.sbenchVersion(), bundle.scenario(), bundle.startedAt(), complete, stopReason,
                bundle.target(), bundle.host(), bundle.plannedSteps(), bundle.stateLog(), bundle.steps());
        write();
    }
}
