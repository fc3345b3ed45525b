package org.sbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.target.LoopDevice;

/** {@code sbench replay} in-process on the null target and on a file: tables, JSON, one-line errors. */
class ReplayCommandTest {
    private static final String MSR = "128166372000000000,hm,0,Read,0,4096,20000\n"
            + "128166372000010000,hm,0,Write,4096,8192,5000\n"
            + "128166372000020000,hm,0,Read,1048576,65536,100\n";

    private static Path msr(Path dir) throws IOException {
        return Files.writeString(dir.resolve("hm_0.csv"), MSR);
    }

    @Test
    void nullTargetRunPrintsTheSummaryAndWritesJson(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("r.json");
        CliTest.Run r = CliTest.run("replay", msr(dir).toString(), "--target", "null", "--out", out.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("settings recorded-qd, max idle 25.0 ms, data random, engine null"), r.out());
        assertTrue(r.out().contains("errors   none"), r.out());
        JsonNode j = new ObjectMapper().readTree(out.toFile());
        assertEquals(true, j.get("complete").asBoolean());
        assertEquals(3, j.get("summary").get("ios").asLong());
        assertEquals(2, j.get("summary").get("reads").asLong());
        assertEquals(4096 + 65536, j.get("summary").get("bytesRead").asLong());
        assertEquals("recorded-qd", j.get("settings").get("mode").asText());
        assertEquals(0, j.get("fidelity").get("outOfOrder").asLong());
        assertEquals(64, j.get("trace").get("sha256").asText().length());
    }

    /**
     * A device given as the trace and a trace as the target (the two swapped): it was refused for the
     * target, "writing overwrites file hm_0.csv ...; add --allow-write to proceed", advice to write
     * over the trace; the device is now named as the --target it was meant to be, before the target is.
     */
    @Test
    void aDeviceGivenAsTheTraceIsNamedAsTheTargetItWasMeantToBe(@TempDir Path dir) throws Exception {
        LoopDevice.assumeRoot();
        try (LoopDevice loop = LoopDevice.create(4L << 20)) {
            Path trace = msr(dir);
            FileState before = FileState.of(trace);
            for (String allowWrite : new String[] {"--read-only", "--allow-write"}) {
                CliTest.Run r = CliTest.run("replay", loop.path().toString(), "--target", trace.toString(), allowWrite);
                assertEquals(ExitCodes.USAGE, r.code(), r.err());
                assertEquals(CliTest.usage("replay", "TRACE " + loop.path() + " is a block device, not a trace: a device to replay"
                        + " onto goes after --target (sbench replay TRACE --target " + loop.path() + ")"), r.err());
            }
            assertEquals(before, FileState.of(trace));
        }
    }

    /**
     * The null target takes what the trace reaches, rounded up to 1 MiB: a read ending at
     * 9223372036854255616, less than 1 MiB below 2^63, once overflowed that rounding, and the run
     * was refused as "null has 512 bytes (0.00 MB)".
     */
    @Test
    void theNullTargetTakesATraceThatReachesWithinAMiBOf2To63(@TempDir Path dir) throws Exception {
        Path t = Files.writeString(dir.resolve("far.csv"), "128166372000000000,hm,0,Read,9223372036854251520,4096,100\n");
        Path out = dir.resolve("r.json");
        CliTest.Run r = CliTest.run("replay", t.toString(), "--target", "null", "--progress", "none", "--out", out.toString());
        assertEquals(0, r.code(), r.err());
        assertEquals(1, new ObjectMapper().readTree(out.toFile()).get("summary").get("reads").asLong());
    }

    @Test
    void maxIdleNoneKeepsIdleInFullAndSaysSo(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("r.json");
        CliTest.Run r = CliTest.run("replay", msr(dir).toString(), "--target", "null", "--max-idle", "none", "--out", out.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("settings recorded-qd, max idle none (idle kept in full), data random"), r.out());
        assertEquals(Long.MAX_VALUE, new ObjectMapper().readTree(out.toFile()).get("settings").get("maxIdleNs").asLong());
    }

