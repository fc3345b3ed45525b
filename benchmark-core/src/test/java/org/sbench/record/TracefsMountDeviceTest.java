// What a recording tells when another program unmounts tracefs under it.
package org.sbench.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.SbenchException;
import org.sbench.target.LoopDevice;

/**
 * The host's tracefs mount is never unmounted here: each test mounts tracefs on a directory of its
 * own (the same tracefs, with the host's instances in it). Root only.
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
     * tracefs unmounted by another program mid-recording: a step that finds its instance's files
     * gone says so; it said "this kernel's tracefs has no instances directory; sbench record needs
     * Linux 3.10" (an instance to make) or "cannot write" with no reason (a switch to set).
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
}
