// sbench record in-process: one-line usage errors anywhere; on a loop device (root) a timed run with marks, a SIGINT stop and a full disk.
package org.sbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.sbench.trace.TestRecords.readAll;

import java.io.IOException;
import java.io.InputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.record.DiskFull;
import org.sbench.record.RecordResult;
import org.sbench.target.Btrfs;
import org.sbench.record.ProcTasks;
import org.sbench.target.LoopDevice;
import org.sbench.target.SteadyListing;
import org.sbench.target.Tmpfs;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;
import org.sbench.trace.RequestAccounts;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.TraceReader;
import org.sbench.trace.format.TraceFormats;
import org.sbench.trace.input.ReadOptions;
import picocli.CommandLine;

class RecordCommandTest {
    private static final long DEVICE_BYTES = 64L << 20;
    private static final long WAIT_MS = 20_000;
    private static final long TMPFS_BYTES = 2 << 20;
    /** How long a recorder waits for a stalled reading thread before giving up on it (docs/record.md). */
    private static final long STALL_S = 10;
    /** 128 KiB free: room for the header, the trailer's reserve and a few thousand IOs. */
    private static final int FULL_DISK_FREE_PAGES = 32;
    private static final long BTRFS_BYTES = 128L << 20;
    /** A quota of 512 KiB: room for some ten thousand IOs' records. */
    private static final long QUOTA_BYTES = 512 << 10;

    @TempDir
    Path dir;

    @Test
    void badOptionsAreOneLineUsageErrors() throws IOException {
        Path plain = Files.writeString(dir.resolve("plain"), "x");
        // The name to give was FILE.sbt: it is the name given, as .sbt, where there is one.
        assertUsage("sbench: --out t.csv: sbench records .sbt files; name it t.sbt (sbench convert makes other formats)",
                "record", "--device", plain.toString(), "--out", "t.csv");
        assertUsage("sbench: --out d.v1/t.csv.gz: sbench records .sbt files; name it d.v1/t.sbt (sbench convert makes other formats)",
                "record", "--device", plain.toString(), "--out", "d.v1/t.csv.gz");
        assertUsage("sbench: --out -: sbench records .sbt files; name it FILE.sbt (sbench convert makes other formats)",
                "record", "--device", plain.toString(), "--out", "-");
        assertUsage("sbench: --buffer-kb must be at least 64, found 8",
                "record", "--device", plain.toString(), "--out", "t.sbt", "--buffer-kb", "8");
        assertUsage("sbench: --buffer-kb must be at least 64, found 08",
                "record", "--device", plain.toString(), "--out", "t.sbt", "--buffer-kb", "08");
        assertRefusedListingTheBlockDevices(plain, dir.resolve("t.sbt"));
        assertUsage("sbench: --duration must be above 0; leave it out to record until Ctrl-C",
                "record", "--device", plain.toString(), "--out", "t.sbt", "--duration", "0");
        CliTest.Run r = CliTest.run("record", "--out", "t.sbt");
        assertEquals(ExitCodes.USAGE, r.code());
        assertEquals("sbench: missing --device DEV: sbench record --device DEV --out FILE.sbt [options]\nsee 'sbench record --help'\n",
                r.err());
    }

    /** A plain file given as the device is refused with a listing of the block devices there are. */
    private static void assertRefusedListingTheBlockDevices(Path plain, Path out) {
        SteadyListing.Taken<CliTest.Run> r = SteadyListing.around(() -> CliTest.run("record", "--device", plain.toString(), "--out",
                out.toString()));
        assertRun(r.result(), "sbench: --device " + plain + " is not a block device; expected a disk or partition; " + r.listing());
    }

    private static void assertUsage(String line, String... args) {
        assertRun(CliTest.run(args), line);
    }

    /** {@code r} a usage error of one line, {@code line}. */
    private static void assertRun(CliTest.Run r, String line) {
        assertEquals(ExitCodes.USAGE, r.code(), r.err());
        assertEquals(line + "\nsee 'sbench record --help'", r.err().strip());
        assertEquals("", r.out());
    }