    @Test
    void wordValuesAreReadInAnyCase(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("r.json");
        CliTest.Run r = CliTest.run("replay", msr(dir).toString(), "--target", "null", "--mode", "FIXED-QD", "--qd", "2", "--reap", "Wait",
                "--fit", "WRAP", "--data", "COMPRESS:50", "--stream", "ALL", "--on-error", "Continue", "--engine", "NULL",
                "--progress", "NONE", "--out", out.toString());
        assertEquals(0, r.code(), r.err());
        JsonNode settings = new ObjectMapper().readTree(out.toFile()).get("settings");
        assertEquals("fixed-qd", settings.get("mode").asText());
        assertEquals("compress:50", settings.get("data").asText());
        assertEquals("wrap", settings.get("fit").asText());
        assertEquals("wait", settings.get("reap").asText());
        CliTest.Run bad = CliTest.run("replay", msr(dir).toString(), "--target", "null", "--reap", "SPIN");
        assertEquals(2, bad.code());
        assertTrue(bad.err().startsWith("sbench: --reap takes poll or wait, found 'SPIN'"), bad.err());
    }

    /** 16 reads 100 ms apart: a timed replay of 1.5 s, long enough for a progress line. */
    private static Path slow(Path dir) throws IOException {
        StringBuilder b = new StringBuilder("issue_ns,complete_ns,offset,length,op,stream,qd,process\n");
        for (int i = 0; i < 16; i++) {
            b.append(i * 100_000_000L).append(',').append(i * 100_000_000L + 1000).append(',').append(i * 4096L).append(",4096,R,0,1,\n");
        }
        return Files.writeString(dir.resolve("slow.csv"), b.toString());
    }

