// Two recordings where tracefs is not mounted: the second comes while the first unmounts it.
package org.sbench.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.sbench.trace.TestRecords.readAll;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.target.LoopDevice;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;

/**
 * Recordings A and B in one private mount namespace where tracefs is not mounted, each a
 * {@link RecordChild} under strace, which holds a system call of it until the test kills that strace
 * (the kernel then detaches it and the call goes on): A is held at the entry of its umount2, after its check
 * for other users; B is started then, and A let go once B has made its instance (held after that mkdir),
 * or waits for A's lock. Without the lock B's instance was made in A's tracefs, which A's umount then
 * took away. Root only.
 */
@Tag("device")
class TracefsMountRaceDeviceTest {
    /** Longer than the test: strace is killed first, releasing the held call. */
    private static final String HOLD_A = "60s";
    /**
     * Each mkdir of B is held, also that of /run/sbench before it takes the lock (which exists: mkdir is
     * EEXIST); the test lets A go within this time of B's mkdir of its instance.
     */
    private static final String HOLD_B = "10s";
    private static final long WAIT_NS = TimeUnit.SECONDS.toNanos(60);
    private static final long POLL_MS = 20;

    @Test
    void aRecordingThatComesWhileAnotherUnmountsTracefsRecordsItsIos(@TempDir Path dir) throws Exception {
        LoopDevice.assumeRoot();
        assumeTrue(LoopDevice.works("unshare", "--version") && LoopDevice.works("nsenter", "--version")
                && LoopDevice.works("strace", "-V"), "needs unshare, nsenter and strace");
        List<Process> started = new ArrayList<>();
        Process namespace = new ProcessBuilder("unshare", "-m", "--propagation", "private", "sh", "-c",
                "umount -R " + Tracefs.MOUNT_POINT + " 2>/dev/null; umount -R /sys/kernel/debug 2>/dev/null; echo ready; exec sleep 600")
                .redirectErrorStream(true).start();
        started.add(namespace);
        try (LoopDevice loopA = LoopDevice.create(1 << 26); LoopDevice loopB = LoopDevice.create(1 << 26)) {
            assertEquals("ready", new BufferedReader(new InputStreamReader(namespace.getInputStream(), StandardCharsets.UTF_8)).readLine());
            Recording a = Recording.start(namespace.pid(), dir.resolve("a"), "umount2", "umount2:delay_enter=" + HOLD_A, loopA.path(), started);
            if (!a.await(line -> line.contains("umount2("))) {
                List<String> linesA = a.finish();
                // Instances are kernel-wide: another recording on this machine (another build's tests) keeps A from unmounting.
                assumeFalse(linesA.stream().anyMatch(l -> l.startsWith("note tracefs left mounted on ")), "no race to stage: " + linesA);
                fail("A ended without unmounting tracefs: " + linesA + "\nstrace of A:\n" + a.straced());
            }
            Recording b = Recording.start(namespace.pid(), dir.resolve("b"), "mkdir,mkdirat,flock",
                    "mkdir,mkdirat:delay_exit=" + HOLD_B, loopB.path(), started);
            assertTrue(b.await(line -> line.contains(Tracefs.MOUNT_POINT + "/instances/") || line.contains("EAGAIN")),
                    "B ended unheld: " + Files.readString(b.log) + "\nstrace of B:\n" + b.straced());
            List<String> linesA = a.finish();
            List<String> linesB = b.finish();
            assertTrue(linesA.contains("ios 1"), linesA.toString());
            assertTrue(linesB.contains("ios 1"), linesB + "\nstrace of B:\n" + b.straced());
            IoRecord read = readAll(b.out).get(0);
            assertEquals(Op.READ + " 0+4096", read.op + " " + read.offsetBytes + "+" + read.lengthBytes);
        } finally {
            for (Process p : started) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
            }
            // An instance B could not remove, its tracefs gone, would stay in the kernel's (the host's) tracefs.
            for (Process p : started) {
                p.waitFor();
            }
            removeInstancesOf(dir);
        }
    }

    /** Removes the instances of the recordings whose pids the children wrote to {@code dir}/NAME.pid. */
    private static void removeInstancesOf(Path dir) throws IOException {
        Path mountPoint = Files.createDirectory(dir.resolve("tracefs"));
        LoopDevice.run("mount", "-t", "tracefs", "nodev", mountPoint.toString());
        try {
            for (String name : new String[] {"a", "b"}) {
                Path pid = dir.resolve(name + ".pid");
                if (Files.exists(pid)) {
                    Files.deleteIfExists(mountPoint.resolve("instances/sbench-" + Files.readString(pid).strip()));
                }
            }
        } finally {
            LoopDevice.run("umount", mountPoint.toString());
        }
    }

    /** A {@link RecordChild} run under strace in the namespace of {@code nsPid}. */
    private record Recording(Process strace, Path straceLog, Path log, Path out, Path pidFile) {
        static Recording start(long nsPid, Path stem, String traced, String inject, Path device, List<Process> started)
                throws IOException {
            Path straceLog = Path.of(stem + ".strace");
            Path log = Path.of(stem + ".log");
            Path out = Path.of(stem + ".sbt");
            Path pidFile = Path.of(stem + ".pid");
            String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            // Without --seccomp-bpf: its filter would outlive strace and fail the traced calls with ENOSYS.
            // sh writes its pid, which exec keeps for java: the recording's instance is sbench-PID.
            Process strace = new ProcessBuilder("nsenter", "-t", Long.toString(nsPid), "-m", "strace", "-f", "-qq",
                    "-o", straceLog.toString(), "-e", "trace=" + traced, "-e", "inject=" + inject,
                    "sh", "-c", "echo $$ > \"$0\"; exec \"$1\" -XX:-UsePerfData -cp \"$2\" org.sbench.record.RecordChild \"$3\" \"$4\"",
                    pidFile.toString(), java, System.getProperty("java.class.path"), device.toString(), out.toString())
                    .redirectErrorStream(true).redirectOutput(log.toFile()).start();
            started.add(strace);
            return new Recording(strace, straceLog, log, out, pidFile);
        }

        /** Waits until a line of the strace log matches, the call that strace holds: false when the recording ended first. */
        boolean await(Predicate<String> held) throws IOException, InterruptedException {
            long deadline = System.nanoTime() + WAIT_NS;
            while (!Files.exists(straceLog) || Files.readAllLines(straceLog).stream().noneMatch(held)) {
                if (!strace.isAlive()) {
                    return false;
                }
                if (System.nanoTime() - deadline > 0) {
                    fail("no held call after " + TimeUnit.NANOSECONDS.toSeconds(WAIT_NS) + " s in " + straced());
                }
                Thread.sleep(POLL_MS);
            }
            return true;
        }

        /** Kills strace, so the held call goes on at once (SIGTERM waits for the hold), and waits for the recording; its output lines. */
        List<String> finish() throws Exception {
            List<ProcessHandle> recording = strace.descendants().toList();
            strace.destroyForcibly();
            strace.waitFor();
            for (ProcessHandle p : recording) {
                p.onExit().get(WAIT_NS, TimeUnit.NANOSECONDS);
            }
            return Files.readAllLines(log);
        }

        String straced() throws IOException {
            return Files.exists(straceLog) ? Files.readString(straceLog) : "(no strace log)";
        }
    }
}
