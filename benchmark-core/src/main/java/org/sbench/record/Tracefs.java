// The kernel's tracing filesystem: found where it is mounted, or mounted for the recording and unmounted after unless in use.
package org.sbench.record;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.engine.linux.RecordCalls;
import org.sbench.target.MachineLock;

/**
 * tracefs, at {@code /sys/kernel/tracing} (or the older {@code /sys/kernel/debug/tracing} where
 * only debugfs exposes it). When it is not mounted, {@link #open} mounts it and {@link #release}
 * unmounts it again, so the system is left as it was found, unless another user came meanwhile:
 * a concurrent {@code sbench record} or tracer that found it mounted uses it, and unmounting it
 * would pull it from under that user (with no file of it open, umount succeeds).
 *
 * <p>Every {@code sbench record} holds {@link #lock} from its look for a mounted tracefs to the making
 * of its instance in it, and {@link #release} holds it over its look for users and its umount: without
 * it a second recording could make its instance between the first's look and umount (losing its
 * tracefs), or find tracefs mounted just before the first unmounted it.
 */
final class Tracefs {
    static final Path MOUNT_POINT = Path.of("/sys/kernel/tracing");
    static final Path DEBUGFS_MOUNT_POINT = Path.of("/sys/kernel/debug/tracing");
    static final Path LOCK_FILE = MachineLock.DIR.resolve("tracefs.lock");
    /** Present at the root of a mounted tracefs (and of each instance). */
    private static final String PROBE = "trace_pipe";

    private final Path root;
    private final boolean mountedHere;
    /** The lock {@link #release} takes. */
    private final Path lockFile;

    private Tracefs(Path root, boolean mountedHere, Path lockFile) {
        this.root = root;
        this.mountedHere = mountedHere;
        this.lockFile = lockFile;
    }

    /**
     * The lock of tracefs's mount, {@code lockFile}: held for milliseconds, so waited for, at most 30 s.
     * Its {@link MachineLock#missing} leaves a tracefs mounted here mounted at {@link #release}.
     *
     * @throws SbenchException refused (TARGET_IN_USE) when its holder keeps it 30 s
     */
    static MachineLock lock(Path lockFile) {
        return MachineLock.take(lockFile, "tracefs", "; sbench record holds it only while it mounts tracefs and makes its"
                + " instance, or unmounts it");
    }

    /**
     * The mounted tracefs, mounting it on {@link #MOUNT_POINT} if it is not; the caller holds
     * {@link #lock} of {@link #LOCK_FILE} until its instance is made.
     *
     * @throws SbenchException a system failure when the kernel has no tracefs or it cannot be mounted
     */
    static Tracefs open() {
        for (Path candidate : new Path[] {MOUNT_POINT, DEBUGFS_MOUNT_POINT}) {
            if (mountedAt(candidate)) {
                return new Tracefs(candidate, false, LOCK_FILE);
            }
        }
        if (!Files.isDirectory(MOUNT_POINT)) {
            throw new SbenchException(ErrorKind.SYSTEM_FAILURE, "this kernel has no tracefs (" + MOUNT_POINT
                    + " is missing): sbench record needs a kernel built with CONFIG_TRACING");
        }
        return mount(MOUNT_POINT, LOCK_FILE);
    }

    /** Mounts tracefs on {@code mountPoint} for this run: {@link #release} unmounts it under the lock of {@code lockFile}. */
    static Tracefs mount(Path mountPoint, Path lockFile) {
        RecordCalls.mountTracefs(mountPoint);
        return new Tracefs(mountPoint, true, lockFile);
    }

    /** Whether a tracefs is mounted at {@code root}. */
    static boolean mountedAt(Path root) {
        return Files.exists(root.resolve(PROBE));
    }

    /**
     * The failure to {@code action} {@code path} under the tracefs at {@code root}: when the path is
     * gone because tracefs is (another program unmounted it), that, rather than what the missing
     * path would otherwise mean.
     */
    static SbenchException failure(String action, Path root, Path path, IOException e) {
        if (e instanceof NoSuchFileException && !mountedAt(root)) {
            return unmounted(root, path, e);
        }
        return SbenchException.ioFailure(action, path, e);
    }

