// Mounting tracefs for a recording, and what happens when another program uses or unmounts it meanwhile.
package org.sbench.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.sbench.trace.TestRecords.readAll;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.SbenchException;
import org.sbench.target.LoopDevice;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;

/**
 * The host's tracefs mount is never unmounted here: each test mounts tracefs on a directory of its
 * own (the same tracefs, with the host's instances in it) or runs the recording in a private mount
 * namespace. Root only.
 */
@Tag("device")
class TracefsMountDeviceTest {
    private static final String PID = Long.toString(ProcessHandle.current().pid());

    @TempDir
    Path mountPoint;

    @BeforeEach
    void needRoot() {
        LoopDevice.assumeRoot();
    }

    /**
     * Where tracefs is not mounted (a fresh machine), the recording mounts it, says so, records,
     * and unmounts it again; or, when another instance is there by then, leaves it mounted and says so.
     */
    @Test
    void tracefsNotMountedIsMountedForTheRecordingAndUnmountedAfter(@TempDir Path dir) throws Exception {
        assumeTrue(LoopDevice.works("unshare", "--version"), "needs unshare");
        Path out = dir.resolve("ns.sbt");
        List<String> lines;
        try (LoopDevice loop = LoopDevice.create(1 << 26)) {
            String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            // umount -R: also a debugfs with tracing in it; in this namespace only.
            Process child = new ProcessBuilder("unshare", "-m", "--propagation", "private", "sh", "-c",
                    "umount -R " + Tracefs.MOUNT_POINT + " 2>/dev/null; umount -R /sys/kernel/debug 2>/dev/null;"
                            + " exec \"$0\" -cp \"$1\" org.sbench.record.RecordChild \"$2\" \"$3\"",
                    java, System.getProperty("java.class.path"), loop.path().toString(), out.toString())
                    .redirectErrorStream(true).start();
            lines = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines().toList();
            assertEquals(0, child.waitFor(), String.join("\n", lines));
        }
        assertTrue(lines.contains("note tracefs was not mounted: mounted on " + Tracefs.MOUNT_POINT + " for the recording,"
                + " unmounted after unless another user came meanwhile"), lines.toString());
        assertTrue(lines.contains("ios 1"), lines.toString());
        IoRecord read = readAll(out).get(0);
        assertEquals(Op.READ + " 0+4096", read.op + " " + read.offsetBytes + "+" + read.lengthBytes);
        // Instances are tracefs-wide: another recording on this machine keeps it mounted, and is named.
        boolean leftMounted = lines.stream().anyMatch(l -> l.startsWith("note tracefs left mounted on " + Tracefs.MOUNT_POINT
                + ", which this recording mounted: "));
        assertTrue(lines.contains("mounted after: " + leftMounted), lines.toString());
    }

    /**
     * Record A mounted tracefs; record B found it mounted and made its instance. A's unmount would
     * pull it from under B (B between two steps has no file of it open, so umount succeeds): A
     * leaves it mounted and says why.
     */
    @Test
    void aTracefsMountedHereIsLeftMountedWhileAnotherInstanceIsThere() {
        Tracefs a = Tracefs.mount(mountPoint, Tracefs.LOCK_FILE);
        TracefsInstance b = TracefsInstance.create(mountPoint, "sbench-test-b-" + PID);
        try {
            Optional<String> note = a.release();
            assertTrue(note.isPresent() && note.get().startsWith("tracefs left mounted on " + mountPoint + ", which this"
                    + " recording mounted: ") && note.get().contains("instance sbench-test-b-" + PID)
                    && note.get().endsWith(" it now; umount " + mountPoint + " when it is done"), note.toString());
            assertTrue(Tracefs.mountedAt(mountPoint));
            b.remove();
        } finally {
            unmountIfMounted(mountPoint);
        }
    }

