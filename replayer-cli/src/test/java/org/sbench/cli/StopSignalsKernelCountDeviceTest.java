// A replay on a loop device stopped by SIGTERM in a JVM of its own: the result its --out holds is what the kernel counted.
package org.sbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.replay.StoppableTrace;
import org.sbench.result.JsonResults;
import org.sbench.result.ReplayResult;
import org.sbench.target.BlockStat;
import org.sbench.target.LoopDevice;

@Tag("device")
class StopSignalsKernelCountDeviceTest {
    private static final int DEPTH = 32;
    private static final long AFTER_MS = 200;

    /**
     * What the kernel counts of sbench's look at the device before a run (its buffered reads of the start
     * and end for a disk signature, from an empty page cache: a block device's is dropped at its last
     * close): a replay of one write of 4 KiB, whose own count is known.
     */
    private static BlockStat beforeTheRun(Path dir, LoopDevice dev) throws Exception {
        Path oneWrite = Files.writeString(dir.resolve("write.csv"), "128166372000000000,hm,0,Write,0,4096,100\n");
        BlockStat before = BlockStat.of(dev);
        try (ChildSbench replay = ChildSbench.start(dir, List.of(), "replay", oneWrite.toString(), "--target", dev.path().toString(),
                "--allow-write")) {
            assertEquals(0, replay.waitFor(), replay.err());
        }
        BlockStat probe = BlockStat.of(dev).since(before);
        assertEquals(new BlockStat(probe.reads(), probe.sectorsRead(), 1, 4096 / BlockStat.SECTOR_BYTES, 0, 0, 0), probe, "the replay's one write");
        return probe;
    }

    @Test
    void theResultOfAReplayStoppedBySigtermIsWhatReachedTheDevice(@TempDir Path dir) throws Exception {
        LoopDevice.assumeRoot();
        Path json = dir.resolve("r.json");
        try (LoopDevice dev = LoopDevice.create(StoppableTrace.DEVICE_BYTES)) {
            BlockStat probe = beforeTheRun(dir, dev);
            BlockStat before = BlockStat.of(dev);
            try (ChildSbench replay = ChildSbench.start(dir, List.of(), "replay", StoppableTrace.write(dir, DEPTH).toString(),
                    "--target", dev.path().toString(), "--allow-write", "--progress", "always", "--out", json.toString())) {
                replay.awaitErr(" IOs ");
                replay.signal("TERM");
                assertEquals(143, replay.waitFor(), replay.err());
            }
            BlockStat seen = BlockStat.of(dev).since(before);
            ReplayResult r = new JsonResults().read(json);
            ReplayResult.Summary s = r.summary();
            long issued = r.fidelity().issued();
            assertFalse(r.complete());
            assertEquals("interrupted (SIGTERM)", r.stopReason());
            assertEquals(0, s.errors(), r.errors().toString());
            assertEquals(issued, s.ios(), "every IO issued, those in flight at the signal too, is in the result");
            long[] ofTrace = StoppableTrace.kernelCounts(issued, 0, 1);
            ofTrace[0] += probe.reads();
            ofTrace[1] += probe.sectorsRead();
            String fields = " {reads, sectors, writes, sectors, discards, sectors, flushes}";
            assertEquals(Arrays.toString(ofTrace), Arrays.toString(StoppableTrace.kernelCounts(seen)),
                    "the first " + issued + " IOs of the trace at the kernel, and the look before the run (" + probe + ")" + fields);
            assertEquals(Arrays.toString(new long[] {s.reads() + probe.reads(), s.bytesRead() / BlockStat.SECTOR_BYTES + probe.sectorsRead(), s.writes(),
                s.bytesWritten() / BlockStat.SECTOR_BYTES, s.trims(), ofTrace[5], s.flushes()}),
                    Arrays.toString(StoppableTrace.kernelCounts(seen)), "the result" + fields);
            Thread.sleep(AFTER_MS);
            assertEquals(seen, BlockStat.of(dev).since(before), "nothing reaches the device after sbench ended");
        }
    }
}
