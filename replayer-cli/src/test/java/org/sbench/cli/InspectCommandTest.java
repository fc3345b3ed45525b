package org.sbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.sbench.trace.Field;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.format.sbt.SbtFormat;
import org.sbench.trace.format.sbt.SbtWriter;

/** {@code sbench inspect} (and replay's planning pass) on inputs real traces and damaged files present. */
class InspectCommandTest {
    @Test
    void anIoLongerThanTheMaximumIsOneLineOfBadInput(@TempDir Path dir) throws Exception {
        Path trace = Files.writeString(dir.resolve("huge.csv"), "128166372000000000,hm,0,Read,0,36028797018963968,20000\n");
        String expected = "sbench: " + trace + ":1: expected an IO of at most 1 TiB (2^40 bytes), found "
                + "'128166372000000000,hm,0,Read,0,36028797018963968,20000'\n";
        CliTest.Run inspect = CliTest.run("inspect", trace.toString());
        assertEquals(3, inspect.code());
        assertEquals(expected, inspect.err());
        CliTest.Run replay = CliTest.run("replay", trace.toString(), "--target", "null");
        assertEquals(3, replay.code());
        assertEquals(expected.replace("1 TiB (2^40 bytes)", "1 GiB (2^30 bytes), the longest sbench replays"), replay.err(),
                "replay's own, lower maximum");
    }

    /** A bundled workload's name typed in another case or with a typo was "no such file", no more. */
    /** A refused window was quoted parsed: --seq-window 00 as 0. */
    @Test
    void aRefusedSeqWindowIsQuotedAsTyped() {
        CliTest.Run r = CliTest.run("inspect", "light-2010", "--seq-window", "00");
        assertEquals(2, r.code(), r.err());
        assertEquals(CliTest.usage("inspect", "--seq-window must be 1 to 65536, found 00"), r.err());
    }

    @Test
    void aNameNearABundledWorkloadSuggestsIt(@TempDir Path dir) {
        String hint = "? (sbench traces lists the bundled workloads)\n";
        CliTest.Run upper = CliTest.run("inspect", "Light-2011");
        assertEquals(3, upper.code());
        assertEquals("sbench: Light-2011: no such file or bundled workload; did you mean 'light-2011'" + hint, upper.err());
        assertEquals("sbench: ligth-2010: no such file or bundled workload; did you mean 'light-2010'" + hint,
                CliTest.run("replay", "ligth-2010", "--target", "null").err());
        Path far = dir.resolve("light-2011");
        assertEquals("sbench: " + far + ": no such file\n", CliTest.run("inspect", far.toString()).err(), "a path is no name");
        assertEquals("sbench: trace.csv: no such file\n", CliTest.run("inspect", "trace.csv").err(), "nothing near");
    }

    /**
     * A recording sbench record marked incomplete says so where it is read: only record's own summary
     * did, and inspect and replay of it read as of a complete one.
     */
    @Test
    void anIncompleteRecordingSaysSoInInspectAndReplay(@TempDir Path dir) throws Exception {
        Path sbt = recording(dir, Map.of("record.complete", "false", "record.eventsLost", "120", "record.incompleteIos", "7",
                "record.stalled", "false"));
        String said = sbt + ": an incomplete recording (sbench record: 120 events lost, 7 IOs left out without their issue or"
                + " completion): the drive saw IOs it does not hold\n";
        CliTest.Run inspect = CliTest.run("inspect", sbt.toString());
        assertEquals(0, inspect.code(), inspect.err());
        assertEquals("sbench: warning: " + said, inspect.err());
        CliTest.Run replay = CliTest.run("replay", sbt.toString(), "--target", "null");
        assertEquals(0, replay.code(), replay.err());
        assertTrue(replay.err().contains("sbench: warning: " + said), replay.err());
    }