    @Test
    void aStalledRecordingIsReportedIncompleteAndLossIsToldByWhetherItWasAccepted() {
        assertEquals("INCOMPLETE: the kernel's event stream stalled before its end; the trace holds the IOs read until then;"
                + " the ring buffer also lost 3 events", lastLine(result(3, true, false)));
        assertEquals("lost     0 events: the trace is complete", lastLine(result(0, false, true)));
        assertEquals("lost     3 events (accepted with --allow-loss): the trace misses IOs", lastLine(result(3, false, true)));
        assertTrue(lastLine(result(3, false, false)).startsWith("INCOMPLETE: the kernel's ring buffer lost 3 events"));
    }

    @Test
    void requestsOfOtherKindsLeftOutAreSaid() {
        StringWriter out = new StringWriter();
        RecordCommand.print(result(0, false, true, new RequestAccounts.Counts(2, 4 << 20, 0, List.of())), new PrintWriter(out));
        assertTrue(out.toString().contains("\nleft out 2 requests of other kinds (4.19 MB): write-zeroes, passthrough or zone"
                + " commands (N in the kernel's RWBS) or reads and writes of 0 bytes, not IOs sbench replays\n"), out.toString());
    }

    @Test
    void iosThatFailedAreSaidByError() {
        StringWriter out = new StringWriter();
        RecordCommand.print(result(0, false, true, new RequestAccounts.Counts(0, 0, 3, List.of(new RequestAccounts.Failure("EIO", 2),
                new RequestAccounts.Failure("ENODATA", 1)))), new PrintWriter(out));
        assertTrue(out.toString().contains("\nfailed   3 IOs failed at the device (EIO 2, ENODATA 1): kept as IOs, which a replay"
                + " issues as any other\n"), out.toString());
    }

    /** Marks made after the disk filled up are named, one line each: until 2026-12-07 they were echoed and dropped without a word. */
    @Test
    void marksNotStoredForAFullDiskAreSaidOneLineEach() {
        assertEquals(List.of("sbench: t.sbt: mark 'boot done' was not stored: the disk had filled up before it",
                "sbench: t.sbt: mark 'mark 3' was not stored: the disk had filled up before it"),
                RecordCommand.lostMarkLines(Path.of("t.sbt"), new DiskFull(1_000, 4, false, null, List.of("boot done", "mark 3"))));
        assertEquals(List.of("sbench: t.sbt: mark 'x' was not stored: the disk quota had run out before it"),
                RecordCommand.lostMarkLines(Path.of("t.sbt"), new DiskFull(1_000, 4, true, null, List.of("x"))));
        assertEquals(List.of("sbench: t.sbt: mark 'x' was not stored: the temporary directory /tmp had filled up before it"),
                RecordCommand.lostMarkLines(Path.of("t.sbt"), new DiskFull(1_000, 4, false, "/tmp", List.of("x"))));
        assertEquals(List.of("sbench: t.sbt: mark 'x' was not stored: the temporary directory /tmp had run out of disk quota before it"),
                RecordCommand.lostMarkLines(Path.of("t.sbt"), new DiskFull(1_000, 4, true, "/tmp", List.of("x"))));
    }

    private static RecordResult result(long eventsLost, boolean stalled, boolean complete) {
        return result(eventsLost, stalled, complete, new RequestAccounts.Counts(0, 0, 0, List.of()));
    }

    private static RecordResult result(long eventsLost, boolean stalled, boolean complete, RequestAccounts.Counts requests) {
        return new RecordResult(Path.of("t.sbt"), 1, 0, 0, 0, 0, 0, 0, 0, eventsLost, 0, 0, 0, requests, 0, stalled, null, complete,
                List.of("/dev/sdz (8:0, 1.0 MB)"), "output not on a block device: nothing to filter", "mono, 1 us resolution",
                4096, List.of());
    }

    private static String lastLine(RecordResult r) {
        StringWriter out = new StringWriter();
        RecordCommand.print(r, new PrintWriter(out));
        List<String> lines = out.toString().lines().toList();
        return lines.get(lines.size() - 1);
    }

