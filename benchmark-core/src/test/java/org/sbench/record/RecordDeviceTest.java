// sbench record on loop devices made by the test: the trace holds exactly the IOs issued, and nothing is left behind.
package org.sbench.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.sbench.record.IoPattern.io;
import static org.sbench.trace.TestRecords.readAll;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.target.LoopDevice;
import org.sbench.target.SteadyListing;
import org.sbench.target.Target;
import org.sbench.target.TargetSettings;
import org.sbench.target.Targets;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;
import org.sbench.trace.PhaseMarker;
import org.sbench.trace.RequestAccounts;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.TraceReader;
import org.sbench.trace.format.TraceFormats;
import org.sbench.trace.input.ReadOptions;

/**
 * Records loop devices this test creates while it issues a known pattern through the io_uring
 * engine (O_DIRECT; merging off, as replay targets set it), then reads the trace back. Root only.
 */
@Tag("device")
class RecordDeviceTest {
    private static final long MIB = 1 << 20;
    private static final long KIB = 1 << 10;
    private static final long DEVICE_BYTES = 64 * MIB;
    private static final Path TRACEFS = Path.of("/sys/kernel/tracing");
    /** Service times on a loop device over a page-cached file are far below this. */
    private static final long PLAUSIBLE_LATENCY_NS = 1_000_000_000L;
    private static final int MBR_ENTRY_OFFSET = 446;
    private static final int MBR_ENTRY_BYTES = 16;
    private static final byte LINUX_PARTITION = (byte) 0x83;
    private static final long PARTITION_START_SECTOR = 2048;
    private static final long PARTITION_SECTORS = 16384;
    private static final long LONG_WAIT_NS = 600_000_000_000L;
    private static final Duration HANG = Duration.ofSeconds(60);

    /** Mounted for the class if it was not (a fresh machine mounts it at first use); unmounted after unless in use. */
    private static Tracefs tracefs;
    /** An instance held for the class: an sbench record elsewhere that mounted tracefs leaves it mounted for it. */
    private static TracefsInstance held;

    @TempDir
    Path dir;

    @BeforeAll
    static void tracefsForTheClass() {
        LoopDevice.assumeRoot();
        tracefs = Tracefs.open();
        held = TracefsInstance.create(tracefs.root(), "sbench-test-held-" + ProcessHandle.current().pid());
    }

    @AfterAll
    static void releaseTracefs() {
        if (tracefs != null) {
            try {
                held.remove();
            } finally {
                tracefs.release(); // left mounted, rightly, when another user came meanwhile
            }
        }
    }

    @BeforeEach
    void needRoot() {
        LoopDevice.assumeRoot();
    }