    /**
     * A recording cut short by its temporary directory filling up, where its process names spilled, says which directory
     * filled: inspect and replay warned "cut short by a full disk", as of the trace's own disk. A trace without
     * record.diskFullDir (its own disk filled, or it was recorded before 2026-12-08) reads as before.
     */
    @Test
    void aRecordingCutShortByItsTemporaryDirectoryNamesIt(@TempDir Path dir) throws Exception {
        Map<String, String> full = Map.of("record.complete", "false", "record.eventsLost", "0", "record.incompleteIos", "0",
                "record.stalled", "false", "record.diskFull", "true");
        Map<String, String> ofTempDir = new HashMap<>(full);
        ofTempDir.put("record.diskFullDir", "/scratch/tmp");
        Path sbt = recording(dir, ofTempDir);
        String said = "sbench: warning: " + sbt + ": an incomplete recording (sbench record: 0 events lost, 0 IOs left out without"
                + " their issue or completion, cut short when the temporary directory /scratch/tmp, where its process names spilled,"
                + " filled up): the drive saw IOs it does not hold\n";
        assertEquals(said, CliTest.run("inspect", sbt.toString()).err());
        CliTest.Run replay = CliTest.run("replay", sbt.toString(), "--target", "null");
        assertTrue(replay.err().contains(said), replay.err());
        Path ofItsDisk = recording(Files.createDirectory(dir.resolve("its-disk")), full);
        assertEquals("sbench: warning: " + ofItsDisk + ": an incomplete recording (sbench record: 0 events lost, 0 IOs left out"
                + " without their issue or completion, cut short by a full disk): the drive saw IOs it does not hold\n",
                CliTest.run("inspect", ofItsDisk.toString()).err());
    }

    /**
     * A recording cut short by a disk quota says so, as the recording did ("the disk quota ran out", "ran out of disk
     * quota"): inspect and replay warned "a full disk" or "filled up".
     */
    @Test
    void aRecordingCutShortByADiskQuotaSaysSo(@TempDir Path dir) throws Exception {
        Map<String, String> quota = Map.of("record.complete", "false", "record.eventsLost", "0", "record.incompleteIos", "0",
                "record.stalled", "false", "record.diskFull", "true", "record.diskQuota", "true");
        String start = ": an incomplete recording (sbench record: 0 events lost, 0 IOs left out without their issue or completion, ";
        Path ofItsDisk = recording(Files.createDirectory(dir.resolve("its-disk")), quota);
        String said = "sbench: warning: " + ofItsDisk + start + "cut short when the disk quota ran out): the drive saw IOs it does"
                + " not hold\n";
        assertEquals(said, CliTest.run("inspect", ofItsDisk.toString()).err());
        CliTest.Run replay = CliTest.run("replay", ofItsDisk.toString(), "--target", "null");
        assertTrue(replay.err().contains(said), replay.err());
        Map<String, String> ofTempDir = new HashMap<>(quota);
        ofTempDir.put("record.diskFullDir", "/scratch/tmp");
        Path sbt = recording(Files.createDirectory(dir.resolve("temp-dir")), ofTempDir);
        assertEquals("sbench: warning: " + sbt + start + "cut short when the temporary directory /scratch/tmp, where its process"
                + " names spilled, ran out of disk quota): the drive saw IOs it does not hold\n", CliTest.run("inspect", sbt.toString()).err());
    }

    /**
     * A warning quoting a file's text (here its metadata) reaches the terminal as an error does, control
     * characters as '?', a tab as \t: the escape sequences that clear the screen and set the title went
     * out as they were, in inspect's warning and in replay's.
     */
    @Test
    void aWarningShowsNoControlCharactersOfTheFile(@TempDir Path dir) throws Exception {
        Path sbt = recording(dir, Map.of("record.complete", "false", "record.eventsLost", "5\u001b[2J\u001b]0;x\u0007\t1",
                "record.incompleteIos", "7"));
        String said = "sbench: warning: " + sbt + ": an incomplete recording (sbench record: 5?[2J?]0;x?\\t1 events lost, 7 IOs left out"
                + " without their issue or completion): the drive saw IOs it does not hold\n";
        CliTest.Run inspect = CliTest.run("inspect", sbt.toString());
        assertEquals(said, inspect.err());
        CliTest.Run replay = CliTest.run("replay", sbt.toString(), "--target", "null");
        assertTrue(replay.err().contains(said), replay.err());
    }

    /** A warning naming a file of 3,800 characters printed it whole (a line of 3,866), where an error cuts it. */
    @Test
    void aWarningCutsAHugeFileNameAsAnErrorDoes(@TempDir Path dir) throws Exception {
        Path csv = CliTest.hugeDirectory(dir).resolve("t.csv");
        Files.writeString(csv, "128166372000000000,hm,0,Read,0,4096,20000\n128166372000000001,hm,0,Read,0,40");
        for (CliTest.Run run : List.of(CliTest.run("inspect", csv.toString()), CliTest.run("replay", csv.toString(), "--target", "null"))) {
            String warning = run.err().lines().filter(l -> l.startsWith("sbench: warning: ")).findFirst().orElseThrow();
            assertTrue(warning.length() < 500 && warning.contains(" characters cut)...") && warning.contains("d/t.csv:2"), warning);
        }
    }