    /** That tracefs at {@code root} is gone, found by {@code path} missing ({@code cause}: how, or null). */
    static SbenchException unmounted(Path root, Path path, IOException cause) {
        return new SbenchException(ErrorKind.SYSTEM_FAILURE, "tracefs at " + root + " was unmounted by another program"
                + " (" + path + " is gone); sbench record needs it mounted while it records", cause);
    }

    Path root() {
        return root;
    }

    /** Whether {@link #open} mounted it (and {@link #release} unmounts it). */
    boolean mountedHere() {
        return mountedHere;
    }

    /**
     * Who else traces block requests here: {@code "the top-level buffer"} and
     * {@code "instance NAME"} for each with {@code block_rq_issue} or {@code block_rq_complete}
     * enabled. Told to the user, not acted on: each has its own switches and buffer.
     */
    List<String> blockEventUsers() {
        List<String> users = new ArrayList<>();
        if (tracesBlockRequests(root)) {
            users.add("the top-level buffer");
        }
        try (DirectoryStream<Path> instances = Files.newDirectoryStream(root.resolve("instances"))) {
            for (Path instance : instances) {
                if (tracesBlockRequests(instance)) {
                    users.add("instance " + instance.getFileName());
                }
            }
        } catch (IOException e) {
            throw failure("list", root, root.resolve("instances"), e);
        }
        users.sort(null);
        return users;
    }

    private static boolean tracesBlockRequests(Path tracingDir) {
        for (String event : new String[] {TracefsInstance.BLOCK_RQ_ISSUE, TracefsInstance.BLOCK_RQ_COMPLETE}) {
            Path enable = tracingDir.resolve("events").resolve(event).resolve("enable");
            if (Files.exists(enable) && TracefsInstance.readText(enable).startsWith("1")) {
                return true;
            }
        }
        return false;
    }

    /**
     * Unmounts tracefs if this run mounted it and no one else uses it now (this run's instance is
     * removed first): any instance, events enabled in the top-level buffer, a file open in it. Without
     * its lock (the file cannot be made) it is left mounted: another recording could not be kept off it.
     *
     * @return why it is left mounted, for the user; empty when unmounted or not mounted here
     */
    Optional<String> release() {
        if (!mountedHere) {
            return Optional.empty();
        }
        try (MachineLock held = lock(lockFile)) {
            if (!mountedAt(root)) {
                return Optional.empty();
            }
            if (held.missing().isPresent()) {
                return Optional.of(leftMounted("without its lock (" + held.missing().get() + ") unmounting it could pull it"
                        + " from under another sbench record"));
            }
            List<String> users = otherUsers();
            if (!users.isEmpty()) {
                return Optional.of(leftMounted(String.join(", ", users) + (users.size() == 1 ? " uses" : " use") + " it now"));
            }
            if (!RecordCalls.unmountUnlessBusy(root)) {
                return Optional.of(leftMounted("another program has a file open in it (umount: EBUSY)"));
            }
            return Optional.empty();
        }
    }

    private String leftMounted(String why) {
        return "tracefs left mounted on " + root + ", which this recording mounted: " + why + "; umount " + root
                + " when it is done";
    }

    /** Each instance ({@code "instance NAME"}, sorted), then the events enabled in the top-level buffer if any. */
    private List<String> otherUsers() {
        List<String> users = new ArrayList<>();
        try (DirectoryStream<Path> instances = Files.newDirectoryStream(root.resolve("instances"))) {
            for (Path instance : instances) {
                users.add("instance " + instance.getFileName());
            }
        } catch (IOException e) {
            throw failure("list", root, root.resolve("instances"), e);
        }
        users.sort(null);
        if (!TracefsInstance.readText(root.resolve("set_event")).isBlank()) {
            users.add("events enabled in the top-level buffer");
        }
        return users;
    }
}
