// sbench record of a loop device detached mid-recording, where the kernel's uevents come and where they cannot.
package org.sbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.sbench.record.ProcTasks;
import org.sbench.target.LoopDevice;

/**
 * A recorded loop device detached ({@code losetup -d}) from an idle {@code sbench record} ends the recording with a
 * note, whether the recorder learns it from a kernel uevent or, where none can come, from looking at the device ten
 * times a second: in a sandbox that refuses netlink sockets (a seccomp filter, {@code no-netlink.py}) and in a
 * network namespace owned by a user namespace of its own, to which the kernel sends no uevents (a rootless
 * container; {@code unshare --user --map-root-user --net}, in a mount namespace where tracefs was mounted first:
 * such a root may not mount it). A network namespace of its own alone ({@code unshare --net}, a container run as
 * real root) still gets them.
 */
@Tag("device")
class RecordUeventsDeviceTest {
    private static final long DEVICE_BYTES = 64L << 20;
    private static final int NETLINK_KOBJECT_UEVENT = 15;
    private static final long IDLE_MS = 2_000;
    /** Looking every 100 ms (StopWait.FALLBACK_POLL_NS) wakes the main thread some 20 times in 2 s: not never, not spinning. */
    private static final long FEWEST_WAKE_UPS = 5;
    private static final long MOST_WAKE_UPS = 200;

    @TempDir
    Path dir;

    static Stream<Arguments> places() throws URISyntaxException {
        String noNetlink = Path.of(RecordUeventsDeviceTest.class.getResource("no-netlink.py").toURI()).toString();
        return Stream.of(
                Arguments.of("the host", List.of(), true),
                Arguments.of("a sandbox refusing netlink sockets", List.of("python3", noNetlink), false),
                Arguments.of("a network namespace of its own", List.of("unshare", "--net"), true),
                Arguments.of("a user and network namespace of its own", List.of("unshare", "--mount", "--propagation", "private",
                        "sh", "-c", "mountpoint -q /sys/kernel/tracing || mount -t tracefs nodev /sys/kernel/tracing || exit;"
                        + " exec unshare --user --map-root-user --net \"$@\"",
                        "sh"), false));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("places")
    void aLoopDeviceDetachedEndsTheRecordingWithANote(String where, List<String> wrapper, boolean uevents) throws Exception {
        LoopDevice.assumeRoot();
        List<String> probe = new ArrayList<>(wrapper);
        probe.add("true");
        assumeTrue(LoopDevice.works(probe.toArray(String[]::new)), where + " cannot be had here: " + probe);
        Path out = dir.resolve("gone.sbt");
        try (LoopDevice loop = LoopDevice.create(DEVICE_BYTES);
             ChildSbench child = ChildSbench.startWrapped(dir, wrapper, "record", "--device", loop.path().toString(), "--out",
                     out.toString(), "--progress", "none")) {
            child.awaitErr("stops");
            Path main = mainThread(child.pid());
            child.await("the main thread asleep in poll", () -> ProcTasks.readOrEmpty(main.resolve("wchan")).startsWith("poll"));
            assertEquals(uevents, holdsUeventSocket(child.pid()), "a uevent socket held, " + where);
            if (!uevents) {
                long before = ProcTasks.wakeUps(main);
                Thread.sleep(IDLE_MS);
                long woke = ProcTasks.wakeUps(main) - before;
                assertTrue(woke >= FEWEST_WAKE_UPS && woke <= MOST_WAKE_UPS, "the idle main thread woke " + woke + " times in "
                        + IDLE_MS + " ms, " + where);
            }
            loop.detach();
            assertEquals(0, child.waitFor(), child.err());
            assertTrue(child.out().contains("note     stopped: " + loop.path() + " went away (removed, or a loop device detached"
                    + " or attached anew); its number may now be another device's\n"), child.out());
            assertTrue(child.out().contains("lost     0 events: the trace is complete\n"), child.out());
        }
    }

    /** {@code /proc/PID/task/TID} of the JVM's main thread: named {@code java}, as the launcher's thread that waits for it. */
    private static Path mainThread(long pid) throws IOException {
        List<Path> named = ProcTasks.named(pid, "java");
        assertEquals(1, named.size(), named.toString());
        return named.get(0);
    }

    /** Whether one of the process's descriptors is a NETLINK_KOBJECT_UEVENT socket (by inode, /proc/PID/net/netlink). */
    private static boolean holdsUeventSocket(long pid) throws IOException {
        Set<String> uevent;
        try (Stream<String> lines = Files.lines(Path.of("/proc/" + pid + "/net/netlink"))) {
            uevent = lines.skip(1).map(l -> l.trim().split("\\s+"))
                    .filter(f -> f[1].equals(Integer.toString(NETLINK_KOBJECT_UEVENT))).map(f -> "socket:[" + f[9] + "]")
                    .collect(Collectors.toSet());
        }
        try (Stream<Path> fds = Files.list(Path.of("/proc/" + pid + "/fd"))) {
            return fds.map(RecordUeventsDeviceTest::link).anyMatch(uevent::contains);
        }
    }

    private static String link(Path fd) {
        try {
            return Files.readSymbolicLink(fd).toString();
        } catch (IOException e) {
            return "";
        }
    }
}