    @Test
    @Tag("device")
    void timedRecordingWithMarksFromStdin() throws Exception {
        LoopDevice.assumeRoot();
        Path out = dir.resolve("marked.sbt");
        try (LoopDevice loop = LoopDevice.create(DEVICE_BYTES);
             PipedOutputStream typing = new PipedOutputStream();
             PipedInputStream stdin = new PipedInputStream(typing)) {
            CompletableFuture<CliTest.Run> run = CompletableFuture.supplyAsync(() -> record(stdin,
                    "record", "--device", loop.path().toString(), "--out", out.toString(), "--duration", "5s", "--mark",
                    "--progress", "always"));
            awaitInstance();
            dd(loop, "of", "oflag=direct", "seek=16");
            // The status is looked at each second and first shown 1 s into the recording: the mark is typed under it.
            Thread.sleep(2_500);
            typing.write("boot done\n".getBytes(StandardCharsets.UTF_8));
            typing.flush();
            Thread.sleep(100);
            dd(loop, "if", "iflag=direct", "skip=64");
            CliTest.Run r = run.get(WAIT_MS, TimeUnit.MILLISECONDS);
            assertEquals(0, r.code(), r.err());
            assertTrue(r.err().contains("recording " + loop.path() + " (7:"), r.err());
            // On a line of its own, the status line ended first (it was printed onto the line's end: "events lost 0mark 'boot done'").
            assertTrue(Pattern.compile("\r0:00:0\\d[^\n]* events lost 0 *\nmark 'boot done'\n").matcher(r.err()).find(), r.err());
            assertTrue(r.out().startsWith("wrote 8 IOs to " + out + " in 5."), r.out());
            assertTrue(r.out().contains("lost     0 events: the trace is complete"), r.out());
            TraceInfo info = readInfo(out);
            assertEquals("boot done", info.phases().get(0).name());
            List<IoRecord> trace = readAll(out);
            assertEquals(8, trace.size());
            assertTrue(trace.stream().limit(4).allMatch(io -> io.op == Op.WRITE && "dd".equals(io.process)), trace.toString());
            assertTrue(info.phases().get(0).timeNs() > trace.get(3).issueNs && info.phases().get(0).timeNs() < trace.get(4).issueNs);
        }
        assertNoInstance();
    }

    @Test
    @Tag("device")
    void jsonPrintsWhatWasRecordedOnStandardOutput() throws Exception {
        LoopDevice.assumeRoot();
        Path out = dir.resolve("json.sbt");
        try (LoopDevice loop = LoopDevice.create(DEVICE_BYTES)) {
            CliTest.Captured c = CliTest.capturingStdout(() -> record(InputStream.nullInputStream(), "record", "--device",
                    loop.path().toString(), "--out", out.toString(), "--duration", "1s", "--json"));
            assertEquals(0, c.run().code(), c.run().err());
            com.fasterxml.jackson.databind.JsonNode j = new com.fasterxml.jackson.databind.ObjectMapper().readTree(c.stdout());
            assertEquals(out.toString(), j.get("out").asText());
            assertTrue(j.get("complete").asBoolean());
            assertEquals(readAll(out).size(), j.get("ios").asLong());
            assertEquals(0, j.get("eventsLost").asLong());
            assertEquals(Set.of(), JsonReferenceTest.mismatches(j, "record --json"), "against docs/json.md");
            assertEquals("", c.run().out());
            assertTrue(c.run().err().contains("wrote " + j.get("ios").asLong() + " IOs to " + out), "the summary on stderr: " + c.run().err());
        }
        assertNoInstance();
    }

    @Test
    @Tag("device")
    void sigintStopsTheRecordingWithACompleteTrace() throws Exception {
        LoopDevice.assumeRoot();
        Path out = dir.resolve("interrupted.sbt");
        try (LoopDevice loop = LoopDevice.create(DEVICE_BYTES)) {
            CompletableFuture<CliTest.Run> run = CompletableFuture.supplyAsync(() -> record(InputStream.nullInputStream(),
                    "record", "--device", loop.path().toString(), "--out", out.toString()));
            awaitInstance();
            dd(loop, "of", "oflag=direct", "seek=0");
            // The handler is installed before the instance is made, so the signal cannot kill the test's JVM.
            Process kill = new ProcessBuilder("kill", "-INT", Long.toString(ProcessHandle.current().pid())).inheritIO().start();
            assertEquals(0, kill.waitFor());
            CliTest.Run r = run.get(WAIT_MS, TimeUnit.MILLISECONDS);
            assertEquals(0, r.code(), r.err());
            assertTrue(r.out().startsWith("wrote 4 IOs to " + out), r.out());
            assertEquals(4, readAll(out).size());
            assertEquals("true", readInfo(out).metadata().get("record.complete"));
        }
        assertNoInstance();
    }