    @Test
    void traceHoldsExactlyTheIssuedIosWithTimesAndQueueDepth() throws Exception {
        Map<String, String> tracingBefore = tracingState();
        Path out = dir.resolve("pattern.sbt");
        RecordResult result;
        List<IoRecord> expected;
        try (LoopDevice loop = LoopDevice.create(DEVICE_BYTES);
             Target target = Targets.open(loop.path().toString(), TargetSettings.DEFAULTS.withAllowWrite(true));
             IoPattern pattern = new IoPattern(target, "io_uring", 0);
             TraceRecorder recorder = new TraceRecorder(RecordSettings.of(List.of(loop.path().toString()), out))) {
            recorder.start();
            assertTrue(Files.isDirectory(instanceDir()), "recording in a private instance");
            pattern.batch(io(Op.WRITE, 0, 4 * KIB));
            pattern.batch(io(Op.WRITE, MIB, 64 * KIB));
            pattern.batch(io(Op.READ, 4 * MIB, 8 * KIB));
            pattern.batch(io(Op.READ, 0, 4 * KIB));
            pattern.batch(io(Op.TRIM, 8 * MIB, MIB));
            pattern.batch(io(Op.FLUSH, 0, 0));
            assertEquals("phase two", recorder.mark(" phase two\n"));
            pattern.batch(io(Op.READ, 16 * MIB, 64 * KIB), io(Op.READ, 20 * MIB, 64 * KIB),
                    io(Op.READ, 24 * MIB, 64 * KIB), io(Op.READ, 28 * MIB, 64 * KIB));
            pattern.batch(io(Op.WRITE, 32 * MIB, 64 * KIB), io(Op.WRITE, 33 * MIB, 128 * KIB), io(Op.WRITE, 34 * MIB, 4 * KIB));
            RecordStatus status = recorder.status();
            for (int i = 0; i < 200 && status.ios() < 13; i++) {
                Thread.sleep(10); // the recording thread reads the stream behind the IOs
                status = recorder.status();
            }
            assertEquals(13, status.ios());
            assertEquals(0, status.eventsLost());
            assertEquals(1, status.marks());
            assertEquals(4 * KIB + 8 * KIB + 4 * 64 * KIB, status.bytesRead());
            result = recorder.finish();
            expected = pattern.issued();
            assertNull(recorder.mark("too late"));
        }
        assertFalse(Files.exists(instanceDir()), "instance removed");
        assertEquals(tracingBefore, tracingState(), "the global tracing state is as it was");

        assertEquals(13, result.ios());
        assertTrue(result.complete());
        assertEquals(0, result.eventsLost());
        assertEquals(0, result.inFlightAtStop());
        assertEquals(1, result.marks());
        assertEquals("output on " + String.join(", ", org.sbench.target.BackingDisks.system().ofPath(out))
                + ", not recorded: nothing to filter", result.selfTraffic());
        List<IoRecord> trace;
        TraceInfo info;
        try (TraceReader reader = TraceFormats.standard().open(out, null, ReadOptions.DEFAULTS)) {
            info = reader.info();
            trace = readAll(reader);
        }
        assertEquals(shapes(expected), shapes(trace));
        assertEquals(0, trace.get(0).issueNs, "times start at the first IO");
        for (IoRecord r : trace) {
            assertTrue(r.completeNs >= r.issueNs && r.completeNs - r.issueNs < PLAUSIBLE_LATENCY_NS, r.toString());
            assertTrue(r.process != null && !r.process.isEmpty(), r.toString());
            assertEquals(IoRecord.NO_STREAM, r.stream);
        }
        for (int i = 1; i < 6; i++) {
            assertTrue(trace.get(i).issueNs >= trace.get(i - 1).completeNs, "IOs issued one after another: " + trace.get(i));
            assertEquals(1, trace.get(i).qd, trace.get(i).toString());
        }
        int maxBatchQd = trace.subList(6, 10).stream().mapToInt(r -> r.qd).max().orElse(0);
        assertTrue(maxBatchQd >= 2, "four reads submitted together overlap: QD " + maxBatchQd);
        assertEquals(trace.get(6).qd, 1, "the first of a batch finds the device idle");
        PhaseMarker mark = info.phases().get(0);
        assertEquals("phase two", mark.name());
        assertTrue(mark.timeNs() >= trace.get(5).issueNs && mark.timeNs() <= trace.get(6).issueNs, mark.toString());
        Map<String, String> m = info.metadata();
        assertEquals("true", m.get("record.complete"));
        assertEquals("0", m.get("record.eventsLost"));
        assertEquals(Long.toString(DEVICE_BYTES), m.get(TraceInfo.CAPACITY));
        assertEquals("mono, binary ring-buffer pages (trace_pipe_raw), 1 ns resolution", m.get("record.clock"));
        assertEquals("pattern", info.name());
    }

    @Test
    void stopMidRecordingLeavesACompleteValidFile() throws Exception {
        Path out = dir.resolve("stopped.sbt");
        AtomicBoolean running = new AtomicBoolean(true);
        AtomicLong issuedIos = new AtomicLong();
        RecordResult result;
        try (LoopDevice loop = LoopDevice.create(DEVICE_BYTES);
             Target target = Targets.open(loop.path().toString(), TargetSettings.DEFAULTS.withAllowWrite(true));
             IoPattern pattern = new IoPattern(target, "io_uring", 0);
             TraceRecorder recorder = new TraceRecorder(RecordSettings.of(List.of(loop.path().toString()), out))) {
            recorder.start();
            Thread load = new Thread(() -> {
                long offset = 0;
                while (running.get()) {
                    pattern.batch(io(Op.READ, offset, 4 * KIB), io(Op.WRITE, offset + 8 * MIB, 4 * KIB));
                    issuedIos.addAndGet(2);
                    offset = (offset + 4 * KIB) % (8 * MIB);
                }
            }, "load");
            load.start();
            while (issuedIos.get() < 2000) {
                Thread.sleep(5);
            }
            // What the CLI's SIGINT handler does, then what the CLI does once awaitStop returns.
            recorder.requestStop();
            assertTrue(recorder.awaitStop(0));
            result = recorder.finish();
            running.set(false);
            load.join();
        }
        assertTrue(result.ios() >= 2000, "recorded " + result.ios());
        assertTrue(result.ios() <= issuedIos.get(), "recorded " + result.ios() + " of " + issuedIos.get());
        long read = 0;
        try (TraceReader reader = TraceFormats.standard().open(out, "sbt", ReadOptions.DEFAULTS)) {
            IoRecord r = new IoRecord();
            long lastIssue = Long.MIN_VALUE;
            while (reader.next(r)) {
                assertTrue(r.completeNs >= r.issueNs && r.issueNs >= lastIssue, r.toString());
                assertTrue(r.op == Op.READ ? r.offsetBytes < 8 * MIB : r.offsetBytes >= 8 * MIB, r.toString());
                lastIssue = r.issueNs;
                read++;
            }
            assertEquals("true", reader.info().metadata().get("record.complete"));
        }
        assertEquals(result.ios(), read);
        assertFalse(Files.exists(instanceDir()));
    }