    /**
     * A trace's name and phase names reach the terminal's tables as warnings do: an escape sequence
     * (ESC [2J clears the screen, ESC ]0;...BEL retitles the window, U+009B is an escape to some
     * terminals) went out as it was in inspect's trace line and in replay's and report's tables.
     */
    @Test
    void tablesShowNoControlCharactersOfTheFile(@TempDir Path dir) throws Exception {
        Path csv = dir.resolve("esc.csv");
        Files.writeString(csv, "# source: test\n# fields: qd\n# phase: 0 p\u001b]0;t\u0007\u009b1m\n# meta: name=x\u001b[2J\ty\n"
                + "issue_ns,complete_ns,offset,length,op,stream,qd,process\n0,,0,4096,R,,1,\n1000,,4096,4096,W,,1,\n");
        Path result = dir.resolve("r.json");
        CliTest.Run inspect = CliTest.run("inspect", csv.toString());
        assertTrue(inspect.out().contains("(format test, name x?[2J\\ty)"), inspect.out());
        CliTest.Run replay = CliTest.run("replay", csv.toString(), "--target", "null", "--out", result.toString());
        CliTest.Run report = CliTest.run("report", result.toString());
        for (CliTest.Run run : List.of(inspect, replay, report)) {
            assertFalse(run.out().chars().anyMatch(c -> Character.isISOControl(c) && c != '\n'), run.out());
        }
        assertTrue(replay.out().contains("trace    x?[2J\\ty (test"), replay.out());
        assertTrue(report.out().contains("p?]0;t??1m "), report.out());
    }

    /**
     * A replay of a recording says what its IOs do not show: requests of other kinds left out when it
     * was recorded, and IOs that failed then, which it issues as any other. Only record, convert and
     * inspect said so.
     */
    @Test
    void aReplayOfARecordingWithLeftOutAndFailedRequestsSaysSo(@TempDir Path dir) throws Exception {
        Path sbt = recording(dir, Map.of("events.otherRequests", "1", "events.otherRequestBytes", "4194304", "events.failedIos", "1",
                "events.failedIosByError", "EIO 1"));
        CliTest.Run replay = CliTest.run("replay", sbt.toString(), "--target", "null");
        assertEquals(0, replay.code(), replay.err());
        assertTrue(replay.err().contains("sbench: warning: " + sbt + ": 1 requests of other kinds (write-zeroes, passthrough or zone"
                + " commands, or reads and writes of 0 bytes; 4194304 bytes) were left out when it was recorded: not replayed\n"),
                replay.err());
        assertTrue(replay.err().contains("sbench: warning: " + sbt + ": 1 of its IOs failed at the device when it was recorded"
                + " (EIO 1): replayed as any other, their recorded times are the failures'\n"), replay.err());
    }

    /**
     * A part cut from a capture (convert --stream) carries the capture's counts, not its own: it
     * says so, as a replay of one stream of the whole capture does. The part of 8:16 here claimed the
     * read that failed on 8:0 as one of its IOs ("1 IOs failed at the device (EIO 1): kept as IOs").
     */
    @Test
    void countsOfMoreThanTheIosReplayedSaySo(@TempDir Path dir) throws Exception {
        Path capture = Files.writeString(dir.resolve("two.trace"),
                "dd-1 [000] ..... 100.000100: block_rq_issue: 8,0 R 4096 () 8 + 8 be,0,4 [dd]\n"
                + "<idle>-0 [000] ..s.. 100.000200: block_rq_complete: 8,0 R () 8 + 8 be,0,4 [-5]\n"
                + "dd-2 [001] ..... 100.000300: block_rq_issue: 8,16 R 4096 () 8 + 8 be,0,4 [dd]\n"
                + "<idle>-0 [001] ..s.. 100.000400: block_rq_complete: 8,16 R () 8 + 8 be,0,4 [0]\n");
        Path part = dir.resolve("part.sbt");
        CliTest.Run convert = CliTest.run("convert", capture.toString(), part.toString(), "--stream", "8:16");
        assertEquals(0, convert.code(), convert.err());
        assertTrue(convert.out().contains("1 IOs failed at the device (EIO 1) in the trace this one was cut from (not known for"
                + " this part of it): kept as IOs"), "convert's summary said the capture's count unmarked: " + convert.out());
        CliTest.Run inspect = CliTest.run("inspect", part.toString());
        assertTrue(inspect.out().contains("1 IOs failed at the device (EIO 1) in the trace this one was cut from (not known for"
                + " this part of it): kept as IOs"), inspect.out());
        CliTest.Run json = CliTest.run("inspect", part.toString(), "--json");
        assertTrue(json.out().contains("\"failedIos\" : 1,") && json.out().contains("\"ofSource\" : true"),
                "--json gave the counts unmarked: " + json.out());
        assertTrue(CliTest.run("inspect", capture.toString(), "--json").out().contains("\"ofSource\" : false"));
        CliTest.Run replay = CliTest.run("replay", part.toString(), "--target", "null");
        assertTrue(replay.err().contains(part + ": 1 of the IOs of the trace it was cut from failed at the device when the trace"
                + " it was cut from was recorded (EIO 1) (not known for this part of it): replayed"), replay.err());
        CliTest.Run oneStream = CliTest.run("replay", capture.toString(), "--target", "null", "--stream", "8:16");
        assertTrue(oneStream.err().contains(capture + ": 1 of its IOs failed at the device when it was recorded (EIO 1) (of all its"
                + " streams, not only the one replayed): replayed"), oneStream.err());
    }

