// Every command's outputs as a user names them: a symlink, a FIFO, /dev/null, '-'; all of a set or none.
package org.sbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.SbenchException;
import org.sbench.target.LoopDevice;
import org.sbench.target.Tmpfs;

class CommandOutputsTest {
    private static final String MSR = "128166372000000000,hm,0,Read,0,4096,20000\n"
            + "128166372000010000,hm,0,Write,4096,8192,5000\n";
    private static final long WAIT_S = 30;
    private static final long TMPFS_BYTES = 1 << 20;

    private static Path msr(Path dir) throws IOException {
        return Files.writeString(dir.resolve("hm_0.csv"), MSR);
    }

    /**
     * An output that names a file the command reads replaced it: replay t --out t left the trace a
     * result, report r.json --html r.json the result a page. Refused as convert refuses OUT = IN.
     */
    @Test
    void anOutputNeverReplacesAnInput(@TempDir Path dir) throws IOException {
        Path trace = msr(dir);
        Path link = Files.createLink(dir.resolve("link.csv"), trace);
        CliTest.Run replay = CliTest.run("replay", trace.toString(), "--target", "null", "--out", link.toString());
        assertEquals(ExitCodes.USAGE, replay.code(), replay.err());
        assertEquals(CliTest.usage("replay", "--out " + link + " is TRACE " + trace + ", which this command reads: give the output"
                + " its own name"), replay.err());
        assertEquals(MSR, Files.readString(trace));
        Path result = dir.resolve("r.json");
        assertEquals(0, CliTest.run("replay", trace.toString(), "--target", "null", "--out", result.toString()).code());
        String json = Files.readString(result);
        for (String option : new String[] {"--html", "--hlog"}) {
            CliTest.Run report = CliTest.run("report", result.toString(), option, result.toString());
            assertEquals(ExitCodes.USAGE, report.code(), report.err());
            assertEquals(CliTest.usage("report", option + " " + result + " is RESULT.json " + result + ", which this command reads:"
                    + " give the output its own name"), report.err());
        }
        Path second = Files.copy(result, dir.resolve("r2.json"));
        CliTest.Run compare = CliTest.run("compare", result.toString(), second.toString(), "--csv", second.toString());
        assertEquals(ExitCodes.USAGE, compare.code(), compare.err());
        assertEquals(CliTest.usage("compare", "--csv " + second + " is RESULT.json " + second + ", which this command reads: give the"
                + " output its own name"), compare.err());
        assertEquals(json, Files.readString(result));
        assertEquals(json, Files.readString(second));
    }

