package org.sbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.result.JsonResults;
import org.sbench.result.ReplayResult;
import org.sbench.target.LoopDevice;

/** {@code sbench cdm} in-process on small file targets; no timing assertions. */
class CdmCommandTest {
    private static final long MIB = 1 << 20;

    private static List<String> gridRows(String out) {
        return out.lines().filter(l -> l.matches("^(SEQ|RND|Seq|512K|4K).*|^ +0x00 .*")).collect(Collectors.toList());
    }

    @Test
    void v8PrintsTheGridAndWritesReadableResultsPerTestOpAndData(@TempDir Path dir) throws Exception {
        Path target = dir.resolve("t.dat");
        Path out = dir.resolve("out");
        CliTest.Run r = CliTest.run("cdm", "--target", target.toString(), "--size", "8M", "--passes", "1", "--duration", "200ms",
                "--data", "both", "--out", out.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("1 pass of 200 ms per test and op, best reported"), r.out());
        assertTrue(r.out().contains("data  Read MB/s  Write MB/s  Read IOPS  Write IOPS"), r.out());
        List<String> rows = gridRows(r.out());
        assertEquals(8, rows.size(), r.out());
        String[] labels = {"SEQ1M Q8T1", "SEQ1M Q1T1", "RND4K Q32T1", "RND4K Q1T1"};
        for (int i = 0; i < labels.length; i++) {
            String random = rows.get(2 * i);
            String zero = rows.get(2 * i + 1);
            assertTrue(random.startsWith(labels[i] + " "), random);
            assertTrue(zero.startsWith(" ".repeat(labels[i].length())), zero);
            // the pattern, 2 MB/s cells, and 2 IOPS cells on the 4K rows only
            String[] randomCells = random.substring(labels[i].length()).trim().split("\\s+");
            String[] zeroCells = zero.trim().split("\\s+");
            assertEquals("random", randomCells[0], random);
            assertEquals("0x00", zeroCells[0], zero);
            assertEquals(i < 2 ? 3 : 5, randomCells.length, random);
            assertEquals(i < 2 ? 3 : 5, zeroCells.length, zero);
        }
        assertTrue(r.err().contains("filling the test region (8.39 MB) with random data: one sequential write pass, not measured"), r.err());
        assertTrue(r.err().contains("with 0x00 data"), r.err());

        List<Path> json;
        try (Stream<Path> files = Files.list(out)) {
            json = files.filter(p -> p.toString().endsWith(".json")).sorted().collect(Collectors.toList());
        }
        assertEquals(4 * 2 * 2, json.size());
        assertTrue(Files.exists(out.resolve("cdm-v8.txt")));
        assertTrue(Files.readString(out.resolve("cdm-v8.txt")).contains("RND4K Q32T1"));
        ReplayResult q32 = new JsonResults().read(out.resolve("cdm-v8-rnd4k-q32t1-write-zero.json"));
        assertTrue(q32.complete());
        assertEquals("time limit 200 ms", q32.stopReason());
        assertEquals("fixed-qd", q32.settings().mode());
        assertEquals(32, q32.settings().qd());
        assertEquals("zero", q32.settings().data());
        assertEquals("cdm", q32.trace().format());
        assertEquals(q32.summary().ios(), q32.summary().writes());
        assertEquals(8 * MIB, Files.size(target));

        // results of the same test compare; the report reads them
        CliTest.Run cmp = CliTest.run("compare", out.resolve("cdm-v8-seq1m-q1t1-read-random.json").toString(),
                out.resolve("cdm-v8-seq1m-q1t1-read-zero.json").toString(), "--force");
        assertEquals(0, cmp.code(), cmp.err());
        CliTest.Run report = CliTest.run("report", json.get(0).toString());
        assertEquals(0, report.code(), report.err());
    }