    @Test
    void partitionIsRecordedAtWholeDiskOffsetsAndNothingElseOfTheDisk() throws Exception {
        Path out = dir.resolve("part.sbt");
        RecordResult result;
        List<IoRecord> expected;
        Path partition;
        try (LoopDevice loop = LoopDevice.create(DEVICE_BYTES)) {
            writeMbr(loop);
            partition = loop.scanPartitions().get(0);
            try (Target disk = ReadOnlyDisk.open(loop.path());
                 IoPattern diskIo = new IoPattern(disk, "io_uring", 0);
                 Target part = Targets.open(partition.toString(), TargetSettings.DEFAULTS.withAllowWrite(true));
                 IoPattern partIo = new IoPattern(part, "io_uring", PARTITION_START_SECTOR * 512);
                 TraceRecorder recorder = new TraceRecorder(RecordSettings.of(List.of(partition.toString()), out))) {
                recorder.start();
                diskIo.batch(io(Op.READ, 32 * MIB, 4 * KIB));
                partIo.batch(io(Op.WRITE, 0, 4 * KIB));
                diskIo.batch(io(Op.READ, 0, 4 * KIB));
                partIo.batch(io(Op.READ, 4 * KIB, 8 * KIB), io(Op.READ, 4 * MIB, 16 * KIB));
                diskIo.batch(io(Op.READ, (PARTITION_START_SECTOR + PARTITION_SECTORS) * 512, 4 * KIB));
                result = recorder.finish();
                expected = partIo.issued();
            }
        }
        assertEquals(shapes(expected), shapes(readAll(out)));
        assertEquals(1, result.devices().size());
        assertTrue(result.devices().get(0).startsWith(partition + " (partition " + partition.getFileName() + " of /dev/"),
                result.devices().toString());
        try (TraceReader reader = TraceFormats.standard().open(out, null, ReadOptions.DEFAULTS)) {
            Map<String, String> m = reader.info().metadata();
            assertEquals(Long.toString(PARTITION_START_SECTOR * 512), m.get("device.0.partitionStartBytes"));
            assertEquals(Long.toString((PARTITION_START_SECTOR + PARTITION_SECTORS) * 512), m.get("device.0.partitionEndBytes"));
            assertEquals("bytes from the start of the whole disk", m.get("record.offsets"));
        }
    }

    /**
     * A recorded disk that goes away or is replaced (removed; a loop device detached, or attached
     * anew: a new {@code diskseq}) ends the recording, with a note: its device number may be given
     * to another disk, whose IOs would otherwise be recorded as this one's. Here a file bound over
     * the loop device's {@code diskseq} stands for attaching it anew, which the test cannot do
     * without giving up the number it owns. Found by the record audit: a loop device detached and
     * attached anew to a 1 GiB file while recording its 256 MiB predecessor gave a "complete"
     * trace of the 256 MiB device holding writes at 905 MB.
     */
    @Test
    void aDiskThatGoesAwayEndsTheRecordingWithANote() throws Exception {
        Path out = dir.resolve("gone.sbt");
        Path otherSeq = Files.writeString(dir.resolve("diskseq"), "999999999\n");
        RecordResult result;
        String device;
        try (LoopDevice loop = LoopDevice.create(DEVICE_BYTES);
             TraceRecorder recorder = new TraceRecorder(RecordSettings.of(List.of(loop.path().toString()), out))) {
            device = loop.path().toString();
            recorder.start();
            assertFalse(recorder.awaitStop(0));
            Path diskSeq = Path.of("/sys/class/block", loop.name(), "diskseq").toRealPath();
            LoopDevice.run("mount", "--bind", otherSeq.toString(), diskSeq.toString());
            try {
                assertTrue(recorder.awaitStop(0));
            } finally {
                LoopDevice.run("umount", diskSeq.toString());
            }
            result = recorder.finish();
        }
        assertTrue(result.complete());
        assertTrue(result.notes().contains("stopped: " + device + " went away (removed, or a loop device detached or attached"
                + " anew); its number may now be another device's"), result.notes().toString());
        assertFalse(Files.exists(instanceDir()));
    }