    /**
     * A full disk ends the recording and keeps it: until 2026-12-06 the whole trace was deleted (exit 5), the IOs
     * recorded until then lost. Space is kept allocated ahead of the writer, so the trace's end always fits.
     */
    @Test
    @Tag("device")
    void aFullDiskEndsTheRecordingWithTheTraceUpToItsLastIoThatFit() throws Exception {
        onAFullDisk(FULL_DISK_FREE_PAGES, (loop, fs) -> {
            Path out = fs.dir().resolve("full.sbt");
            assertCutShort(recordWhileDdWrites(loop, out), out, "the disk filled up", "INCOMPLETE: the disk of " + out + " filled up");
            assertEquals(List.of(".filler", "full.sbt"), CommandOutputsTest.names(fs.dir()), "no part file left");
        });
    }

    /** A disk quota that runs out is a full disk too: until 2026-12-06 the recording failed without its trace (exit 5). */
    @Test
    @Tag("device")
    void aDiskQuotaThatRunsOutEndsTheRecordingAsAFullDiskDoes() throws Exception {
        Btrfs.assumeUsable();
        Path mount = Files.createDirectory(dir.resolve("btrfs"));
        try (LoopDevice loop = LoopDevice.create(DEVICE_BYTES);
             Btrfs fs = Btrfs.mount(mount, BTRFS_BYTES)) {
            Path sub = fs.subvolumeWithQuota("sub", QUOTA_BYTES);
            Path out = sub.resolve("quota.sbt");
            assertCutShort(recordWhileDdWrites(loop, out), out, "the disk quota ran out",
                    "INCOMPLETE: the disk quota for " + out + " ran out");
            assertEquals(List.of("quota.sbt"), CommandOutputsTest.names(sub), "no part file left");
        }
        assertNoInstance();
    }

    /** Records {@code loop} into {@code out} while dd writes 16,384 sequential 4 KiB blocks to it, one at a time: 786 KB of records. */
    private static CliTest.Run recordWhileDdWrites(LoopDevice loop, Path out) throws Exception {
        CompletableFuture<CliTest.Run> run = CompletableFuture.supplyAsync(() -> record(InputStream.nullInputStream(),
                "record", "--device", loop.path().toString(), "--out", out.toString(), "--duration", "20s"));
        awaitInstance();
        Process dd = new ProcessBuilder("dd", "if=/dev/zero", "of=" + loop.path(), "bs=4k", "count=16384", "oflag=direct", "status=none")
                .inheritIO().start();
        CliTest.Run r = run.get(WAIT_MS * 2, TimeUnit.MILLISECONDS);
        dd.waitFor();
        return r;
    }

    /** The recording ended for want of room ({@code why}) and kept a valid trace of dd's first writes, in order. */
    private static void assertCutShort(CliTest.Run r, Path out, String why, String incomplete) throws IOException {
        assertEquals(ExitCodes.IO_ERRORS, r.code(), r.err());
        List<IoRecord> trace = readAll(out);
        assertTrue(!trace.isEmpty() && trace.size() < DEVICE_BYTES / 4096, "cut short: " + trace.size());
        for (int i = 0; i < trace.size(); i++) {
            IoRecord io = trace.get(i);
            assertTrue(io.op == Op.WRITE && io.offsetBytes == i * 4096L && io.lengthBytes == 4096 && "dd".equals(io.process),
                    "IO " + i + " is dd's write " + i + ": " + io);
        }
        assertTrue(r.out().startsWith("wrote " + String.format("%,d", trace.size()) + " IOs to " + out), r.out());
        assertTrue(r.out().contains("\n" + incomplete + ": the trace ends at its last IO that fit\n"), r.out());
        List<String> full = r.err().lines().filter(l -> l.startsWith("sbench: " + out + ": " + why)).toList();
        assertEquals(1, full.size(), r.err());
        assertTrue(full.get(0).startsWith("sbench: " + out + ": " + why + " after " + String.format("%,d", trace.size()) + " IOs ("),
                full.get(0));
        TraceInfo info = readInfo(out);
        assertEquals("true", info.metadata().get("record.diskFull"));
        assertFalse(info.metadata().containsKey("record.diskFullDir"), "the trace's own disk filled, not the temporary directory");
        assertEquals(why.contains("quota") ? "true" : null, info.metadata().get("record.diskQuota"), why);
        assertEquals("false", info.metadata().get("record.complete"));
        CliTest.Run inspect = CliTest.run("inspect", out.toString());
        assertEquals(0, inspect.code(), inspect.err());
    }