    @Test
    void convertFollowsASymlinkAndKeepsIt(@TempDir Path dir) throws IOException {
        Path real = Files.writeString(dir.resolve("real.csv"), "old\n");
        Path link = Files.createSymbolicLink(dir.resolve("link.csv"), real.getFileName());
        CliTest.Run r = CliTest.run("convert", msr(dir).toString(), link.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(Files.isSymbolicLink(link), "the link stays");
        assertTrue(Files.readString(real).contains("\n0,2000000,0,4096,R,"), Files.readString(real));
    }

    @Test
    void convertWritesIntoAFifo(@TempDir Path dir) throws Exception {
        Path fifo = dir.resolve("trace.fifo");
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).inheritIO().start().waitFor());
        CompletableFuture<String> reader = CompletableFuture.supplyAsync(() -> {
            try (InputStream in = Files.newInputStream(fifo)) {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new AssertionError(e);
            }
        });
        CliTest.Run r = CliTest.run("convert", msr(dir).toString(), fifo.toString(), "--to", "csv");
        assertEquals(0, r.code(), r.err());
        assertTrue(reader.get(WAIT_S, TimeUnit.SECONDS).contains("\n1000000,1500000,4096,8192,W,"));
        assertTrue(Files.readAttributes(fifo, BasicFileAttributes.class).isOther(), "still a FIFO");
    }

    @Test
    void replayToDevNullAndToStandardOutput(@TempDir Path dir) throws IOException {
        Path trace = msr(dir);
        CliTest.Run toNull = CliTest.run("replay", trace.toString(), "--target", "null", "--out", "/dev/null");
        assertEquals(0, toNull.code(), toNull.err());
        assertTrue(Files.readAttributes(Path.of("/dev/null"), BasicFileAttributes.class).isOther(), "still a device");

        CliTest.Captured c = CliTest.capturingStdout(() -> CliTest.run("replay", trace.toString(), "--target", "null", "--out", "-"));
        assertEquals(0, c.run().code(), c.run().err());
        assertEquals(2, new ObjectMapper().readTree(c.stdout()).get("summary").get("ios").asLong(), "standard output is the JSON alone");
        assertEquals("", c.run().out());
        assertTrue(c.run().err().contains("settings recorded-qd"), "the table goes to stderr: " + c.run().err());
        assertFalse(Files.exists(Path.of("-")));
    }

    /**
     * An --out directory that cannot be made is refused before the run, as an output file whose
     * directory takes no file is (exit 2); it exited 5, as if written after the run. /sys takes no
     * directory, as root too.
     */
    @Test
    void anOutDirectoryThatCannotBeMadeIsRefusedBeforeTheRun() {
        CliTest.Run cdm = CliTest.run("cdm", "--target", "null", "--size", "8M", "--out", "/sys/sbench-no/c");
        assertEquals(ExitCodes.USAGE, cdm.code(), cdm.err());
        assertEquals(CliTest.usage("cdm", "--out /sys/sbench-no/c: cannot be made: operation not permitted"), cdm.err());
    }

    @Test
    void jsonOnStandardOutputWithTheTablesOnStderr(@TempDir Path dir) throws IOException {
        Path trace = msr(dir);
        CliTest.Captured replay = CliTest.capturingStdout(() -> CliTest.run("replay", trace.toString(), "--target", "null", "--json"));
        assertEquals(0, replay.run().code(), replay.run().err());
        assertEquals(2, new ObjectMapper().readTree(replay.stdout()).get("summary").get("ios").asLong(), "the JSON alone");
        assertEquals("", replay.run().out());
        assertTrue(replay.run().err().contains("settings recorded-qd"), replay.run().err());

        Path file = dir.resolve("r.json");
        CliTest.Captured both = CliTest.capturingStdout(() -> CliTest.run("replay", trace.toString(), "--target", "null", "--json",
                "--out", file.toString()));
        assertEquals(0, both.run().code(), both.run().err());
        assertEquals(new ObjectMapper().readTree(file.toFile()).get("trace"), new ObjectMapper().readTree(both.stdout()).get("trace"));
        assertTrue(both.run().err().contains("result   " + file), both.run().err());

        CliTest.Run twice = CliTest.run("replay", trace.toString(), "--target", "null", "--json", "--out", "-");
        assertEquals(ExitCodes.USAGE, twice.code());
        assertEquals(CliTest.usage("replay", "--json writes the result to standard output, and so does '-'; give one of them"), twice.err());

        CliTest.Captured cdm = CliTest.capturingStdout(() -> CliTest.run("cdm", "--target", "null", "--size", "8M", "--passes", "1",
                "--duration", "0", "--json"));
        assertEquals(0, cdm.run().code(), cdm.run().err());
        com.fasterxml.jackson.databind.JsonNode suite = new ObjectMapper().readTree(cdm.stdout());
        assertEquals("v8", suite.get("preset").asText());
        assertTrue(suite.get("complete").asBoolean());
        assertEquals(8, suite.get("tests").size(), "4 tests, reads and writes");
        assertEquals("SEQ1M Q8T1", suite.get("tests").get(0).get("test").asText());
        assertEquals("read", suite.get("tests").get(0).get("op").asText());
        assertEquals(1, suite.get("tests").get(0).get("passMbps").size());
        assertTrue(suite.get("tests").get(0).get("best").get("summary").get("ios").asLong() > 0);
        assertEquals("", cdm.run().out());
        assertTrue(cdm.run().err().contains("SEQ1M Q8T1"), "the grid goes to stderr: " + cdm.run().err());
    }

    @Test
    void reportAndCompareWriteToStandardOutput(@TempDir Path dir) throws IOException {
        Path a = ReportCommandTest.replay(dir, "a.json");
        CliTest.Captured report = CliTest.capturingStdout(() -> CliTest.run("report", a.toString(), "--hlog", "-"));
        assertEquals(0, report.run().code(), report.run().err());
        assertTrue(report.stdout().contains("Tag=read,"), report.stdout());
        assertTrue(report.run().err().contains("wrote    hlog -"), report.run().err());

        Path again = Files.copy(a, dir.resolve("a-again.json"));
        CliTest.Captured compare = CliTest.capturingStdout(() -> CliTest.run("compare", a.toString(), again.toString(), "--csv", "-"));
        assertEquals(0, compare.run().code(), compare.run().err());
        assertTrue(compare.stdout().startsWith("metric,op,unit,better,column,"), compare.stdout());

        CliTest.Run two = CliTest.run("report", a.toString(), "--html", "-", "--hlog", "-");
        assertEquals(ExitCodes.USAGE, two.code());
        assertEquals(CliTest.usage("report", "only one output can be standard output ('-', /dev/stdout or the file it is), found 2"),
                two.err());
    }

    @Test
    @Tag("device")
    void reportCsvOnAFullFilesystemLeavesNoneOfItsFiles(@TempDir Path dir) throws IOException {
        LoopDevice.assumeRoot();
        Path result = ReportCommandTest.replay(dir, "a.json");
        Path mount = Files.createDirectory(dir.resolve("small"));
        try (Tmpfs fs = Tmpfs.mount(mount, TMPFS_BYTES)) {
            // Room for summary.csv, not for the next file of the set.
            fs.fillLeaving(1);
            Path csv = fs.dir().resolve("csv");
            CliTest.Run r = CliTest.run("report", result.toString(), "--csv", csv.toString());
            assertEquals(ExitCodes.SYSTEM_FAILURE, r.code(), r.err());
            assertTrue(r.err().startsWith("sbench: cannot write " + csv.resolve("size-classes.csv") + ": "), r.err());
            assertEquals(List.of(".filler"), names(fs.dir()), "nothing of the set, not even its directory");
        }
        // A full disk is no usage error: a directory of outputs it had no room for was refused, exit 2, sent to --help.
        try (Tmpfs fs = Tmpfs.mountWithoutInodes(Files.createDirectory(dir.resolve("no-inodes")))) {
            Path csv = fs.dir().resolve("csv");
            assertEquals(new CliTest.Run(ExitCodes.SYSTEM_FAILURE, "", "sbench: --csv " + csv + ": cannot be made: no space left on device\n"),
                    CliTest.run("report", result.toString(), "--csv", csv.toString()));
        }
    }

    /** A set of outputs with room for its files but not its lock file was refused naming the lock file, open(2) and ENOSPC. */
    @Test
    void aSetWithNoRoomForItsLockFileNamesItsOutputs(@TempDir Path dir) throws IOException {
        LoopDevice.assumeRoot();
        Path result = ReportCommandTest.replay(dir, "a.json");
        // The root and report --csv's five files, not the lock file.
        try (Tmpfs fs = Tmpfs.mountWithInodes(Files.createDirectory(dir.resolve("small")), 6)) {
            CliTest.Run r = CliTest.run("report", result.toString(), "--csv", fs.dir().toString());
            assertEquals(ExitCodes.SYSTEM_FAILURE, r.code(), r.err());
            assertEquals("sbench: cannot write " + fs.dir().resolve("summary.csv") + ": no space left on device (making its lock file)\n",
                    r.err());
            assertEquals(List.of(), names(fs.dir()));
        }
    }

    /**
     * A stripe whose members fit their file system one by one but not together is refused before the first is made:
     * the second member was refused after the first was made, which was deleted again.
     */
    @Test
    @Tag("device")
    void aFileTargetThatDoesNotFitIsNotLeftBehind(@TempDir Path dir) throws IOException {
        LoopDevice.assumeRoot();
        Path trace = msr(dir);
        Path mount = Files.createDirectory(dir.resolve("small"));
        try (Tmpfs fs = Tmpfs.mount(mount, TMPFS_BYTES)) {
            Path second = fs.dir().resolve("b.img");
            Path first = fs.dir().resolve("a.img");
            String stripe = "stripe:64K:" + first + "," + second;
            CliTest.Run r = CliTest.run("replay", trace.toString(), "--target", stripe, "--size", "1536K");
            assertEquals(ExitCodes.USAGE, r.code(), r.err());
            assertEquals(CliTest.usage("replay", first + ", a new file of 786 kB, and " + second + ", a new file of 786 kB"
                    + " (--size), 1.57 MB together, do not fit on their file system, which has 1.05 MB free: give a smaller --size"
                    + " (for a trace that reaches past it, with --fit wrap or scale), or a file on another file system"), r.err());
            assertEquals(List.of(), names(fs.dir()), "nothing made");
        }
    }

    /**
     * A step command whose bundle cannot be written (its run file on a full disk) leaves none of it:
     * before, the index naming no step stayed with an empty steps/01-fill/, and the next run into
     * that --out was refused as not empty (found on a loop device with --out on a tmpfs of one free page).
     */
    @Test
    @Tag("device")
    void aStepWhoseBundleCannotBeWrittenLeavesNoneOfIt(@TempDir Path dir) throws IOException {
        LoopDevice.assumeRoot();
        Path mount = Files.createDirectory(dir.resolve("small"));
        try (Tmpfs fs = Tmpfs.mount(mount, TMPFS_BYTES)) {
            // Room for bundle.json, not for the run's result.
            fs.fillLeaving(1);
            Path bundle = fs.dir().resolve("b");
            CliTest.Run r = CliTest.run("fill", "--target", "null", "--size", "4M", "--passes", "1", "--progress", "none", "--out",
                    bundle.toString());
            assertEquals(ExitCodes.SYSTEM_FAILURE, r.code(), r.err());
            assertTrue(r.err().startsWith("sbench: cannot write " + bundle.resolve("steps/01-fill/pass-1.json") + ": "), r.err());
            assertEquals(List.of(".filler"), names(fs.dir()), "nothing of the bundle, not even its directory");
            assertTrue(r.out().startsWith("step     fill 1 x 100%") && r.out().contains("\npass-1   32  4.2"),
                    "the step's numbers are shown, as replay shows its table before its output fails: " + r.out());
        }
    }

    /**
     * A scenario whose bundle cannot be begun (scenario.json on a full disk) leaves none of it: before,
     * bundle.json stayed alone, and both ways on were refused: the same --out as not empty ("or
     * --resume"), --resume as no scenario bundle (no scenario.json).
     */
    @Test
    @Tag("device")
    void aScenarioWhoseBundleCannotBeBegunLeavesNoneOfIt(@TempDir Path dir) throws IOException {
        LoopDevice.assumeRoot();
        Path scenario = Files.writeString(dir.resolve("s.yaml"), "name: s\nsteps:\n  - fill: {passes: 1}\n");
        Path mount = Files.createDirectory(dir.resolve("small"));
        try (Tmpfs fs = Tmpfs.mount(mount, TMPFS_BYTES)) {
            // Room for bundle.json, not for scenario.json.
            fs.fillLeaving(1);
            Path bundle = fs.dir().resolve("b");
            CliTest.Run r = CliTest.run("run", scenario.toString(), "--target", "null", "--size", "4M", "--out", bundle.toString());
            assertEquals(ExitCodes.SYSTEM_FAILURE, r.code(), r.err());
            assertTrue(r.err().startsWith("sbench: cannot write " + bundle.resolve("scenario.json") + ": "), r.err());
            assertEquals(List.of(".filler"), names(fs.dir()), "nothing of the bundle, not even its directory");
        }
    }

    /**
     * A scenario whose step's files cannot be written once its bundle has begun (a full disk) tells how
     * to resume it, as a stopped one does: before, only the error line was printed (exit 5). The
     * command it prints, run as written once there is room, finishes the bundle. Under a name of thousands of characters the
     * line cuts it as the error line does (it was printed whole).
     */
    @Test
    @Tag("device")
    void aScenarioStoppedByAFullDiskSaysHowToResume(@TempDir Path dir) throws IOException {
        LoopDevice.assumeRoot();
        Path scenario = Files.writeString(dir.resolve("s.yaml"), "name: s\nsteps:\n  - fill: {passes: 1}\n  - fill: {passes: 1}\n");
        for (boolean hugeName : new boolean[] {false, true}) {
            Path mount = Files.createDirectory(dir.resolve("small-" + hugeName));
            try (Tmpfs fs = Tmpfs.mount(mount, TMPFS_BYTES)) {
                Path bundle = (hugeName ? CliTest.hugeDirectory(fs.dir()) : fs.dir()).resolve("b");
                // Room for the bundle's index, the scenario and the first step (some 6 pages), not for the second step's run.
                fs.fillLeaving(7);
                CliTest.Run r = CliTest.run("run", scenario.toString(), "--target", "null", "--size", "4M", "--progress", "none",
                        "--out", bundle.toString());
                assertEquals(ExitCodes.SYSTEM_FAILURE, r.code(), r.err());
                String resume = "sbench run --resume " + bundle + " --target null --size 4194304";
                String incomplete = "INCOMPLETE: step 2 (fill 1 x 100%, 128K at QD 32) failed; '" + resume
                        + "' continues at the first step not finished";
                assertEquals((hugeName ? SbenchException.wordsCut(incomplete) : incomplete) + "\nsbench: cannot write "
                        + SbenchException.wordsCut(bundle.resolve("steps/02-fill/pass-1.json") + ": No space left on device\n"), r.err());
                Files.delete(fs.dir().resolve(".filler"));
                CliTest.Run resumed = CliTest.run(resume.substring("sbench ".length()).split(" "));
                assertEquals(0, resumed.code(), resumed.err());
                assertTrue(resumed.out().contains("step 1  fill 1 x 100%, 128K at QD 32  finished before\nstep 2 of at most 2"),
                        resumed.out());
            }
        }
    }

    /**
     * A scenario whose steps are all recorded but whose end cannot be written (bundle.json's status, then report.html, on a
     * full disk) tells how to finish it: before, only the error line was printed (exit 5), though a resume writes the end.
     * The command it prints, run as written once there is room, finishes the bundle.
     */
    @Test
    @Tag("device")
    void aScenarioWhoseEndCannotBeWrittenSaysHowToFinishIt(@TempDir Path dir) throws IOException {
        LoopDevice.assumeRoot();
        Path scenario = Files.writeString(dir.resolve("s.yaml"), "name: s\nsteps:\n  - fill: {passes: 1}\n");
        // Room for the bundle and its step (some 5 pages), then for one of its two end writes (bundle.json, report.html) or none.
        for (int pages = 6; pages <= 7; pages++) {
            Path mount = Files.createDirectory(dir.resolve("small-" + pages));
            try (Tmpfs fs = Tmpfs.mount(mount, TMPFS_BYTES)) {
                fs.fillLeaving(pages);
                Path bundle = fs.dir().resolve("b");
                CliTest.Run r = CliTest.run("run", scenario.toString(), "--target", "null", "--size", "4M", "--progress", "none", "--out",
                        bundle.toString());
                assertEquals(ExitCodes.SYSTEM_FAILURE, r.code(), r.err());
                String resume = "sbench run --resume " + bundle + " --target null --size 4194304";
                String[] err = r.err().split("\n");
                assertEquals("INCOMPLETE: the steps that ran are recorded in " + bundle + ", its end (bundle.json's status, report.html)"
                        + " is not; '" + resume + "' writes it, and runs any step not finished", err[0], r.err());
                assertTrue(err.length == 2 && err[1].startsWith("sbench: cannot write " + bundle + "/")
                        && err[1].endsWith(": No space left on device"), r.err());
                Files.delete(fs.dir().resolve(".filler"));
                CliTest.Run resumed = CliTest.run(resume.substring("sbench ".length()).split(" "));
                assertEquals(0, resumed.code(), resumed.err());
                assertTrue(Files.isRegularFile(bundle.resolve("report.html")));
                assertTrue(Files.readString(bundle.resolve("bundle.json")).contains("\"complete\" : true"));
            }
        }
    }

    /** /dev is RAM and holds devices: a mistyped output there, a file or a directory, is refused, whichever option names it. */
    @Test
    void noOutputOptionMakesAFileOrDirectoryUnderDev(@TempDir Path dir) throws Exception {
        String trace = msr(dir).toString();
        String result = dir.resolve("r.json").toString();
        assertEquals(0, CliTest.run("replay", trace, "--target", "null", "--out", result).code());
        String scenario = Files.writeString(dir.resolve("s.yaml"), "name: s\nsteps:\n  - replay: {trace: " + trace + "}\n").toString();
        String again = Files.copy(Path.of(result), dir.resolve("r-again.json")).toString();
        String typo = "/dev/sbench-test-typo-" + ProcessHandle.current().pid();
        String[][] commands = {
            {"replay", trace, "--target", "null", "--out", typo},
            {"convert", trace, typo, "--to", "csv"},
            {"synth", "light-2010", "--out", typo},
            {"report", result, "--html", typo},
            {"report", result, "--hlog", typo},
            {"report", result, "--csv", typo},
            {"compare", result, again, "--csv", typo},
            {"compare", result, again, "--html", typo},
            {"cdm", "--target", "null", "--size", "8M", "--passes", "1", "--duration", "0", "--out", typo},
            {"demo", "--dir", typo},
            {"sweep", "--target", "null", "--points", "2", "--out", typo},
            {"run", scenario, "--target", "null", "--out", typo},
        };
        try {
            for (String[] args : commands) {
                CliTest.Run r = CliTest.run(args);
                assertEquals(ExitCodes.USAGE, r.code(), String.join(" ", args) + ": " + r.err());
                assertTrue(r.err().startsWith("sbench: ") && r.err().contains(typo + ": ")
                        && r.err().contains("sbench makes no files under /dev"), String.join(" ", args) + ": " + r.err());
                assertFalse(Files.exists(Path.of(typo), java.nio.file.LinkOption.NOFOLLOW_LINKS), String.join(" ", args));
            }
        } finally {
            Files.deleteIfExists(Path.of(typo));
        }
    }

    static List<String> names(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