    /**
     * Without the lock (a read-only /run: its file cannot be made) another recording could come between the
     * look for users and the umount: left mounted, and said why.
     */
    @Test
    void aTracefsMountedHereIsLeftMountedWhenItsLockCannotBeMade(@TempDir Path run) throws IOException {
        LoopDevice.run("mount", "-t", "tmpfs", "-o", "ro", "sbench-test-ro", run.toString());
        try {
            Tracefs a = Tracefs.mount(mountPoint, run.resolve("sbench/tracefs.lock"));
            try {
                assertEquals(Optional.of("tracefs left mounted on " + mountPoint + ", which this recording mounted: without its lock"
                        + " (cannot create directory " + run.resolve("sbench") + ": read-only file system) unmounting it could pull"
                        + " it from under another sbench record; umount " + mountPoint + " when it is done"), a.release());
                assertTrue(Tracefs.mountedAt(mountPoint));
            } finally {
                unmountIfMounted(mountPoint);
            }
        } finally {
            LoopDevice.run("umount", run.toString());
        }
    }

    /** With a file of it open (another user mid-step), umount is EBUSY: left mounted, and said why. */
    @Test
    void aTracefsMountedHereThatIsBusyIsLeftMountedWithTheReason() throws IOException {
        Tracefs a = Tracefs.mount(mountPoint, Tracefs.LOCK_FILE);
        try (FileChannel held = FileChannel.open(mountPoint.resolve("trace_clock"), StandardOpenOption.READ)) {
            Optional<String> note = a.release();
            assertTrue(note.isPresent() && note.get().startsWith("tracefs left mounted on " + mountPoint + ", which this"
                    + " recording mounted: "), note.toString());
            boolean instances = note.get().contains(": instance ");
            assertTrue(instances || note.get().contains(": another program has a file open in it (umount: EBUSY); umount "
                    + mountPoint + " when it is done"), note.toString());
            assertTrue(Tracefs.mountedAt(mountPoint));
        } finally {
            unmountIfMounted(mountPoint);
        }
    }

    /**
     * tracefs unmounted by another program mid-recording: a step that finds its instance's files
     * gone says so; it said "this kernel's tracefs has no instances directory; sbench record needs
     * Linux 3.10" (an instance to make), "cannot write" with no reason (a switch to set) or "this
     * kernel has no block/block_rq_issue event" (the look for the events, just after the instance is made).
     */
    @Test
    void aTracefsUnmountedByAnotherProgramIsToldSo() throws IOException {
        LoopDevice.run("mount", "-t", "tracefs", "nodev", mountPoint.toString());
        String name = "sbench-test-gone-" + PID;
        TracefsInstance instance = TracefsInstance.create(mountPoint, name);
        LoopDevice.run("umount", mountPoint.toString());
        try {
            Path enable = mountPoint.resolve("instances/" + name + "/events/block/block_rq_issue/enable");
            SbenchException e = assertThrows(SbenchException.class, () -> instance.enable(TracefsInstance.BLOCK_RQ_ISSUE, true));
            assertEquals(unmounted(enable), e.getMessage());
            e = assertThrows(SbenchException.class, () -> instance.hasEvent(TracefsInstance.BLOCK_RQ_ISSUE));
            assertEquals(unmounted(mountPoint.resolve("instances/" + name + "/events")), e.getMessage());
            Path other = mountPoint.resolve("instances/sbench-" + PID);
            e = assertThrows(SbenchException.class, () -> TracefsInstance.create(mountPoint, "sbench-" + PID));
            assertEquals(unmounted(other), e.getMessage());
        } finally {
            LoopDevice.run("mount", "-t", "tracefs", "nodev", mountPoint.toString());
            try {
                instance.remove();
            } finally {
                LoopDevice.run("umount", mountPoint.toString());
            }
        }
    }

    private String unmounted(Path gone) {
        return "tracefs at " + mountPoint + " was unmounted by another program (" + gone + " is gone); sbench record needs it"
                + " mounted while it records";
    }

    private static void unmountIfMounted(Path mountPoint) {
        if (Tracefs.mountedAt(mountPoint)) {
            try {
                LoopDevice.run("umount", mountPoint.toString());
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }
    }
}
