package org.sbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.result.JsonResults;
import org.sbench.result.ReplayResult;
import org.sbench.step.Bundle;
import org.sbench.step.BundleDirectory;

/** The step commands in-process on small files (no root): output, bundles, refusals and their exit statuses. */
class StepCommandsTest {
    private static final int MIB = 1 << 20;

    private static Path file(Path dir, int mib) throws Exception {
        Path f = dir.resolve("t.img");
        Files.write(f, new byte[mib * MIB]);
        return f;
    }

    @Test
    void fillPrintsAPassTableAndWritesABundleThatReportReads(@TempDir Path dir) throws Exception {
        Path target = file(dir, 8);
        Path out = dir.resolve("bundle");
        CliTest.Run r = CliTest.run("fill", "--target", target.toString(), "--allow-write", "--bs", "1M", "--out", out.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("step     fill 2 x 100%, 1M at QD 32\ntarget   " + target + ", engine "), r.out());
        List<String> rows = r.out().lines().filter(l -> l.startsWith("pass-")).toList();
        assertEquals(2, rows.size(), r.out());
        assertTrue(rows.get(0).matches("pass-1 +8 +8\\.4 .*"), rows.get(0));
        assertTrue(r.out().contains("bundle   " + out), r.out());
        Bundle b = BundleDirectory.open(out).read();
        assertTrue(b.complete());
        assertEquals(16L * MIB, b.steps().get(0).bytesWritten());
        Path run = out.resolve(b.steps().get(0).runs().get(0).file());
        ReplayResult pass = new JsonResults().read(run);
        assertEquals(8, pass.summary().writes());
        assertFalse(pass.timeSeries().isEmpty(), "MB/s per second");
        assertEquals(0, CliTest.run("report", run.toString()).code());
    }

    @Test
    void sweepAndTortureAndIdlePrintTheirTables(@TempDir Path dir) throws Exception {
        Path target = file(dir, 8);
        CliTest.Run sweep = CliTest.run("sweep", "--target", target.toString(), "--points", "4", "--per-point", "1M", "--bs", "256K");
        assertEquals(0, sweep.code(), sweep.err());
        List<String> points = sweep.out().lines().filter(l -> l.matches("[1-4] +[0-9.]+ +1\\.0 .*")).toList();
        assertEquals(4, points.size(), sweep.out());
        assertTrue(points.get(3).matches("4 +0\\.007 .*"), "the last point ends at 8 MiB: " + points.get(3));

        CliTest.Run torture = CliTest.run("torture", "--target", target.toString(), "--allow-write", "--duration", "1s", "--qd", "4");
        assertEquals(0, torture.code(), torture.err());
        assertTrue(torture.out().contains("\ntorture "), torture.out());
        assertTrue(torture.out().contains("seconds  "), torture.out());

        CliTest.Run idle = CliTest.run("idle", "--target", target.toString(), "--duration", "400ms", "--probe", "200ms",
                "--probe-duration", "50ms", "--probe-test", "randread");
        assertEquals(0, idle.code(), idle.err());
        assertEquals(List.of("probe-0", "probe-200ms", "probe-400ms"),
                idle.out().lines().filter(l -> l.startsWith("probe-")).map(l -> l.split(" ")[0]).toList(), idle.out());
    }