    /** A disk without room for the trace's header and end fails as it did, before tracefs is touched: exit 5, no part file. */
    @Test
    @Tag("device")
    void aDiskTooFullForTheHeaderFailsBeforeRecording() throws Exception {
        onAFullDisk(0, (loop, fs) -> {
            Path out = fs.dir().resolve("none.sbt");
            CliTest.Run r = record(InputStream.nullInputStream(), "record", "--device", loop.path().toString(), "--out", out.toString(),
                    "--duration", "1s");
            assertEquals(ExitCodes.SYSTEM_FAILURE, r.code(), r.err());
            assertEquals("sbench: cannot write " + out + ": no space left on device\n", r.err());
            assertEquals(List.of(".filler"), CommandOutputsTest.names(fs.dir()), "no part file left");
        });
    }

    private interface FullDiskTest {
        void run(LoopDevice loop, Tmpfs fs) throws Exception;
    }

    /** Runs {@code test} with a loop device to record and a 2 MiB tmpfs filled to leave {@code freePages}; unmounted and detached after. */
    private void onAFullDisk(int freePages, FullDiskTest test) throws Exception {
        LoopDevice.assumeRoot();
        Path mount = Files.createDirectory(dir.resolve("small"));
        try (LoopDevice loop = LoopDevice.create(DEVICE_BYTES);
             Tmpfs fs = Tmpfs.mount(mount, TMPFS_BYTES)) {
            fs.fillLeaving(freePages);
            test.run(loop, fs);
        }
        assertNoInstance();
    }

    /** SIGUSR1 to a record without --mark ended the JVM (exit 138): no trace, its tracefs instance left enabled. */
    @Test
    @Tag("device")
    void sigusr1WithoutMarkIsIgnoredAndTheRecordingGoesOn() throws Exception {
        LoopDevice.assumeRoot();
        Path out = dir.resolve("usr1.sbt");
        try (LoopDevice loop = LoopDevice.create(DEVICE_BYTES);
             ChildSbench child = recordChild(loop, out)) {
            Path instance = Path.of("/sys/kernel/tracing/instances/sbench-" + child.pid());
            child.await("its tracefs instance", () -> ProcTasks.readOrEmpty(instance.resolve("events/block/block_rq_issue/enable")).startsWith("1"));
            child.signal("USR1");
            dd(loop, "of", "oflag=direct", "seek=0");
            child.signal("INT");
            assertEquals(0, child.waitFor(), child.err());
            assertTrue(child.err().contains("sbench: SIGUSR1 ignored: marks need --mark\n"), child.err());
            assertEquals(4, readAll(out).size(), "the recording went on after the signal");
        }
        assertNoInstance();
    }

    /**
     * A stop while both the reading thread (poll on the CPUs' pages) and the main thread (poll on its stop wait and the
     * kernel's uevents) sleep ends the recording as any stop does: the stop wakes the main thread, the end marker the
     * reader. A reader that slept through the end marker would be given up on after 10 s (exit 1, a stalled trace).
     */
    @Test
    @Tag("device")
    void sigtermDuringALongIdleEndsTheRecording() throws Exception {
        LoopDevice.assumeRoot();
        Path out = dir.resolve("idle.sbt");
        try (LoopDevice loop = LoopDevice.create(DEVICE_BYTES); ChildSbench child = recordChild(loop, out, "--progress", "none")) {
            child.awaitErr("stops");
            Path reader = readingThread(child.pid());
            child.await("the reading thread asleep in poll", () -> ProcTasks.readOrEmpty(reader.resolve("wchan")).startsWith("poll"));
            child.signal("TERM");
            long signalled = System.nanoTime();
            assertEquals(0, child.waitFor(), child.err());
            long tookNs = System.nanoTime() - signalled;
            assertTrue(tookNs < TimeUnit.SECONDS.toNanos(STALL_S), "ended " + tookNs / 1_000_000 + " ms after SIGTERM");
            assertEquals("true", readInfo(out).metadata().get("record.complete"));
            assertEquals("false", readInfo(out).metadata().get("record.stalled"));
            assertEquals(0, readAll(out).size());
        }
        assertNoInstance();
    }