    /** A .sbt of one 4 KiB read, with the metadata a recording stores. */
    private static Path recording(Path dir, Map<String, String> metadata) {
        Path sbt = dir.resolve("rec.sbt");
        try (SbtWriter w = new SbtFormat().openWriter(sbt, new TraceInfo("tracefs", EnumSet.of(Field.COMPLETE), metadata, List.of()))) {
            IoRecord r = new IoRecord();
            r.completeNs = 500;
            r.lengthBytes = 4096;
            r.op = Op.READ;
            w.write(r);
            w.finish();
        }
        return sbt;
    }

    @Test
    void megabyteProcessNamesAreSkippedInAHeapSmallerThanThem(@TempDir Path dir) throws Exception {
        // 64 lines whose process field is 1 MB (a damaged or hostile file), each after a sound one: 64 MB of
        // names, twice the heap. Were the names kept, the records the sort holds would keep them all.
        int lines = 64;
        Path trace = dir.resolve("names.fiu");
        byte[] name = "p".repeat(1_000_000).getBytes();
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(trace))) {
            for (int i = 0; i < lines; i++) {
                out.write((89981917150045L + 2000L * i + " 1 nfsd " + 8 * i + " 8 W 6 0 4b4ea0a16b6c8b1ad9d9446e2de3b3a4\n").getBytes());
                out.write((89981917151045L + 2000L * i + " 2 ").getBytes());
                out.write(name);
                out.write((" " + 8 * i + " 8 W 6 0 4b4ea0a16b6c8b1ad9d9446e2de3b3a4\n").getBytes());
            }
        }
        try (ChildSbench child = ChildSbench.start(dir, List.of("-Xmx32m"), "inspect", "--skip-bad=" + lines, trace.toString())) {
            assertEquals(0, child.waitFor(), child.err());
            assertTrue(child.out().contains("IOs          " + lines + ":"), child.out());
            assertTrue(child.out().contains("skipped " + lines + " bad records"), child.out());
        }
        CliTest.Run stopped = CliTest.run("inspect", trace.toString());
        assertEquals(3, stopped.code(), stopped.err());
        assertEquals("sbench: " + trace + ":2: expected a process name of at most 256 bytes, found '" + "p".repeat(60)
                + "...' (1000000 characters)\n", stopped.err());
    }

    @Test
    void aHeapTooSmallForTheTracesStreamsIsOneLine(@TempDir Path dir) throws Exception {
        // 300,000 streams of one IO each: about 300 bytes of state per stream, more than a 24 MiB heap holds.
        Path trace = dir.resolve("streams.csv");
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(trace))) {
            out.write("issue_ns,complete_ns,offset,length,op,stream,qd,process\n".getBytes());
            for (int i = 0; i < 300_000; i++) {
                out.write((i * 1000L + "," + (i * 1000L + 500) + "," + i * 4096L + ",4096,R," + i + ",,\n").getBytes());
            }
        }
        try (ChildSbench child = ChildSbench.start(dir, java.util.List.of("-Xmx24m"), "inspect", trace.toString())) {
            assertEquals(5, child.waitFor(), child.err());
            assertEquals("sbench: out of memory: the Java heap (at most", child.err().substring(0, 45), child.err());
            assertEquals(1, child.err().lines().count(), "one line, no stack trace: " + child.err());
        }
    }

    @Test
    void aThreeGibLineOfAHoleInADamagedFileIsOneLineOfBadInput(@TempDir Path dir) throws Exception {
        StringBuilder lines = new StringBuilder();
        int good = 2000; // more than the 64 KiB detection reads
        for (int i = 0; i < good; i++) {
            lines.append(128166372000000000L + i).append(",hm,0,Read,").append(4096L * i).append(",4096,20000\n");
        }
        Path trace = Files.writeString(dir.resolve("holed.csv"), lines);
        try (RandomAccessFile f = new RandomAccessFile(trace.toFile(), "rw")) {
            f.setLength(f.length() + (3L << 30)); // a sparse hole: 3 GiB of zeros, no line end
        }
        CliTest.Run r = CliTest.run("inspect", trace.toString());
        assertEquals(3, r.code(), r.err());
        assertEquals("sbench: " + trace + ":" + (good + 1) + ": expected a text line, found 'binary data'\n", r.err());
    }

    /** A 3 GiB decompression bomb (concatenated gzip members) read as text, of zeros and of one letter. */
    @ParameterizedTest
    @ValueSource(strings = {"csv", "msr", "fio"})
    void aDecompressionBombForcedThroughATextReaderIsOneLineOfBadInput(String from, @TempDir Path dir) throws Exception {
        Path zeros = bomb(dir.resolve("zeros.gz"), (byte) 0);
        CliTest.Run r = CliTest.run("inspect", "--from", from, zeros.toString());
        assertEquals(3, r.code(), r.err());
        assertEquals("sbench: " + zeros + ":1: expected a text line, found 'binary data'\n", r.err());
        Path letters = bomb(dir.resolve("letters.gz"), (byte) 'a');
        r = CliTest.run("inspect", "--from", from, letters.toString());
        assertEquals(3, r.code(), r.err());
        assertEquals("sbench: " + letters + ":1: expected a line of at most 1 MiB (1048576 bytes), found '" + "a".repeat(60) + "...'"
                + " (more than 1048576 bytes)\n",
                r.err());
    }

    private static Path bomb(Path file, byte fill) throws Exception {
        ByteArrayOutputStream member = new ByteArrayOutputStream();
        try (OutputStream gz = new GZIPOutputStream(member)) {
            byte[] mib = new byte[1 << 20];
            Arrays.fill(mib, fill);
            gz.write(mib);
        }
        byte[] one = member.toByteArray();
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file))) {
            for (int i = 0; i < 3 << 10; i++) {
                out.write(one);
            }
        }
        return file;
    }

    @Test
    void aCutLastLineIsNamedOnStderrByInspectConvertAndReplay(@TempDir Path dir) throws Exception {
        Path trace = Files.writeString(dir.resolve("cut.csv"), "128166372000000000,hm,0,Read,0,4096,20000\n"
                + "128166372000000100,hm,0,Read,4096,4096,20000\n128166372000000200,hm,0,Read,81");
        String warning = "sbench: warning: " + trace + ":3: last line incomplete (no line end: a cut file?), not read\n";
        CliTest.Run table = CliTest.run("inspect", trace.toString());
        assertEquals(0, table.code(), table.err());
        assertEquals(warning, table.err());
        assertTrue(table.out().contains("IOs          2: 2 reads"), table.out());
        assertTrue(table.out().contains("skipped 0 bad records; last line incomplete (line 3, not read)"), table.out());
        CliTest.Run json = CliTest.run("inspect", "--json", trace.toString());
        assertEquals(3, new ObjectMapper().readTree(json.out()).get("incompleteLastLine").asLong());
        Path out = dir.resolve("out.sbt");
        CliTest.Run convert = CliTest.run("convert", trace.toString(), out.toString());
        assertEquals(0, convert.code(), convert.err());
        assertEquals(warning, convert.err());
        assertTrue(convert.out().startsWith("wrote 2 records"), convert.out());
        CliTest.Run fitted = CliTest.run("convert", trace.toString(), dir.resolve("fitted.sbt").toString(), "--capacity", "1G");
        assertEquals(0, fitted.code(), fitted.err());
        assertEquals(warning, fitted.err(), "fitted onto a capacity too");
        CliTest.Run replay = CliTest.run("replay", trace.toString(), "--target", "null", "--progress", "none");
        assertEquals(0, replay.code(), replay.err());
        assertEquals(warning, replay.err());
        assertTrue(replay.out().contains("issued 2 of 2"), replay.out());
    }

    /** blkparse of issues only ({@code blktrace -a issue}, or one CPU's file): IOs without completion times, not 0 IOs. */
    @Test
    void issuesWithoutCompletionsAreIosWithoutACompletionTime(@TempDir Path dir) throws Exception {
        StringBuilder issues = new StringBuilder();
        for (int i = 0; i < 4; i++) {
            issues.append("  8,0    1        ").append(i + 1).append("     0.00000").append(i + 1).append("000   100  D   R ")
                    .append(8 * i).append(" + 8 [dd]\n");
        }
        Path trace = Files.writeString(dir.resolve("issues.txt"), issues);
        CliTest.Run r = CliTest.run("inspect", "--json", trace.toString());
        assertEquals(0, r.code(), r.err());
        JsonNode j = new ObjectMapper().readTree(r.out());
        assertEquals(4, j.get("records").asLong());
        assertEquals(4, j.get("bytesRead").asLong() / 4096);
        assertEquals(4, j.get("withoutCompletion").asLong());
        assertFalse(j.get("qd").get("known").asBoolean());
        CliTest.Run table = CliTest.run("inspect", trace.toString());
        assertTrue(table.out().contains("queue depth  not recorded (the trace has no completion times)"), table.out());
        CliTest.Run replay = CliTest.run("replay", trace.toString(), "--target", "null");
        assertEquals(2, replay.code(), replay.err());
        assertTrue(replay.err().startsWith("sbench: the trace has no recorded queue depth (no completion times)"), replay.err());
        assertEquals(0, CliTest.run("replay", trace.toString(), "--target", "null", "--qd-fallback", "2").code());
    }

    /** Some IOs of one stream lack a completion: that stream's depth is not recorded, the other's is. */
    @Test
    void aStreamWithIosWithoutCompletionHasNoRecordedDepth(@TempDir Path dir) throws Exception {
        Path trace = Files.writeString(dir.resolve("two.txt"), ""
                + "  8,0    1        1     0.000001000   100  D   R 0 + 8 [dd]\n"
                + "  8,0    0        2     0.000002000     0  C   R 0 + 8 [0]\n"
                + "  8,16   1        3     0.000003000   100  D   W 64 + 8 [dd]\n"
                + "  8,16   0        4     0.000004000     0  C   W 64 + 8 [0]\n"
                + "  8,16   1        5     0.000005000   100  D   W 128 + 8 [dd]\n");
        JsonNode j = new ObjectMapper().readTree(CliTest.run("inspect", "--json", trace.toString()).out());
        assertEquals(1, j.get("withoutCompletion").asLong());
        assertFalse(j.get("qd").get("known").asBoolean());
        assertEquals(0, j.get("streams").get(0).get("withoutQd").asLong());
        assertEquals(1, j.get("streams").get(1).get("withoutCompletion").asLong());
        CliTest.Run table = CliTest.run("inspect", trace.toString());
        assertTrue(table.out().contains("queue depth  not recorded (1 of 3 IOs have no completion time)"), table.out());
        assertTrue(table.out().contains("no completion"), table.out());
        int sda = 8 << 20;
        int sdb = 8 << 20 | 16;
        assertEquals(0, CliTest.run("replay", trace.toString(), "--target", "null", "--stream", Integer.toString(sda)).code());
        CliTest.Run refused = CliTest.run("replay", trace.toString(), "--target", "null", "--stream", Integer.toString(sdb));
        assertEquals(2, refused.code(), refused.err());
        assertEquals(CliTest.usage("replay", "1 of the 2 IOs to replay have no completion time (their completion was not traced), so"
                + " their recorded queue depth is not known; use --qd-fallback N (the depth for those IOs), --mode timed or --mode"
                + " fixed-qd --qd N"), refused.err());
        assertEquals(0, CliTest.run("replay", trace.toString(), "--target", "null", "--stream", Integer.toString(sdb),
                "--qd-fallback", "1").code());
    }

    @Test
    void aHugeLegalIoIsCountedExactly(@TempDir Path dir) throws Exception {
        Path trace = Files.writeString(dir.resolve("big.csv"), "128166372000000000,hm,0,Read,4096,1099511627776,20000\n"
                + "128166372000000001,hm,0,Read,0,8192,20000\n");
        CliTest.Run r = CliTest.run("inspect", "--json", trace.toString());
        assertEquals(0, r.code(), r.err());
        JsonNode j = new ObjectMapper().readTree(r.out());
        assertEquals((1L << 28) + 1, j.get("distinct4kBlocks").asLong());
        assertEquals(4096 + (1L << 40), j.get("maxOffset").asLong());
    }
}