    /**
     * The kernel's uevent for a disk ends a long wait: the disk is looked at again then. As in
     * {@link #aDiskThatGoesAwayEndsTheRecordingWithANote} a file bound over {@code diskseq} stands for the disk
     * attached anew; the uevent is the one its attach sends ({@code change}), written to its {@code uevent} file.
     */
    @Test
    void aUeventEndsALongWaitForADiskThatWentAway() throws Exception {
        Path otherSeq = Files.writeString(dir.resolve("diskseq"), "999999999\n");
        try (LoopDevice loop = LoopDevice.create(DEVICE_BYTES);
             TraceRecorder recorder = new TraceRecorder(RecordSettings.of(List.of(loop.path().toString()), dir.resolve("ue.sbt")))) {
            recorder.start();
            Path disk = Path.of("/sys/class/block", loop.name()).toRealPath();
            Path diskSeq = disk.resolve("diskseq");
            Thread attach = new Thread(() -> {
                try {
                    // Most likely after the wait began; before it, the wait's first look finds it.
                    Thread.sleep(500);
                    LoopDevice.run("mount", "--bind", otherSeq.toString(), diskSeq.toString());
                    Files.writeString(disk.resolve("uevent"), "change");
                } catch (IOException | InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            }, "attach");
            attach.start();
            try {
                assertTrue(assertTimeoutPreemptively(HANG, () -> recorder.awaitStop(LONG_WAIT_NS)));
            } finally {
                attach.join();
                LoopDevice.run("umount", diskSeq.toString());
            }
            RecordResult result = recorder.finish();
            assertTrue(result.notes().stream().anyMatch(n -> n.startsWith("stopped: " + loop.path() + " went away")),
                    result.notes().toString());
        }
    }

    @Test
    void severalDevicesBecomeStreams() throws Exception {
        Path out = dir.resolve("two.sbt");
        try (LoopDevice a = LoopDevice.create(DEVICE_BYTES);
             LoopDevice b = LoopDevice.create(DEVICE_BYTES);
             Target ta = Targets.open(a.path().toString(), TargetSettings.DEFAULTS.withAllowWrite(true));
             Target tb = Targets.open(b.path().toString(), TargetSettings.DEFAULTS.withAllowWrite(true));
             IoPattern ia = new IoPattern(ta, "libaio", 0);
             IoPattern ib = new IoPattern(tb, "libaio", 0);
             TraceRecorder recorder = new TraceRecorder(RecordSettings.of(List.of(b.path().toString(), a.path().toString()), out))) {
            recorder.start();
            ia.batch(io(Op.WRITE, MIB, 4 * KIB));
            ib.batch(io(Op.READ, 2 * MIB, 8 * KIB));
            ia.batch(io(Op.READ, 3 * MIB, 4 * KIB));
            recorder.finish();
        }
        List<IoRecord> trace = readAll(out);
        assertEquals(List.of("W 1048576+4096 stream 1", "R 2097152+8192 stream 0", "R 3145728+4096 stream 1"),
                trace.stream().map(r -> shape(r) + " stream " + r.stream).toList());
    }

    /**
     * {@code blkdiscard -z} on a loop device over a file that takes write-zeroes (not tmpfs) issues
     * one write-zeroes request, no IO of the trace: left out, and said with its bytes in the result
     * and the trace's metadata.
     */
    @Test
    void writeZeroesIsLeftOutAndCounted() throws Exception {
        assumeTrue(LoopDevice.works("blkdiscard", "--version"), "needs blkdiscard");
        Path out = dir.resolve("zeroes.sbt");
        RecordResult result;
        try (LoopDevice loop = LoopDevice.create(DEVICE_BYTES)) {
            Path maxBytes = Path.of("/sys/block", loop.name(), "queue/write_zeroes_max_bytes");
            assumeTrue(Long.parseLong(Files.readString(maxBytes).strip()) >= 4 * MIB, "the loop device's file takes write-zeroes");
            try (TraceRecorder recorder = new TraceRecorder(RecordSettings.of(List.of(loop.path().toString()), out))) {
                recorder.start();
                assertTrue(LoopDevice.works("blkdiscard", "-z", "-o", "0", "-l", Long.toString(4 * MIB), loop.path().toString()));
                result = recorder.finish();
            }
        }
        assertEquals(4 * MIB, result.requests().otherRequestBytes(), result.toString());
        assertTrue(result.requests().otherRequests() >= 1, result.toString());
        try (TraceReader reader = TraceFormats.standard().open(out, "sbt", ReadOptions.DEFAULTS)) {
            assertEquals(result.requests().metadata().get(RequestAccounts.OTHER_REQUEST_BYTES),
                    reader.info().metadata().get(RequestAccounts.OTHER_REQUEST_BYTES));
            IoRecord r = new IoRecord();
            while (reader.next(r)) {
                assertTrue(r.op == Op.READ, "only the reads of blkdiscard and udev: " + r);
            }
        }
    }

    /**
     * Reads past the end of a loop device's file, cut short after attaching, fail with EIO: they
     * stay IOs of the trace, and the result and the metadata count them by error.
     */
    @Test
    void readsThatFailWithEioAreKeptAndCounted() throws Exception {
        Path out = dir.resolve("eio.sbt");
        RecordResult result;
        try (LoopDevice loop = LoopDevice.create(DEVICE_BYTES);
             TraceRecorder recorder = new TraceRecorder(RecordSettings.of(List.of(loop.path().toString()), out))) {
            try (FileChannel image = FileChannel.open(loop.image(), StandardOpenOption.WRITE)) {
                image.truncate(4 * MIB);
            }
            recorder.start();
            for (long block : new long[] {8192, 12288}) {
                assertFalse(LoopDevice.works("dd", "if=" + loop.path(), "of=/dev/null", "bs=4096", "count=1",
                        "skip=" + block, "iflag=direct"), "a read past the file's end fails");
            }
            result = recorder.finish();
        }
        long pastTheEnd = readAll(out).stream().filter(r -> r.op == Op.READ && r.offsetBytes >= 4 * MIB).count();
        assertTrue(pastTheEnd >= 2, "the failed reads are IOs of the trace: " + pastTheEnd);
        assertEquals(new RequestAccounts.Counts(0, 0, pastTheEnd, List.of(new RequestAccounts.Failure("EIO", pastTheEnd))),
                result.requests());
        try (TraceReader reader = TraceFormats.standard().open(out, "sbt", ReadOptions.DEFAULTS)) {
            assertEquals("EIO " + pastTheEnd, reader.info().metadata().get(RequestAccounts.FAILED_IOS_BY_ERROR));
        }
    }

    @Test
    void outputOnARecordedDiskFiltersTheWriterThread(@TempDir Path mountPoint) throws Exception {
        try (LoopDevice loop = LoopDevice.create(DEVICE_BYTES)) {
            long p2Start = PARTITION_START_SECTOR + PARTITION_SECTORS;
            writeMbr(loop, PARTITION_START_SECTOR, PARTITION_SECTORS, p2Start, 2 * PARTITION_SECTORS);
            List<Path> parts = loop.scanPartitions();
            LoopDevice.run("mkfs.ext4", "-q", "-F", parts.get(0).toString());
            LoopDevice.run("mount", "-t", "ext4", parts.get(0).toString(), mountPoint.toString());
            Path out = mountPoint.resolve("self.sbt");
            RecordResult result;
            List<IoRecord> expected;
            String issueFilter;
            try (Target p2 = Targets.open(parts.get(1).toString(), TargetSettings.DEFAULTS.withAllowWrite(true));
                 IoPattern io = new IoPattern(p2, "io_uring", p2Start * 512);
                 TraceRecorder recorder = new TraceRecorder(RecordSettings.of(List.of(loop.path().toString()), out))) {
                recorder.start();
                issueFilter = TracefsInstance.readText(instanceDir().resolve("events/block/block_rq_issue/filter")).strip();
                for (int i = 0; i < 50; i++) {
                    io.batch(io(Op.WRITE, i * 64 * KIB, 64 * KIB));
                }
                result = recorder.finish();
                expected = io.issued();
            } finally {
                LoopDevice.run("umount", mountPoint.toString());
            }
            String disk = loop.path().getFileName().toString();
            assertTrue(result.selfTraffic().startsWith("output on recorded disk " + disk + ": requests issued by the recorder's"
                    + " writer thread (tid "), result.selfTraffic());
            int tid = Integer.parseInt(result.selfTraffic().replaceAll(".*\\(tid ([0-9]+)\\).*", "$1"));
            assertTrue(issueFilter.endsWith("common_pid != " + tid), issueFilter);
            LoopDevice.run("mount", "-t", "ext4", "-o", "ro", parts.get(0).toString(), mountPoint.toString());
            try {
                List<IoRecord> trace = readAll(out);
                List<String> onP2 = trace.stream().filter(r -> r.offsetBytes >= p2Start * 512).map(RecordDeviceTest::shape).toList();
                assertEquals(shapes(expected), onP2);
                assertTrue(trace.stream().noneMatch(r -> "sbench-record".equals(r.process)), "the writer thread's own IO");
            } finally {
                LoopDevice.run("umount", mountPoint.toString());
            }
        }
    }

    @Test
    void aDiskAndItsPartitionAreNotRecordedTogether() throws Exception {
        try (LoopDevice loop = LoopDevice.create(DEVICE_BYTES)) {
            writeMbr(loop);
            Path part = loop.scanPartitions().get(0);
            SbenchException e = assertThrows(SbenchException.class, () -> DeviceSelection.resolve(
                    List.of(loop.path().toString(), part.toString()), Path.of("/sys")));
            assertEquals(ErrorKind.USAGE, e.kind());
            assertEquals("--device " + part + " is part of " + loop.path() + ", given too; record the disk or its partitions, not both",
                    e.getMessage());
        }
    }

    @Test
    void anotherTracerOfTheBlockEventsIsToldAboutAndLeftAlone() throws Exception {
        Path other = TRACEFS.resolve("instances/sbench-test-other-" + ProcessHandle.current().pid());
        Files.createDirectory(other);
        try (LoopDevice loop = LoopDevice.create(DEVICE_BYTES);
             Target target = Targets.open(loop.path().toString(), TargetSettings.DEFAULTS.withAllowWrite(true));
             IoPattern pattern = new IoPattern(target, "io_uring", 0)) {
            Path issue = other.resolve("events/block/block_rq_issue");
            Files.writeString(issue.resolve("filter"), "dev == 1");
            Files.writeString(issue.resolve("enable"), "1");
            RecordResult result;
            try (TraceRecorder recorder = new TraceRecorder(RecordSettings.of(List.of(loop.path().toString()), dir.resolve("o.sbt")))) {
                recorder.start();
                pattern.batch(io(Op.READ, 0, 4 * KIB));
                result = recorder.finish();
            }
            assertEquals(1, result.ios());
            // Another recording on the machine (a concurrent sbench record) is named in the same note, beside this one.
            assertTrue(result.notes().stream().anyMatch(n -> n.startsWith("block request events are also traced by ")
                    && n.contains("instance " + other.getFileName()) && n.endsWith("; left as they are (this recording has its own"
                    + " instance)")), result.notes().toString());
            assertEquals("1", TracefsInstance.readText(issue.resolve("enable")).strip());
            assertEquals("dev == 1", TracefsInstance.readText(issue.resolve("filter")).strip());
        } finally {
            Files.delete(other);
        }
    }

    @Test
    void instancesLeftByKilledSbenchesAreRemovedAndNoOtherIs() throws Exception {
        Process finished = new ProcessBuilder("true").start();
        finished.waitFor();
        long gonePid = finished.pid();
        Path sleeper = Files.writeString(dir.resolve("Sleep.java"), "class Sleep { public static void main(String[] a)"
                + " throws Exception { Thread.sleep(600_000); } }");
        Process sleep = new ProcessBuilder("sleep", "600").start();
        Process java = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), sleeper.toString()).start();
        Path gone = TRACEFS.resolve("instances/sbench-" + gonePid);
        Path reused = TRACEFS.resolve("instances/sbench-" + sleep.pid());
        Path running = TRACEFS.resolve("instances/sbench-" + java.pid());
        Path other = TRACEFS.resolve("instances/other-" + gonePid);
        List<Path> made = List.of(gone, reused, running, other);
        try {
            for (Path p : made) {
                Files.createDirectory(p);
            }
            Files.writeString(gone.resolve("events/block/block_rq_issue/enable"), "1");
            List<String> notes = TracefsInstance.removeStale(TRACEFS, "sbench-", Path.of("/proc"));
            assertEquals(Set.of("removed tracefs instance sbench-" + gonePid + ", left enabled by an sbench that was killed (pid "
                    + gonePid + " is gone)", "removed tracefs instance sbench-" + sleep.pid() + ", left enabled by an sbench that"
                    + " was killed (pid " + sleep.pid() + " is now 'sleep')"), Set.copyOf(notes));
            assertFalse(Files.exists(gone));
            assertFalse(Files.exists(reused));
            assertTrue(Files.isDirectory(running), "a running java process may be an sbench: left alone");
            assertTrue(Files.isDirectory(other), "not named by sbench: left alone");
        } finally {
            sleep.destroyForcibly();
            java.destroyForcibly();
            for (Path p : made) {
                Files.deleteIfExists(p);
            }
        }
    }

    @Test
    void anExistingInstanceOfTheSameNameIsNotTouched() throws Exception {
        Files.createDirectory(instanceDir());
        try (LoopDevice loop = LoopDevice.create(DEVICE_BYTES)) {
            SbenchException e = refusedStart(loop, dir.resolve("refused.sbt"));
            assertEquals(ErrorKind.UNSAFE_TARGET, e.kind());
            assertTrue(e.getMessage().startsWith("tracefs instance " + instanceDir() + " exists already"), e.getMessage());
            assertTrue(Files.isDirectory(instanceDir()), "left alone");
            try (Stream<Path> files = Files.list(dir)) {
                assertEquals(0, files.count(), "no output");
            }
        } finally {
            Files.delete(instanceDir());
        }
    }

    @Test
    void anInstanceThatCannotBeRemovedAfterTheTraceIsWrittenIsANoteAndTheTraceStays() throws Exception {
        Path out = dir.resolve("kept.sbt");
        RecordResult result;
        try (LoopDevice loop = LoopDevice.create(DEVICE_BYTES);
             Target target = Targets.open(loop.path().toString(), TargetSettings.DEFAULTS.withAllowWrite(true));
             IoPattern pattern = new IoPattern(target, "io_uring", 0);
             TraceRecorder recorder = new TraceRecorder(RecordSettings.of(List.of(loop.path().toString()), out))) {
            recorder.start();
            pattern.batch(io(Op.READ, 0, 4 * KIB));
            // The kernel refuses to remove an instance while one of its files is open.
            try (FileChannel held = FileChannel.open(instanceDir().resolve("trace_clock"), StandardOpenOption.READ)) {
                result = recorder.finish();
            }
        } finally {
            Files.deleteIfExists(instanceDir());
        }
        assertTrue(result.complete());
        assertEquals(1, result.ios());
        assertTrue(result.notes().stream().anyMatch(n -> n.startsWith("not cleaned up: cannot remove tracefs instance (rmdir "
                + instanceDir() + " by hand)")), result.notes().toString());
        assertEquals(1, readAll(out).size());
    }

    @Test
    void aLossCounterThatCannotBeReadIsUnknownAndRecordingGoesOn(@TempDir Path empty) throws Exception {
        Path out = dir.resolve("on.sbt");
        RecordResult result;
        try (LoopDevice loop = LoopDevice.create(DEVICE_BYTES);
             Target target = Targets.open(loop.path().toString(), TargetSettings.DEFAULTS.withAllowWrite(true));
             IoPattern pattern = new IoPattern(target, "io_uring", 0);
             TraceRecorder recorder = new TraceRecorder(RecordSettings.of(List.of(loop.path().toString()), out))) {
            recorder.start();
            Path cpu0 = instanceDir().resolve("per_cpu/cpu0");
            LoopDevice.run("mount", "--bind", empty.toString(), cpu0.toString()); // hides cpu0/stats
            try {
                assertEquals(RecordStatus.UNKNOWN, recorder.status().eventsLost());
            } finally {
                LoopDevice.run("umount", cpu0.toString());
            }
            pattern.batch(io(Op.READ, 0, 4 * KIB));
            result = recorder.finish();
        }
        assertTrue(result.complete());
        assertEquals(1, readAll(out).size());
    }

    @Test
    void aLossCounterThatCannotBeReadAtTheEndKeepsTheTraceMarkedIncomplete(@TempDir Path empty) throws Exception {
        Path out = dir.resolve("end.sbt");
        RecordResult result;
        Path cpu0 = instanceDir().resolve("per_cpu/cpu0");
        try (LoopDevice loop = LoopDevice.create(DEVICE_BYTES);
             Target target = Targets.open(loop.path().toString(), TargetSettings.DEFAULTS.withAllowWrite(true));
             IoPattern pattern = new IoPattern(target, "io_uring", 0);
             TraceRecorder recorder = new TraceRecorder(RecordSettings.of(List.of(loop.path().toString()), out))) {
            recorder.start();
            pattern.batch(io(Op.READ, 0, 4 * KIB));
            LoopDevice.run("mount", "--bind", empty.toString(), cpu0.toString()); // hides cpu0/stats until after finish
            try {
                result = recorder.finish();
            } finally {
                if (Files.isDirectory(cpu0)) { // removing the instance takes the mount with it
                    LoopDevice.run("umount", cpu0.toString());
                }
            }
        }
        assertEquals(RecordStatus.UNKNOWN, result.eventsLost());
        assertFalse(result.complete());
        assertEquals(1, readAll(out).size(), "the trace is kept");
    }

    /**
     * A bio-based disk (device-mapper, md, zram: sysfs has no {@code mq} directory for it) raises
     * no block request events, so its recording would hold nothing and be called complete: it is a
     * usage error naming the disks under it. A sysfs made here describes the test's loop device
     * number as such a disk (dm-7 over loop members), as no such device may be made for a test.
     * Found by the record audit (zram0 of the audit machine has no mq directory; dm and md could
     * not be loaded there).
     */
    @Test
    void aBioBasedDiskIsAUsageErrorNamingTheDisksUnderIt(@TempDir Path sys) throws Exception {
        try (LoopDevice loop = LoopDevice.create(DEVICE_BYTES)) {
            Path dm = describeAs(loop, sys, "dm-7", 131072);
            Files.createDirectories(dm.resolve("slaves/loop8"));
            Files.createDirectories(dm.resolve("slaves/loop9"));
            SbenchException e = assertThrows(SbenchException.class,
                    () -> DeviceSelection.resolve(List.of(loop.path().toString()), sys));
            assertEquals(ErrorKind.USAGE, e.kind());
            assertEquals("--device " + loop.path() + " is dm-7, a device that passes IO on without block requests"
                    + " (device-mapper, md, zram): the kernel raises no request events for it, so nothing would be recorded;"
                    + " record the disks under it: /dev/loop8, /dev/loop9", e.getMessage());
            Files.createDirectory(dm.resolve("mq"));
            assertEquals("dm-7", DeviceSelection.resolve(List.of(loop.path().toString()), sys).devices().get(0).name(),
                    "a request-based one (dm-multipath) is recorded");
        }
    }

    /**
     * A disk of 0 bytes (a loop device with no file attached, a drive without media) can take no
     * IO, and the device attached or the media inserted later is another disk (a new diskseq),
     * which ends the recording: it is a usage error, with the listing of the block devices there
     * are (the one a path that is no block device gets). It was recorded, as "(7:9, 0.0 MB)", until
     * Ctrl-C. Found by the record audit ({@code --device /dev/loop9}, no file attached).
     */
    @Test
    void aDiskOfNoBytesIsAUsageError(@TempDir Path sys) throws Exception {
        try (LoopDevice loop = LoopDevice.create(DEVICE_BYTES)) {
            Files.createDirectory(describeAs(loop, sys, "loop77", 0).resolve("mq"));
            SbenchException e = assertThrows(SbenchException.class,
                    () -> DeviceSelection.resolve(List.of(loop.path().toString()), sys));
            assertEquals(ErrorKind.USAGE, e.kind());
            assertEquals("--device " + loop.path() + " is loop77, which holds nothing (0 bytes: a loop device with no file"
                    + " attached, or a drive without media); no block devices here", e.getMessage());
        }
    }

    /** A sysfs under {@code sys} whose only disk, {@code name} of {@code sectors}, has {@code loop}'s device number. */
    private static Path describeAs(LoopDevice loop, Path sys, String name, long sectors) throws IOException {
        String majorMinor = Files.readString(Path.of("/sys/class/block", loop.name(), "dev")).trim();
        Path disk = Files.createDirectories(sys.resolve("devices/virtual/block/" + name));
        Files.writeString(disk.resolve("dev"), majorMinor + "\n");
        Files.writeString(disk.resolve("size"), sectors + "\n");
        Files.createDirectories(sys.resolve("dev/block"));
        Files.createDirectories(sys.resolve("class/block"));
        Files.createSymbolicLink(sys.resolve("dev/block/" + majorMinor), disk);
        Files.createSymbolicLink(sys.resolve("class/block/" + name), disk);
        return disk;
    }

    @Test
    void aBadOutputFailsBeforeTracefsIsTouched() throws Exception {
        Files.createDirectory(instanceDir()); // a start that got as far as tracefs would refuse on this instead
        try (LoopDevice loop = LoopDevice.create(DEVICE_BYTES)) {
            Path out = dir.resolve("missing/t.sbt");
            SbenchException e = refusedStart(loop, out);
            assertEquals(ErrorKind.USAGE, e.kind());
            assertEquals(out + ": " + out.getParent() + " does not exist", e.getMessage());
        } finally {
            Files.delete(instanceDir());
        }
    }

    @Test
    void aFileIsNotADevice() throws Exception {
        Path file = Files.writeString(dir.resolve("plain"), "x");
        SteadyListing.Taken<SbenchException> e = SteadyListing.around(() -> assertThrows(SbenchException.class,
                () -> new TraceRecorder(RecordSettings.of(List.of(file.toString()), dir.resolve("o.sbt"))).start()));
        assertEquals(ErrorKind.USAGE, e.result().kind());
        assertEquals("--device " + file + " is not a block device; expected a disk or partition; " + e.listing(),
                e.result().getMessage());
    }

    /** The refusal of starting to record {@code loop} into {@code out}. */
    private static SbenchException refusedStart(LoopDevice loop, Path out) {
        try (TraceRecorder recorder = new TraceRecorder(RecordSettings.of(List.of(loop.path().toString()), out))) {
            return assertThrows(SbenchException.class, recorder::start);
        }
    }

    private static Path instanceDir() {
        return TRACEFS.resolve("instances/sbench-" + ProcessHandle.current().pid());
    }

    private static List<String> shapes(List<IoRecord> records) {
        return records.stream().map(RecordDeviceTest::shape).toList();
    }

    /** Op, offset and length: what the trace must reproduce exactly. */
    private static String shape(IoRecord r) {
        return r.op.code() + " " + r.offsetBytes + "+" + r.lengthBytes;
    }

    /** The top-level tracing settings a recording must leave as they were. */
    private static Map<String, String> tracingState() throws IOException {
        Map<String, String> state = new TreeMap<>();
        for (String file : new String[] {"tracing_on", "trace_clock", "buffer_size_kb", "set_event",
            "events/block/block_rq_issue/enable", "events/block/block_rq_issue/filter",
            "events/block/block_rq_complete/enable", "events/block/block_rq_complete/filter",
            "events/block/block_rq_requeue/enable", "events/block/block_rq_requeue/filter"}) {
            state.put(file, TracefsInstance.readText(TRACEFS.resolve(file)));
        }
        // This process's instances only: another process (a second sbench, another run's tests) makes and removes its own
        // meanwhile, each named for its pid as sbench names its.
        String own = "-" + ProcessHandle.current().pid();
        try (Stream<Path> instances = Files.list(TRACEFS.resolve("instances"))) {
            state.put("instances", instances.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(own)).sorted().toList()
                    .toString());
        }
        return state;
    }

    /** An MBR with one Linux partition from sector 2048 over 8 MiB. */
    private static void writeMbr(LoopDevice loop) throws IOException {
        writeMbr(loop, PARTITION_START_SECTOR, PARTITION_SECTORS);
    }

    /** An MBR with Linux partitions given as (start sector, sectors) pairs. */
    private static void writeMbr(LoopDevice loop, long... startAndSectors) throws IOException {
        ByteBuffer sector = ByteBuffer.allocate(512).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < startAndSectors.length / 2; i++) {
            int entry = MBR_ENTRY_OFFSET + i * MBR_ENTRY_BYTES;
            sector.put(entry + 4, LINUX_PARTITION);
            sector.putInt(entry + 8, (int) startAndSectors[2 * i]);
            sector.putInt(entry + 12, (int) startAndSectors[2 * i + 1]);
        }
        sector.put(510, (byte) 0x55).put(511, (byte) 0xAA);
        try (FileChannel ch = FileChannel.open(loop.path(), StandardOpenOption.WRITE)) {
            ch.write(sector, 0);
            ch.force(true);
        }
    }
}