    /** A file never written reads back without device IO: the step tables say so, as replay's does. */
    @Test
    void readsOfANeverWrittenFileAreMarkedInTheStepTables(@TempDir Path dir) throws Exception {
        Path sparse = sparse(dir, 8);
        String t = sparse.toString();
        String unwritten = ": 8.39 MB of the 8.39 MB this run could read of " + t + " held no data when it began; the filesystem"
                + " answers such reads without device IO, so read rates are not the drive's (write the file first, or replay onto a"
                + " block device)";
        CliTest.Run sweep = CliTest.run("sweep", "--target", t, "--points", "4", "--per-point", "1M", "--bs", "256K");
        assertEquals(0, sweep.code(), sweep.err());
        assertTrue(sweep.out().contains("\nUNWRITTEN" + unwritten + "\n"), sweep.out());
        assertTrue(sweep.out().lines().anyMatch(l -> l.startsWith("sweep ") && l.endsWith(" UNWRITTEN")), sweep.out());

        CliTest.Run idle = CliTest.run("idle", "--target", t, "--duration", "200ms", "--probe", "200ms", "--probe-duration", "50ms",
                "--probe-test", "read");
        assertEquals(0, idle.code(), idle.err());
        assertEquals(List.of("UNWRITTEN (probe-0)", "UNWRITTEN (probe-200ms)"),
                idle.out().lines().filter(l -> l.startsWith("UNWRITTEN")).map(l -> l.substring(0, l.indexOf(':'))).toList(), idle.out());
        assertEquals(2, idle.out().lines().filter(l -> l.startsWith("probe-") && l.endsWith(" UNWRITTEN")).count(), idle.out());

        CliTest.Run written = CliTest.run("sweep", "--target", file(dir, 8).toString(), "--points", "4", "--per-point", "1M");
        assertEquals(0, written.code(), written.err());
        assertFalse(written.out().contains("UNWRITTEN"), "a written file reads from the drive: " + written.out());
    }

    /** A file of {@code mib} MiB that holds no data: one hole. */
    static Path sparse(Path dir, int mib) throws Exception {
        Path f = dir.resolve("sparse.img");
        try (java.io.RandomAccessFile raf = new java.io.RandomAccessFile(f.toFile(), "rw")) {
            raf.setLength((long) mib * MIB);
        }
        return f;
    }

    /** --size sizes the null target, as the refusal without it says, and makes a file the step then needs no permission for. */
    @Test
    void sizeGivesTheNullTargetItsCapacityAndCreatesAFile(@TempDir Path dir) throws Exception {
        CliTest.Run unsized = CliTest.run("fill", "--target", "null");
        assertEquals(2, unsized.code());
        assertEquals(CliTest.usage("fill", "a fill covers the whole target, and the null target takes any size: 1152921504606846976"
                + " bytes unless given one: sbench fill --size 1G, or sbench run --size 1G for a scenario"), unsized.err());
        Path bundle = dir.resolve("b");
        CliTest.Run sized = CliTest.run("fill", "--target", "null", "--size", "8M", "--passes", "1", "--out", bundle.toString());
        assertEquals(0, sized.code(), sized.err());
        assertEquals(8L * MIB, BundleDirectory.open(bundle).read().steps().get(0).bytesWritten());
        Path made = dir.resolve("made.img");
        CliTest.Run created = CliTest.run("purge", "--target", made.toString(), "--size", "4M");
        assertEquals(0, created.code(), created.err());
        assertEquals(4 * MIB, Files.size(made));
    }

    /**
     * A step that only reads (a read sweep, an idle step with reading probes or none) opens its target read-only: it makes and
     * grows no file, and says so of a run that only reads, where a sweep given a larger --size was told of "a read-only replay".
     */
    @Test
    void aStepThatOnlyReadsMakesAndGrowsNoFile(@TempDir Path dir) throws Exception {
        Path target = file(dir, 8);
        CliTest.Run grow = CliTest.run("sweep", "--target", target.toString(), "--size", "16M", "--points", "2");
        assertEquals(ExitCodes.USAGE, grow.code(), grow.err());
        assertEquals(CliTest.usage("sweep", "--size 16M is larger than " + target + " (8388608 bytes); a run that only reads"
                + " never grows a file: leave out --size to use the file as it is"), grow.err());
        assertEquals(8L * MIB, Files.size(target));
        Path missing = dir.resolve("missing.img");
        CliTest.Run make = CliTest.run("idle", "--target", missing.toString(), "--size", "16M", "--duration", "1s", "--probe-test", "none");
        assertEquals(CliTest.usage("idle", missing + " does not exist; a run that only reads needs an existing file and creates none"),
                make.err());
        assertFalse(Files.exists(missing));
    }