    /** sbench record of {@code loop} into {@code out} in a JVM of its own, with {@code options}. */
    private ChildSbench recordChild(LoopDevice loop, Path out, String... options) throws IOException {
        List<String> args = new ArrayList<>(List.of("record", "--device", loop.path().toString(), "--out", out.toString()));
        args.addAll(List.of(options));
        return ChildSbench.start(dir, List.of(), args.toArray(String[]::new));
    }

    /** {@code /proc/PID/task/TID} of the recorder's reading thread ({@code sbench-record}). */
    private static Path readingThread(long pid) throws IOException {
        return ProcTasks.named(pid, "sbench-record").get(0);
    }

    @Test
    @Tag("device")
    void aMarkTheKernelRefusesIsOneLineAndTheRecordingGoesOn() throws Exception {
        LoopDevice.assumeRoot();
        Path out = dir.resolve("unmarked.sbt");
        StringWriter err = new StringWriter();
        try (LoopDevice loop = LoopDevice.create(DEVICE_BYTES);
             PipedOutputStream typing = new PipedOutputStream();
             PipedInputStream stdin = new PipedInputStream(typing)) {
            CompletableFuture<CliTest.Run> run = CompletableFuture.supplyAsync(() -> record(stdin, err,
                    "record", "--device", loop.path().toString(), "--out", out.toString(), "--mark"));
            awaitInstance();
            Path tracingOn = instance().resolve("tracing_on");
            Files.writeString(tracingOn, "0"); // the instance's buffer now refuses writes to trace_marker
            typing.write("refused\n".getBytes(StandardCharsets.UTF_8));
            typing.flush();
            String ended = "; marks from stdin end here";
            long deadline = System.currentTimeMillis() + WAIT_MS;
            while (!err.toString().contains(ended)) {
                assertTrue(System.currentTimeMillis() < deadline, "no word of the refused mark: " + err);
                Thread.sleep(10);
            }
            Files.writeString(tracingOn, "1");
            Process kill = new ProcessBuilder("kill", "-INT", Long.toString(ProcessHandle.current().pid())).inheritIO().start();
            assertEquals(0, kill.waitFor());
            CliTest.Run r = run.get(WAIT_MS, TimeUnit.MILLISECONDS);
            assertEquals(0, r.code(), r.err());
            List<String> refused = r.err().lines().filter(l -> l.endsWith(ended)).toList();
            assertEquals(1, refused.size(), r.err());
            assertTrue(refused.get(0).startsWith("sbench: cannot write " + instance().resolve("trace_marker") + ": "), refused.get(0));
            assertEquals(List.of(), readInfo(out).phases());
        }
        assertNoInstance();
    }

    /**
     * SIGKILL leaves what only the process could undo: its tracefs instance, and the part file its
     * trace was being written to. The next record removes both, and says so; an output written to
     * the same path while the record runs leaves its part alone.
     */
    @Test
    @Tag("device")
    void theInstanceAndPartFileOfARecordKilledBySigkillAreRemovedByTheNextRecord() throws Exception {
        LoopDevice.assumeRoot();
        Path out = dir.resolve("killed.sbt");
        Path trace = Files.writeString(dir.resolve("hm_0.csv"), "128166372000000000,hm,0,Read,0,4096,20000\n");
        try (LoopDevice loop = LoopDevice.create(DEVICE_BYTES);
             ChildSbench killed = ChildSbench.start(dir, List.of(), "record", "--device", loop.path().toString(),
                     "--out", out.toString())) {
            Path stale = Path.of("/sys/kernel/tracing/instances/sbench-" + killed.pid());
            try {
                killed.await("its tracefs instance", () -> ProcTasks.readOrEmpty(stale.resolve("events/block/block_rq_issue/enable")).startsWith("1"));
                List<Path> part = parts(out);
                assertEquals(1, part.size(), "the trace is written to its part file: " + part);
                CliTest.Run meanwhile = CliTest.run("convert", trace.toString(), out.toString());
                assertEquals(0, meanwhile.code(), meanwhile.err());
                assertEquals("", meanwhile.err(), "the part of a record still running is not stale");
                assertEquals(part, parts(out));
                killed.signal("KILL");
                killed.waitFor();
                assertTrue(Files.isDirectory(stale), "nothing runs after SIGKILL: the instance stays");
                assertEquals(part, parts(out), "and so does the part file");
                CliTest.Run r = record(InputStream.nullInputStream(), "record", "--device", loop.path().toString(),
                        "--out", out.toString(), "--duration", "1s");
                assertEquals(0, r.code(), r.err());
                assertTrue(r.err().contains("note: removed tracefs instance sbench-" + killed.pid() + ", left enabled by an sbench"
                        + " that was killed (pid " + killed.pid() + " is gone)\n"), r.err());
                assertTrue(r.err().contains("sbench: removed " + part.get(0) + ", a part of killed.sbt left by an sbench that ended"
                        + " before it finished (killed: its lock is gone)\n"), r.err());
                assertFalse(Files.exists(stale));
                assertEquals(List.of(), parts(out));
            } finally {
                Files.deleteIfExists(stale);
            }
        }
        assertNoInstance();
    }