    @Test
    void progressIsALineRewrittenInPlaceThatSaysHowItsRateIsMeasured(@TempDir Path dir) throws Exception {
        String t = slow(dir).toString();
        CliTest.Run r = CliTest.run("replay", t, "--target", "null", "--mode", "timed", "--progress", "always");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.err().startsWith("\rreplay: "), r.err());
        assertTrue(r.err().contains(" of 16 IOs ("), r.err());
        assertTrue(r.err().contains(" IOPS, 0.0 MB/s over wall time, elapsed 0:01"), r.err());
        assertTrue(r.err().contains("\rreplay: 16 of 16 IOs (100.0%)"), "the last state replaces the line: " + r.err());
        assertTrue(r.err().endsWith("\n"), "the line is ended before anything else is printed");
        CliTest.Run bare = CliTest.run("replay", t, "--target", "null", "--mode", "timed", "--progress");
        assertTrue(bare.err().startsWith("\rreplay: "), "a bare --progress, as before: " + bare.err());
        CliTest.Run none = CliTest.run("replay", t, "--target", "null", "--mode", "timed", "--progress", "none");
        assertEquals(0, none.code(), none.err());
        assertEquals("", none.err());
        CliTest.Run auto = CliTest.run("replay", t, "--target", "null", "--mode", "timed");
        assertEquals("", auto.err(), "stderr is no terminal here: a line every 10 s, so none in 1.5 s");
        assertEquals(2, CliTest.run("replay", t, "--target", "null", "--progress", "sometimes").code(), "not a word of --progress");
        CliTest.Run before = CliTest.run("replay", "--progress", t, "--target", "null");
        assertEquals(0, before.code(), "a bare --progress leaves the trace after it alone: " + before.err());
    }

    @Test
    void fileTargetIsCreatedAtTheGivenSize(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("scratch.img");
        CliTest.Run r = CliTest.run("replay", msr(dir).toString(), "--target", file.toString(), "--size", "4M",
                "--mode", "fixed-qd", "--qd", "2", "--engine", "sync", "--data", "zero");
        assertEquals(0, r.code(), r.err());
        assertEquals(4L << 20, Files.size(file));
        assertTrue(r.out().contains("fixed-qd QD 2, data zero, engine sync"), r.out());
    }

    @Test
    void badOptionsAreOneLineUsageErrors(@TempDir Path dir) throws Exception {
        String t = msr(dir).toString();
        assertUsage("--mode fixed-qd needs --qd N (N at least 1)", "replay", t, "--target", "null", "--mode", "fixed-qd");
        assertUsage("--mode takes recorded-qd, timed or fixed-qd, found 'fast'", "replay", t, "--target", "null", "--mode", "fast");
        assertUsage("--data takes random, zero or compress:PCT (PCT 0-100), found 'ones'", "replay", t, "--target", "null", "--data", "ones");
        assertUsage("--fit takes error, wrap or scale, found 'squeeze'", "replay", t, "--target", "null", "--fit", "squeeze");
        assertUsage("--read-only and --allow-write contradict each other", "replay", t, "--target", "null", "--read-only", "--allow-write");
        // An option of another mode would be ignored: refused as --qd is outside fixed-qd.
        // Without --mode the user is told to add it: it was "--qd goes with --mode fixed-qd, not recorded-qd".
        assertUsage("--speed goes with --mode timed, and the mode is recorded-qd when --mode is not given: add --mode timed", "replay",
                t, "--target", "null", "--speed", "2");
        assertUsage("--qd goes with --mode fixed-qd, and the mode is recorded-qd when --mode is not given: add --mode fixed-qd",
                "replay", t, "--target", "null", "--qd", "32");
        assertUsage("--speed goes with --mode timed, not recorded-qd", "replay", t, "--target", "null", "--mode", "recorded-qd",
                "--speed", "2");
        assertUsage("--speed goes with --mode timed, not fixed-qd", "replay", t, "--target", "null", "--mode", "fixed-qd", "--qd", "2",
                "--speed", "2");
        assertUsage("--max-inflight goes with --mode timed, not fixed-qd", "replay", t, "--target", "null", "--mode", "fixed-qd",
                "--qd", "2", "--max-inflight", "8");
        assertUsage("--max-idle goes with --mode recorded-qd, not timed", "replay", t, "--target", "null", "--mode", "timed",
                "--max-idle", "1ms");
        assertUsage("--qd-fallback goes with --mode recorded-qd, not fixed-qd", "replay", t, "--target", "null", "--mode", "fixed-qd",
                "--qd", "2", "--qd-fallback", "4");
        assertUsage("--qd goes with --mode fixed-qd, not timed", "replay", t, "--target", "null", "--mode", "timed", "--qd", "2");
        assertUsage("--mode takes recorded-qd, timed or fixed-qd, found 'FIXED'", "replay", t, "--target", "null", "--mode",
                "FIXED", "--qd", "2");
        assertEquals(0, CliTest.run("replay", t, "--target", "null", "--mode", "timed", "--speed", "2", "--max-inflight", "8").code());
        assertEquals(0, CliTest.run("replay", t, "--target", "null", "--max-idle", "1ms", "--qd-fallback", "4").code());
        // A directory was called a pipe or device, to be converted first.
        CliTest.Run directory = CliTest.run("replay", dir.toString(), "--target", "null");
        assertEquals(ExitCodes.BAD_INPUT, directory.code(), directory.err());
        assertEquals("sbench: " + dir + ": is a directory, expected a trace file\n", directory.err());
        // A depth above the engine's deepest queue was taken and held at 1024, where --qd of it is refused.
        assertUsage("--qd-fallback must be 1 to 1024, found 100000", "replay", t, "--target", "null", "--qd-fallback", "100000");
        // A depth of 0 was taken as no fallback: a trace without depths was then refused, told to give --qd-fallback N.
        assertUsage("--qd-fallback must be 1 to 1024, found 0", "replay", t, "--target", "null", "--qd-fallback", "0");
        // The trace's 2 ms at 1e-30 times its speed: the last IO's time would wrap around, and the IO went at once.
        assertUsage("--speed 1e-30 would issue the trace's last IO 2.00e+27 s after its first (0.00200 s of the trace divided by"
                + " 1e-30), past the 292 years a run can last; give a larger --speed", "replay", t, "--target", "null", "--mode",
                "timed", "--speed", "1e-30");
        // Refusals of a number quoted it parsed: --speed 0 as 0.0, --qd 00 as 0.
        assertUsage("--speed must be above 0, found 0", "replay", t, "--target", "null", "--mode", "timed", "--speed", "0");
        assertUsage("--speed must be above 0, found 1e999", "replay", t, "--target", "null", "--mode", "timed", "--speed", "1e999");
        assertUsage("--max-inflight must be 1 to 1024, found -0", "replay", t, "--target", "null", "--mode", "timed",
                "--max-inflight", "-0");
        assertUsage("--qd must be 1 to 1024, found 00", "replay", t, "--target", "null", "--mode", "fixed-qd", "--qd", "00");
        assertUsage("--qd-fallback must be 1 to 1024, found 00", "replay", t, "--target", "null", "--qd-fallback", "00");
        CliTest.Run r = CliTest.run("replay", t, "--target", "null", "--max-idle", "25");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("'25' is not a duration; write a number with a unit: 500us, 25ms, 8s, 5m, or none to keep idle"
                + " in full"), r.err());
        assertEquals(2, CliTest.run("replay", t).code(), "--target is required");
        CliTest.Run small = CliTest.run("replay", t, "--target", dir.resolve("small.img").toString(), "--size", "64K");
        assertEquals(2, small.code());
        assertTrue(small.err().startsWith("sbench: making " + dir.resolve("small.img") + ", a new file of 65.5 kB (--size)\n"
                + "sbench: deleted " + dir.resolve("small.img") + ", the new file made for this run\nsbench: the trace reaches byte 1114112 (1.11 MB), but "), small.err());
    }

    @Test
    @Tag("device")
    void aRefusedWriteNamesReadOnly(@TempDir Path dir) throws Exception {
        LoopDevice.assumeRoot();
        try (LoopDevice loop = LoopDevice.create(32L << 20)) {
            CliTest.Run r = CliTest.run("replay", msr(dir).toString(), "--target", loop.path().toString());
            assertEquals(ExitCodes.UNSAFE_TARGET, r.code(), r.err());
            assertTrue(r.err().startsWith("sbench: writing overwrites device " + loop.path() + " ("), r.err());
            assertTrue(r.err().endsWith("; add --allow-write to proceed; --read-only replays without writes\n"), r.err());
            assertEquals(0, CliTest.run("replay", msr(dir).toString(), "--target", loop.path().toString(), "--read-only").code());
        }
    }

    private static void assertUsage(String message, String... args) {
        CliTest.Run r = CliTest.run(args);
        assertEquals(2, r.code(), r.err());
        assertEquals(CliTest.usage("replay", message), r.err());
    }

    @Test
    void multiDeviceTracesNeedAStreamOrAll(@TempDir Path dir) throws Exception {
        Path two = Files.writeString(dir.resolve("two.csv"), "128166372000000000,hm,0,Read,0,4096,20000\n"
                + "128166372000010000,hm,1,Write,4096,8192,5000\n");
        CliTest.Run refused = CliTest.run("replay", two.toString(), "--target", "null");
        assertEquals(2, refused.code());
        assertEquals(CliTest.usage("replay", "the trace records 2 devices (streams 0, 1); replay one of them with --stream N, or all"
                + " on disjoint ranges with --stream all"), refused.err());
        Path out = dir.resolve("all.json");
        CliTest.Run all = CliTest.run("replay", two.toString(), "--target", "null", "--stream", "all", "--out", out.toString());
        assertEquals(0, all.code(), all.err());
        JsonNode j = new ObjectMapper().readTree(out.toFile());
        assertEquals(2, j.get("summary").get("ios").asLong());
        assertEquals("0@0, 1@1048576", j.get("mapping").get("streamLayout").asText());
        // Replayed as one device: the write of stream 1 went while stream 0's read was out (depth 1 in each stream alone).
        assertEquals(1.5, j.get("fidelity").get("qdRecorded").get("avg").asDouble(), 1e-9);
        CliTest.Run one = CliTest.run("replay", two.toString(), "--target", "null", "--stream", "1", "--out", out.toString());
        assertEquals(0, one.code(), one.err());
        assertEquals(1, new ObjectMapper().readTree(out.toFile()).get("summary").get("ios").asLong());
    }

    @Test
    void allStreamsOntoATargetSmallerThanTheirRangesStayDisjointAndAreSaidWhereTheyWent(@TempDir Path dir) throws Exception {
        // Two streams of a MiB each onto 1 MiB: wrap laid stream 1 over stream 0 and the result said
        // 1@1048576, past the target's end; scale halved the ranges and said the same (found by the
        // modes audit).
        Path two = Files.writeString(dir.resolve("two.csv"), "128166372000000000,hm,0,Read,0,4096,20000\n"
                + "128166372000010000,hm,1,Write,4096,8192,5000\n");
        Path target = dir.resolve("t.img");
        CliTest.Run wrap = CliTest.run("replay", two.toString(), "--target", target.toString(), "--size", "1M", "--stream", "all",
                "--fit", "wrap");
        assertEquals(2, wrap.code(), wrap.err());
        assertEquals("sbench: making " + target + ", a new file of 1.05 MB (--size)\nsbench: deleted " + target + ", the new file"
                + " made for this run\n" + CliTest.usage("replay", "--stream all lays"
                + " the streams side by side over 2097152 bytes (2.10 MB), more than the 1048576 bytes of " + target + "; --fit wrap would"
                + " put streams over each other: use --fit scale or a larger target"), wrap.err());
        Path out = dir.resolve("scale.json");
        CliTest.Run scale = CliTest.run("replay", two.toString(), "--target", target.toString(), "--size", "1M", "--stream", "all",
                "--fit", "scale", "--out", out.toString());
        assertEquals(0, scale.code(), scale.err());
        JsonNode j = new ObjectMapper().readTree(out.toFile());
        assertEquals("0@0, 1@524288", j.get("mapping").get("streamLayout").asText());
        assertEquals(524288, j.get("mapping").get("streams").get(1).get("offsetBytes").asLong());
    }

    @Test
    void skippedBadRecordsAreSaidEverywhereAndTheDenominatorIsTheTracesIos(@TempDir Path dir) throws Exception {
        Path bad = Files.writeString(dir.resolve("bad.csv"), MSR.replace(",Write,", ",Wrte,"));
        Path out = dir.resolve("r.json");
        CliTest.Run r = CliTest.run("replay", bad.toString(), "--from", "msr", "--skip-bad", "1", "--target", "null", "--out",
                out.toString());
        assertEquals(0, r.code(), r.err());
        assertEquals("sbench: warning: " + bad + ": skipped 1 bad record (--skip-bad); the replay leaves it out\n", r.err());
        assertTrue(r.out().contains("\nSKIPPED: 1 bad record of the trace file (--skip-bad), not replayed; the trace's 2 IOs are"
                + " those left\n"), r.out());
        assertTrue(r.out().contains("fidelity issued 2 of 2 trace records (1 bad record skipped), out of order 0"), r.out());
        JsonNode fidelity = new ObjectMapper().readTree(out.toFile()).get("fidelity");
        assertEquals(1, fidelity.get("skippedRecords").asLong());
        assertEquals(2, fidelity.get("inTrace").asLong(), "the trace's IOs: the skipped record is none");

        Path html = dir.resolve("r.html");
        assertEquals(0, CliTest.run("report", out.toString(), "--html", html.toString()).code());
        String page = Files.readString(html);
        assertTrue(page.contains("SKIPPED: 1 bad record of the trace file (--skip-bad), not replayed"), page);
        assertTrue(page.contains("bad records of the trace file skipped (--skip-bad), not replayed"), page);

        Path clean = dir.resolve("clean.json");
        assertEquals(0, CliTest.run("replay", bad.toString(), "--from", "msr", "--skip-bad", "1", "--target", "null", "--out",
                clean.toString()).code());
        CliTest.Run compared = CliTest.run("compare", out.toString(), clean.toString(), "--label", "a", "--label", "b");
        assertEquals(0, compared.code(), compared.err());
        assertTrue(compared.out().contains("(!) a: 1 bad record of the trace file skipped (--skip-bad): replayed without them"),
                compared.out());
    }

    /** A blkparse text trace of two devices, 8,0 and 8,16 (streams 8388608 and 8388624): one read and one write each. */
    private static Path twoDisks(Path dir) throws IOException {
        return Files.writeString(dir.resolve("bp.txt"), ""
                + "  8,0    1        1     0.000010000   697  D   R 2048 + 8 [a]\n"
                + "  8,0    1        2     0.000020000     0  C   R 2048 + 8 [0]\n"
                + "  8,16   1        3     0.000030000   697  D   W 4096 + 8 [a]\n"
                + "  8,16   1        4     0.000040000     0  C   W 4096 + 8 [0]\n"
                + "  8,0    1        5     0.000050000   697  D   W 8 + 8 [a]\n"
                + "  8,0    1        6     0.000060000     0  C   W 8 + 8 [0]\n"
                + "  8,16   1        7     0.000070000   697  D   R 16 + 8 [a]\n"
                + "  8,16   1        8     0.000080000     0  C   R 16 + 8 [0]\n");
    }

    @Test
    void blockTraceStreamsAreNamedAsInspectNamesThemInEveryOutput(@TempDir Path dir) throws Exception {
        Path bp = twoDisks(dir);
        Path out = dir.resolve("all.json");
        CliTest.Run all = CliTest.run("replay", bp.toString(), "--target", "null", "--stream", "all", "--out", out.toString());
        assertEquals(0, all.code(), all.err());
        assertTrue(all.out().contains("settings recorded-qd, max idle 25.0 ms, streams all (8:0, 8:16), data random"), all.out());
        assertTrue(all.out().contains("; stream@offset 8:0@0, 8:16@2097152;"), all.out());
        JsonNode j = new ObjectMapper().readTree(out.toFile());
        assertEquals("all", j.get("settings").get("streamName").asText());
        assertEquals("8:0@0, 8:16@2097152", j.get("mapping").get("streamLayout").asText());
        JsonNode second = j.get("mapping").get("streams").get(1);
        assertEquals(8 << 20 | 16, second.get("stream").asInt(), "the number, for scripts");
        assertEquals("8:16", second.get("name").asText());
        assertEquals(2 << 20, second.get("offsetBytes").asLong());
        Path html = dir.resolve("all.html");
        assertEquals(0, CliTest.run("report", out.toString(), "--html", html.toString()).code());
        String page = Files.readString(html);
        assertTrue(page.contains("streams all (8:0, 8:16)") && page.contains("8:0@0, 8:16@2097152"), page);

        Path one = dir.resolve("one.json");
        CliTest.Run sdb = CliTest.run("replay", bp.toString(), "--target", "null", "--stream", "8:16", "--out", one.toString());
        assertEquals(0, sdb.code(), sdb.err());
        assertTrue(sdb.out().contains("settings recorded-qd, max idle 25.0 ms, stream 8:16, data random"), sdb.out());
        JsonNode settings = new ObjectMapper().readTree(one.toFile()).get("settings");
        assertEquals(8 << 20 | 16, settings.get("stream").asInt());
        assertEquals("8:16", settings.get("streamName").asText());
        Path other = dir.resolve("other.json");
        assertEquals(0, CliTest.run("replay", bp.toString(), "--target", "null", "--stream", "8:0", "--out", other.toString()).code());
        CliTest.Run compared = CliTest.run("compare", one.toString(), other.toString(), "--force");
        assertTrue(compared.out().startsWith("compare  bp.txt (sha256 "), compared.out());
        assertTrue(compared.out().contains(", stream 8:16\n"), compared.out());
        assertTrue(compared.out().contains("in stream (8:0 vs 8:16)"), compared.out());

        assertUsage("the trace has no stream 8:32; its streams: 8:0, 8:16", "replay", bp.toString(), "--target", "null",
                "--stream", "8:32");
        // Named as typed: a device of a trace of numbered streams was "no stream 8388624", and a number a device.
        assertUsage("the trace has no stream 8:16; its streams: 0", "replay", msr(dir).toString(), "--target", "null", "--stream", "8:16");
        assertUsage("the trace has no stream 8388640; its streams: 8:0, 8:16", "replay", bp.toString(), "--target", "null",
                "--stream", "8388640");
        Path plain = Files.writeString(dir.resolve("plain.csv"), "issue_ns,complete_ns,offset,length,op,stream,qd,process\n"
                + "0,1000,0,4096,R,,1,\n");
        assertUsage("the trace has no stream 3; its IOs carry no stream number: replay it without --stream", "replay",
                plain.toString(), "--target", "null", "--stream", "3");
    }

    @Test
    void anIoLongerThanReplayTakesIsABadRecordNamedAtItsLineBeforeAnyFileIsMade(@TempDir Path dir) throws Exception {
        String tooLong = "128166372000010000,hm,0,Write,4096,1099511627776,5000";
        Path big = Files.writeString(dir.resolve("big.csv"), MSR.replace("128166372000010000,hm,0,Write,4096,8192,5000", tooLong));
        Path file = dir.resolve("scratch.img");
        CliTest.Run r = CliTest.run("replay", big.toString(), "--target", file.toString());
        assertEquals(ExitCodes.BAD_INPUT, r.code(), r.err());
        assertEquals("sbench: " + big + ":2: expected an IO of at most 1 GiB (2^30 bytes), the longest sbench replays, found '"
                + tooLong + "'\n", r.err());
        assertTrue(Files.notExists(file), "refused before the file target is made, let alone allocated");

        CliTest.Run skipped = CliTest.run("replay", big.toString(), "--target", "null", "--skip-bad", "1");
        assertEquals(0, skipped.code(), skipped.err());
        assertTrue(skipped.out().contains("fidelity issued 2 of 2 trace records (1 bad record skipped)"), skipped.out());
        assertEquals(0, CliTest.run("inspect", big.toString()).code(), "a trace may hold it: the limit is replay's");
    }
}