    @Test
    void v3WithDurationZeroSweepsTheRegionOncePerPass(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("out");
        CliTest.Run r = CliTest.run("cdm", "--preset", "v3", "--target", dir.resolve("t.dat").toString(), "--size", "8M",
                "--passes", "1", "--duration", "0", "--out", out.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("1 pass of one region sweep per test and op after a warm-up pass (not scored), best reported"),
                r.out());
        List<String> rows = gridRows(r.out());
        assertEquals(List.of("Seq", "512K", "4K", "4K QD32"),
                rows.stream().map(l -> l.split("\\s{2,}")[0]).collect(Collectors.toList()), r.out());
        JsonResults json = new JsonResults();
        ReplayResult seq = json.read(out.resolve("cdm-v3-seq-read-random.json"));
        assertTrue(seq.complete());
        assertNull(seq.stopReason());
        assertEquals(8, seq.summary().reads());
        assertEquals(8 * MIB, seq.summary().bytesRead());
        ReplayResult k512 = json.read(out.resolve("cdm-v3-512k-write-random.json"));
        assertEquals(16, k512.summary().writes());
        ReplayResult qd32 = json.read(out.resolve("cdm-v3-4k-qd32-read-random.json"));
        assertEquals(2048, qd32.summary().reads());
        assertEquals(32, qd32.settings().qd());
        assertFalse(r.out().contains("INCOMPLETE"));
    }

    /**
     * The grid's first line names its target in replay's words: it said 'null (null)' of the null
     * target, and '(block)' and '(stripe, ...)' where replay says '(block device, ...)' and
     * '(RAID 0 stripe, ...)'.
     */
    @Test
    void theGridNamesItsTargetInReplaysWords(@TempDir Path dir) {
        CliTest.Run onNull = CliTest.run("cdm", "--target", "null", "--passes", "1", "--size", "1M", "--duration", "0");
        assertEquals(0, onNull.code(), onNull.err());
        assertTrue(onNull.out().startsWith("sbench cdm v8: null target (no device), test region 1 MiB, engine null"), onNull.out());
        Path file = dir.resolve("cdm.img");
        CliTest.Run onFile = CliTest.run("cdm", "--target", file.toString(), "--passes", "1", "--size", "1M", "--duration", "0");
        assertEquals(0, onFile.code(), onFile.err());
        assertTrue(onFile.out().startsWith("sbench cdm v8: " + file + " (file), test region 1 MiB"), onFile.out());
    }

    @Test
    void onAStripeEachTestsResultHasTheMembersAndTheMembersGetTheirIos(@TempDir Path dir) throws Exception {
        Path a = dir.resolve("a.dat");
        Path b = dir.resolve("b.dat");
        Path out = dir.resolve("out");
        CliTest.Run r = CliTest.run("cdm", "--preset", "v3", "--target", "stripe:64K:" + a + "," + b, "--size", "8M",
                "--passes", "1", "--duration", "0", "--out", out.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("sbench cdm v3: stripe:64K:" + a + "," + b + " (RAID 0 stripe, 8.39 MB usable: 2 x 4.19 MB striped, 64 KiB),"
                + " test region 8 MiB"), r.out());
        assertEquals(4 * MIB, Files.size(a));
        assertEquals(4 * MIB, Files.size(b));
        JsonResults json = new JsonResults();
        // Seq: eight 1 MiB IOs over the region, each sixteen 64 KiB chunks, eight on each member.
        for (String op : new String[] {"read", "write"}) {
            ReplayResult seq = json.read(out.resolve("cdm-v3-seq-" + op + "-random.json"));
            ReplayResult.Stripe stripe = seq.stripe();
            assertEquals(2, stripe.memberCount(), op);
            assertEquals(64 * 1024, stripe.chunkBytes(), op);
            assertEquals(8, stripe.splitIos(), op);
            assertEquals(128, stripe.splitParts(), op);
            for (ReplayResult.Member m : stripe.members()) {
                assertEquals(64, op.equals("read") ? m.reads() : m.writes(), op + " on " + m.path());
                assertEquals(4 * MIB, op.equals("read") ? m.bytesRead() : m.bytesWritten(), op + " on " + m.path());
            }
        }
        // 4K QD32: 2048 random 4 KiB reads, each on one member; the members' add up to the array's.
        ReplayResult qd32 = json.read(out.resolve("cdm-v3-4k-qd32-read-random.json"));
        assertEquals(2048, qd32.stripe().members().stream().mapToLong(ReplayResult.Member::reads).sum());
        assertTrue(qd32.stripe().members().stream().allMatch(m -> m.reads() > 0), "both members read");
    }