    /** The part files of {@code out} beside it ({@code .NAME.RANDOM.part}). */
    private static List<Path> parts(Path out) throws IOException {
        String prefix = "." + out.getFileName() + ".";
        try (var s = Files.list(out.getParent())) {
            return s.filter(p -> p.getFileName().toString().startsWith(prefix) && p.getFileName().toString().endsWith(".part")).toList();
        }
    }

    private static CliTest.Run record(InputStream stdin, String... args) {
        return record(stdin, new StringWriter(), args);
    }

    private static CliTest.Run record(InputStream stdin, StringWriter err, String... args) {
        StringWriter out = new StringWriter();
        CommandLine cl = SbenchCommand.newCommandLine();
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        ((RecordCommand) cl.getSubcommands().get("record").getCommand()).stdin = stdin;
        int code = cl.execute(args);
        return new CliTest.Run(code, out.toString(), err.toString());
    }

    /** Four 4 KiB O_DIRECT IOs by dd: {@code direction} "of" writes zeros, "if" reads. */
    private static void dd(LoopDevice loop, String direction, String flag, String position) throws Exception {
        List<String> command = new ArrayList<>(List.of("dd", "bs=4k", "count=4", flag, position, "status=none"));
        command.add(direction + "=" + loop.path());
        command.add(direction.equals("of") ? "if=/dev/zero" : "of=/dev/null");
        Process p = new ProcessBuilder(command).inheritIO().start();
        assertEquals(0, p.waitFor());
    }

    private static Path instance() {
        return Path.of("/sys/kernel/tracing/instances/sbench-" + ProcessHandle.current().pid());
    }

    /** Waits until the recording runs: its instance exists and the start marker was written just after. */
    private static void awaitInstance() throws InterruptedException {
        long deadline = System.currentTimeMillis() + WAIT_MS;
        while (!Files.exists(instance().resolve("events/block/block_rq_issue/enable"))
                || !ProcTasks.readOrEmpty(instance().resolve("events/block/block_rq_issue/enable")).startsWith("1")) {
            assertTrue(System.currentTimeMillis() < deadline, "the recording did not start");
            Thread.sleep(10);
        }
        Thread.sleep(50);
    }

    private static void assertNoInstance() {
        assertFalse(Files.exists(instance()), "instance removed");
    }

    private static TraceInfo readInfo(Path out) {
        try (TraceReader reader = TraceFormats.standard().open(out, null, ReadOptions.DEFAULTS)) {
            return reader.info();
        }
    }

    /** The lines naming the output as the recording starts cut a name of thousands of characters, as an error line does. */
    @Test
    @Tag("device")
    void theStartLinesCutAHugeOutputName() throws Exception {
        LoopDevice.assumeRoot();
        Path out = CliTest.hugeDirectory(dir).resolve("t.sbt");
        try (LoopDevice loop = LoopDevice.create(DEVICE_BYTES)) {
            CliTest.Run r = record(InputStream.nullInputStream(), "record", "--device", loop.path().toString(), "--out", out.toString(),
                    "--duration", "1s", "--progress", "none");
            assertEquals(0, r.code(), r.err());
            String into = r.err().lines().filter(l -> l.startsWith("into ")).findFirst().orElseThrow();
            assertTrue(into.length() < 500 && into.contains(" characters cut)...") && into.contains("/t.sbt ("), into);
        }
        assertNoInstance();
    }
}