    @Test
    void purgeSaysWhatItDestroysAndWhatItDid(@TempDir Path dir) throws Exception {
        Path target = file(dir, 8);
        CliTest.Run r = CliTest.run("purge", "--target", target.toString(), "--allow-write", "--range", "1M:2M");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.err().startsWith("purge destroys the data on file " + target + " (8.39 MB): trim (fallocate(PUNCH_HOLE|KEEP_SIZE))"
                + " of 2,097,152 bytes from byte 1,048,576\n"), r.err());
        assertTrue(r.out().contains("purged   punch-hole of 2,097,152 bytes from byte 1,048,576 in 2 chunks\n"), r.out());
    }

    @Test
    void theStepsTakeAStripeAndShowItsMembers(@TempDir Path dir) throws Exception {
        Path a = Files.write(dir.resolve("a.img"), new byte[4 * MIB]);
        Path b = Files.write(dir.resolve("b.img"), new byte[4 * MIB]);
        String stripe = "stripe:64K:" + a + "," + b;
        CliTest.Run purge = CliTest.run("purge", "--target", stripe, "--allow-write", "--range", "1M:2M");
        assertEquals(0, purge.code(), purge.err());
        assertTrue(purge.err().startsWith("purge destroys the data on the stripe 2 x 4.19 MB striped, 64 KiB of file " + a
                + " (4.19 MB) and file " + b + " (4.19 MB): trim (fallocate(PUNCH_HOLE|KEEP_SIZE) on each member) of 2,097,152 bytes"
                + " from byte 1,048,576\n"), purge.err());
        CliTest.Run fill = CliTest.run("fill", "--target", stripe, "--allow-write", "--passes", "1", "--bs", "128K");
        assertEquals(0, fill.code(), fill.err());
        assertTrue(fill.out().contains("\nstripe   2 x 4.19 MB striped, 64 KiB\n"), fill.out());
        List<String> members = fill.out().lines().filter(l -> l.startsWith("pass-1 ") && l.endsWith(".img")).toList();
        assertEquals(2, members.size(), fill.out());
        assertTrue(members.get(0).matches("pass-1 +0 +64 +4\\.2 .* " + a), "64 chunks of 64 KiB on each: " + members.get(0));
        assertTrue(members.get(1).matches("pass-1 +1 +64 +4\\.2 .* " + b), members.get(1));
        for (String step : new String[] {"sweep", "torture", "idle"}) {
            String[] args = step.equals("sweep") ? new String[] {"sweep", "--target", stripe, "--points", "2", "--per-point", "1M"}
                    : step.equals("torture") ? new String[] {"torture", "--target", stripe, "--allow-write", "--duration", "200ms"}
                    : new String[] {"idle", "--target", stripe, "--duration", "200ms", "--probe", "100ms", "--probe-duration", "50ms",
                        "--probe-test", "randread"};
            CliTest.Run r = CliTest.run(args);
            assertEquals(0, r.code(), step + ": " + r.err());
            assertTrue(r.out().contains("\nstripe   2 x 4.19 MB striped, 64 KiB\n"), step + ": " + r.out());
        }
    }

    @Test
    void jsonOnStandardOutputIsTheOneStepBundleWithEachRunsResult(@TempDir Path dir) throws Exception {
        String t = file(dir, 8).toString();
        CliTest.Captured fill = CliTest.capturingStdout(() -> CliTest.run("fill", "--target", t, "--allow-write", "--passes", "1",
                "--bs", "1M", "--json"));
        assertEquals(0, fill.run().code(), fill.run().err());
        JsonNode doc = new ObjectMapper().readTree(fill.stdout());
        assertEquals("fill", doc.get("scenario").asText());
        assertTrue(doc.get("complete").asBoolean());
        assertEquals(t, doc.get("target").get("path").asText());
        JsonNode pass = doc.get("steps").get(0).get("runs").get(0);
        assertEquals("pass-1", pass.get("name").asText());
        assertEquals(8, pass.get("result").get("summary").get("writes").asInt(), "the run's whole result");
        assertTrue(fill.run().err().contains("\npass-1 "), "the table goes to stderr: " + fill.run().err());
        assertEquals("", fill.run().out());

        Path dash = Path.of("-");
        try {
            CliTest.Captured sweep = CliTest.capturingStdout(() -> CliTest.run("sweep", "--target", t, "--points", "2", "--per-point",
                    "1M", "--out", "-"));
            assertEquals(0, sweep.run().code(), sweep.run().err());
            assertFalse(Files.exists(dash), "--out - is standard output, not a directory named '-'");
            assertEquals(2, new ObjectMapper().readTree(sweep.stdout()).get("steps").get(0).get("sweep").size(), sweep.stdout());
            CliTest.Run both = CliTest.run("sweep", "--target", t, "--points", "2", "--json", "--out", "-");
            assertEquals(2, both.code());
            assertEquals(CliTest.usage("sweep", "--json writes the result to standard output, and so does '-'; give one of them"),
                    both.err());
        } finally {
            Files.deleteIfExists(dash);
        }
        CliTest.Captured purge = CliTest.capturingStdout(() -> CliTest.run("purge", "--target", t, "--allow-write", "--json"));
        assertEquals(0, purge.run().code(), purge.run().err());
        assertEquals(8L << 20, new ObjectMapper().readTree(purge.stdout()).get("steps").get(0).get("purge").get("lengthBytes").asLong());
    }

    @Test
    void refusalsAreOneLineWithTheirExitStatus(@TempDir Path dir) throws Exception {
        Path target = file(dir, 8);
        String t = target.toString();
        CliTest.Run noWrite = CliTest.run("fill", "--target", t);
        assertEquals(4, noWrite.code());
        assertEquals("sbench: writing overwrites file " + t + " (8.39 MB), which carries no recognised partition table or filesystem;"
                + " add --allow-write to proceed\n", noWrite.err());
        CliTest.Run noDuration = CliTest.run("torture", "--target", t, "--allow-write");
        assertEquals(2, noDuration.code());
        assertEquals(CliTest.usage("torture", "torture needs --duration D (e.g. 20m), or --until steady"), noDuration.err());
        CliTest.Run badPercent = CliTest.run("fill", "--target", t, "--allow-write", "--percent", "150");
        assertEquals(2, badPercent.code());
        assertEquals(CliTest.usage("fill", "--percent must be above 0% and at most 100%, found 150"), badPercent.err());
        CliTest.Run secure = CliTest.run("purge", "--target", t, "--allow-write", "--method", "secure-trim");
        assertEquals(2, secure.code());
        assertEquals(CliTest.usage("purge", "file " + t + " has no secure discard; use --method trim, or --method zero"), secure.err());
        CliTest.Run engine = CliTest.run("purge", "--target", t, "--allow-write", "--engine", "libaio");
        assertEquals(2, engine.code());
        assertEquals(CliTest.usage("purge", "unknown option '--engine'"), engine.err());
        CliTest.Run help = CliTest.run("purge", "--help");
        assertFalse(help.out().contains("--engine"), "purge issues no IOs through an engine and offers none:\n" + help.out());
        assertTrue(CliTest.run("fill", "--help").out().contains("--engine=ENGINE"));
        CliTest.Run readProbe = CliTest.run("idle", "--target", t, "--duration", "1s");
        assertEquals(4, readProbe.code(), "the default probe writes");
        Path full = Files.createDirectories(dir.resolve("full"));
        Files.writeString(full.resolve("x"), "x");
        CliTest.Run notEmpty = CliTest.run("sweep", "--target", t, "--points", "2", "--out", full.toString());
        assertEquals(2, notEmpty.code());
        assertEquals(CliTest.usage("sweep", "--out " + full + " is not empty; give a new or empty directory for the bundle"), notEmpty.err());
        Path made = dir.resolve("made");
        CliTest.Run tooMany = CliTest.run("sweep", "--target", t, "--points", "100", "--per-point", "1M", "--out", made.toString());
        assertEquals(2, tooMany.code());
        assertFalse(Files.exists(made), "a step that fails leaves no bundle directory");
        assertEquals(2, CliTest.run("fill", "--target", t, "--bogus").code());
    }
}