    @Test
    void durationZeroMakesEachPassOneSweep(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("out");
        CliTest.Run r = CliTest.run("cdm", "--target", dir.resolve("t.dat").toString(), "--size", "8M", "--passes", "1",
                "--duration", "0", "--out", out.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("1 pass of one region sweep per test and op"), r.out());
        ReplayResult seq = new JsonResults().read(out.resolve("cdm-v8-seq1m-q8t1-read-random.json"));
        assertNull(seq.stopReason());
        assertEquals(8, seq.summary().reads());
    }

    /**
     * Without --size the default region (1 GiB) grew a 100 MiB file to 1 GiB; an existing file is grown only to a --size given.
     * The refusal said "(--size 1073741824 bytes)" of a --size not given, and not what to give.
     */
    @Test
    void anExistingFileKeepsItsSizeUnlessSizeIsGiven(@TempDir Path dir) throws Exception {
        Path target = dir.resolve("t.dat");
        try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(target.toFile(), "rw")) {
            f.setLength(8L << 20);
        }
        CliTest.Run noSize = CliTest.run("cdm", "--target", target.toString(), "--allow-write", "--passes", "1", "--duration", "0");
        assertEquals(ExitCodes.USAGE, noSize.code(), noSize.err());
        assertEquals(CliTest.usage("cdm", "the test region (1073741824 bytes, cdm v8's default --size) is larger than " + target
                + " (8388608 bytes): give --size 8M or less"), noSize.err());
        assertEquals(8L << 20, Files.size(target), "not grown");
        CliTest.Run given = CliTest.run("cdm", "--target", target.toString(), "--allow-write", "--size", "16M", "--passes", "1",
                "--duration", "0");
        assertEquals(0, given.code(), given.err());
        assertEquals(16L << 20, Files.size(target), "grown to the --size given");
    }

    /** As fill's: --passes 1000 was taken, 11 hours of v8 passes (4 tests, 2 ops, 5 s a pass). */
    @Test
    void passesHaveAnUpperBoundAsFillsHave() {
        for (String passes : List.of("101", "0", "00")) {
            CliTest.Run r = CliTest.run("cdm", "--target", "null", "--passes", passes, "--size", "1M", "--duration", "0");
            assertEquals(CliTest.usage("cdm", "--passes must be 1 to 100, found " + passes), r.err());
            assertEquals(ExitCodes.USAGE, r.code());
        }
    }

    @Test
    void aBadOutDirectoryFailsBeforeTheRun(@TempDir Path dir) throws Exception {
        Path target = dir.resolve("t.dat");
        Path file = Files.writeString(dir.resolve("file"), "x");
        CliTest.Run under = CliTest.run("cdm", "--target", target.toString(), "--size", "8M", "--passes", "1", "--duration", "200ms",
                "--out", file.resolve("out").toString());
        assertEquals(ExitCodes.USAGE, under.code());
        assertEquals(CliTest.usage("cdm", "--out " + file.resolve("out") + ": " + file + " is not a directory"), under.err());
        assertFalse(Files.exists(target), "the suite did not start");

        CliTest.Run onFile = CliTest.run("cdm", "--target", target.toString(), "--size", "8M", "--out", file.toString());
        assertEquals(CliTest.usage("cdm", "--out " + file + ": is a file, expected a directory"), onFile.err());
        assertFalse(Files.exists(target), "the suite did not start");
    }

    @Test
    void outDashIsStandardOutputAsJsonIsNotADirectory(@TempDir Path dir) throws Exception {
        Path dash = Path.of("-");
        try {
            CliTest.Captured r = CliTest.capturingStdout(() -> CliTest.run("cdm", "--target", dir.resolve("t.dat").toString(), "--size",
                    "8M", "--passes", "1", "--duration", "50ms", "--out", "-"));
            assertEquals(0, r.run().code(), r.run().err());
            assertFalse(Files.exists(dash), "no directory named '-'");
            assertTrue(r.stdout().contains("\"preset\" : \"v8\""), r.stdout());
            assertTrue(r.run().err().contains("SEQ1M Q8T1"), "the grid on stderr: " + r.run().err());
        } finally {
            Files.deleteIfExists(dash);
        }
    }

    /**
     * A run into a directory an earlier run of the preset wrote replaces its results: with {@code --data
     * random} and then {@code --data zero} into one directory, it held 16 results under the second run's
     * grid of 8 (compare over it mixed two runs). Another preset's results stay: they have their own grid.
     */
    @Test
    void aRunReplacesTheResultsOfAnEarlierRunOfThePresetInItsDirectory(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("out");
        String target = dir.resolve("t.dat").toString();
        List<String> common = List.of("cdm", "--target", target, "--allow-write", "--size", "8M", "--passes", "1", "--duration", "0",
                "--out", out.toString());
        assertEquals(0, CliTest.run(concat(common, "--preset", "v3")).code());
        assertEquals(0, CliTest.run(concat(common, "--data", "random")).code());
        CliTest.Run zero = CliTest.run(concat(common, "--data", "zero"));
        assertEquals(0, zero.code(), zero.err());
        try (Stream<Path> files = Files.list(out)) {
            List<String> v8 = files.map(f -> f.getFileName().toString()).filter(n -> n.startsWith("cdm-v8")).sorted().toList();
            assertEquals(9, v8.size(), v8.toString());
            assertTrue(v8.stream().filter(n -> n.endsWith(".json")).allMatch(n -> n.endsWith("-zero.json")), v8.toString());
        }
        assertTrue(Files.exists(out.resolve("cdm-v3.txt")) && Files.exists(out.resolve("cdm-v3-seq-read-random.json")),
                "another preset's results stay");
        assertTrue(zero.out().contains("removed 8 results of an earlier cdm v8 in " + out + " that this run did not write again"), zero.out());
    }

    private static String[] concat(List<String> args, String... more) {
        List<String> all = new ArrayList<>(args);
        all.addAll(List.of(more));
        return all.toArray(String[]::new);
    }

    @Test
    void aFailedRunLeavesNoOutDirectory(@TempDir Path dir) {
        Path out = dir.resolve("new/out");
        CliTest.Run r = CliTest.run("cdm", "--target", dir.toString(), "--size", "8M", "--out", out.toString());
        assertEquals(ExitCodes.USAGE, r.code(), r.err());
        assertTrue(r.err().contains("is a directory; expected a block device, a file or null"), r.err());
        assertFalse(Files.exists(dir.resolve("new")));
    }

    @Test
    @Tag("device")
    void aRefusedWriteSpeaksOfWritingNotOfAReplay() throws Exception {
        LoopDevice.assumeRoot();
        try (LoopDevice loop = LoopDevice.create(32L << 20)) {
            CliTest.Run r = CliTest.run("cdm", "--target", loop.path().toString(), "--size", "8M");
            assertEquals(ExitCodes.UNSAFE_TARGET, r.code(), r.err());
            assertTrue(r.err().startsWith("sbench: writing overwrites device " + loop.path() + " ("), r.err());
            assertTrue(r.err().endsWith("; add --allow-write to proceed\n"), r.err());
        }
    }

    /** A --size larger than a device is quoted as typed: it said "--size 33554432 bytes" of --size 32M. */
    @Test
    @Tag("device")
    void aSizeLargerThanTheDeviceIsQuotedAsTyped() throws Exception {
        LoopDevice.assumeRoot();
        try (LoopDevice loop = LoopDevice.create(16L << 20)) {
            CliTest.Run r = CliTest.run("cdm", "--target", loop.path().toString(), "--allow-write", "--size", "32768K");
            assertEquals(CliTest.usage("cdm", "the test region (--size 32768K) is larger than " + loop.path() + " (16777216 bytes):"
                    + " give --size 16M or less"), r.err());
        }
    }

    @Test
    void refusesWhatItCannotRun(@TempDir Path dir) {
        CliTest.Run data = CliTest.run("cdm", "--target", dir.resolve("t.dat").toString(), "--size", "8M", "--data", "ones");
        assertEquals(ExitCodes.USAGE, data.code());
        assertTrue(data.err().contains("--data takes random, zero or both, found 'ones'"), data.err());
        CliTest.Run small = CliTest.run("cdm", "--target", dir.resolve("t.dat").toString(), "--size", "512K");
        assertEquals(ExitCodes.USAGE, small.code());
        assertTrue(small.err().contains("the test region must hold at least one 1 MiB IO"), small.err());
        CliTest.Run preset = CliTest.run("cdm", "--target", dir.resolve("t.dat").toString(), "--preset", "v5");
        assertEquals(ExitCodes.USAGE, preset.code());
        assertTrue(preset.err().contains("--preset takes v3 or v8, found 'v5'"), preset.err());
    }
}
