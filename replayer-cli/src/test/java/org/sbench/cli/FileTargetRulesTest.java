package org.sbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.sbench.target.LoopDevice;

/**
 * The rules for file targets (docs/targets.md), through {@code sbench replay}, {@code cdm},
 * {@code report} and {@code compare} in-process, each checked on the file's bytes, size and
 * allocation before and after. Needs no root.
 */
class FileTargetRulesTest {
    /** Reads at 0 and 1 MiB, a write at 4 KiB: reaches byte 1,114,112. */
    private static final String MSR = "128166372000000000,hm,0,Read,0,4096,20000\n"
            + "128166372000010000,hm,0,Write,4096,8192,5000\n"
            + "128166372000020000,hm,0,Read,1048576,65536,100\n";
    private static final int MIB = 1 << 20;
    private static final String READ_ONLY_HINT = "; --read-only replays without writes\n";

    @TempDir
    Path dir;

    /** {@code sbench replay} of the 3-IO trace (written into {@code dir}) onto {@code target}. */
    static CliTest.Run replay(Path dir, Path target, String... options) throws IOException {
        String[] args = new String[4 + options.length];
        args[0] = "replay";
        args[1] = Files.writeString(dir.resolve("hm_0.csv"), MSR).toString();
        args[2] = "--target";
        args[3] = target.toString();
        System.arraycopy(options, 0, args, 4, options.length);
        return CliTest.run(args);
    }

    private CliTest.Run replay(Path target, String... options) throws IOException {
        return replay(dir, target, options);
    }

    @Test
    void writingToAnExistingFileNeedsAllowWrite() throws Exception {
        Path file = FileState.random(dir.resolve("data.img"), 2 * MIB);
        FileState before = FileState.of(file);
        CliTest.Run refused = replay(file);
        assertEquals(ExitCodes.UNSAFE_TARGET, refused.code(), refused.err());
        assertEquals("sbench: writing overwrites file " + file + " (2.10 MB), which carries no recognised partition table or"
                + " filesystem; add --allow-write to proceed" + READ_ONLY_HINT, refused.err());
        assertEquals(before, FileState.of(file));
        CliTest.Run allowed = replay(file, "--allow-write");
        assertEquals(0, allowed.code(), allowed.err());
        assertNotEquals(before.sha256(), FileState.of(file).sha256(), "the write landed");
    }

    @Test
    void aFilesystemImageNeedsForceToo() throws Exception {
        Path image = dir.resolve("fs.img");
        Files.write(image, new byte[8 * MIB]);
        assumeTrue(LoopDevice.works("mkfs.ext4", "-q", "-F", image.toString()), "needs mkfs.ext4");
        FileState before = FileState.of(image);
        String identity = "file " + image + " (8.39 MB)";
        CliTest.Run bare = replay(image);
        assertEquals(ExitCodes.UNSAFE_TARGET, bare.code(), bare.err());
        assertEquals("sbench: writing overwrites " + identity + ", which carries an ext4 filesystem; name a new file, or add"
                + " --allow-write --force to proceed" + READ_ONLY_HINT, bare.err());
        CliTest.Run allowed = replay(image, "--allow-write");
        assertEquals(ExitCodes.UNSAFE_TARGET, allowed.code(), allowed.err());
        assertEquals("sbench: " + identity + " carries an ext4 filesystem; writing destroys it; name a new file, or add --force"
                + " to proceed" + READ_ONLY_HINT, allowed.err());
        CliTest.Run cdm = CliTest.run("cdm", "--target", image.toString(), "--size", "8M", "--allow-write");
        assertEquals(ExitCodes.UNSAFE_TARGET, cdm.code(), cdm.err());
        assertEquals(before, FileState.of(image));
        CliTest.Run forced = replay(image, "--allow-write", "--force");
        assertEquals(0, forced.code(), forced.err());
    }

    /** The trace and the target swapped, or a trace, result or text named as target: --allow-write is not enough. */
    @Test
    void aTraceOrResultAsTargetNeedsForce() throws Exception {
        Path trace = Files.writeString(dir.resolve("mine.csv"), MSR);
        FileState before = FileState.of(trace);
        CliTest.Run swapped = CliTest.run("replay", "light-2010", "--target", trace.toString(), "--allow-write", "--size", "2M",
                "--fit", "wrap");
        assertEquals(ExitCodes.UNSAFE_TARGET, swapped.code(), swapped.err());
        assertEquals("sbench: file " + trace + " (" + MSR.length() + " B) carries a trace in msr format; writing destroys it; name a"
                + " new file, or add --force to proceed" + READ_ONLY_HINT, swapped.err());
        CliTest.Run fill = CliTest.run("fill", "--target", trace.toString(), "--allow-write", "--size", "2M");
        assertEquals(ExitCodes.UNSAFE_TARGET, fill.code(), fill.err());
        assertTrue(fill.err().startsWith("sbench: file " + trace + " (" + MSR.length() + " B) carries a trace in msr format;"), fill.err());
        assertEquals(before, FileState.of(trace));
        CliTest.Run read = replay(trace, "--read-only", "--fit", "wrap");
        assertEquals(ExitCodes.USAGE, read.code(), read.err());
        assertTrue(read.err().contains("holds less than 4096 bytes, too little to replay onto"), read.err());
    }

    /** The trace of the same replay, by its name, a hard link or /proc/self/fd: refused even with --force. */
    @Test
    void theTraceReplayedIsNeverItsTarget() throws Exception {
        Path trace = Files.writeString(dir.resolve("hm_0.csv"), MSR);
        Path link = Files.createLink(dir.resolve("link.img"), trace);
        for (Path target : List.of(trace, link)) {
            CliTest.Run r = replay(target, "--allow-write", "--force", "--size", "2M");
            assertEquals(ExitCodes.UNSAFE_TARGET, r.code(), r.err());
            String same = target.equals(trace) ? "" : " the same file as " + trace + ",";
            assertEquals("sbench: " + target + " is" + same + " a file this command reads; writing destroys it: name another file"
                    + " as the target" + READ_ONLY_HINT, r.err());
        }
        try (var ch = java.nio.channels.FileChannel.open(trace)) {
            Path fd = Files.list(Path.of("/proc/self/fd")).filter(p -> trace.equals(resolved(p))).findFirst().orElseThrow();
            CliTest.Run r = replay(fd, "--allow-write", "--force", "--size", "2M");
            assertEquals(ExitCodes.UNSAFE_TARGET, r.code(), r.err());
            assertTrue(r.err().startsWith("sbench: " + fd + " is the same file as " + trace + ", a file this command reads"), r.err());
        }
        assertEquals(MSR, Files.readString(trace));
    }

    /** A scenario's file and the trace files of its replay steps are what run reads: never its target. */
    @Test
    void aScenarioAndItsTracesAreNeverRunsTarget() throws Exception {
        Path trace = Files.writeString(dir.resolve("hm_0.csv"), MSR);
        Path scenario = Files.writeString(dir.resolve("s.yaml"), "steps:\n  - replay: {trace: " + trace + ", fit: wrap}\n");
        for (Path target : List.of(scenario, trace)) {
            String before = Files.readString(target);
            CliTest.Run r = CliTest.run("run", scenario.toString(), "--target", target.toString(), "--size", "2M", "--allow-write",
                    "--force", "--out", dir.resolve("b").toString());
            assertEquals(ExitCodes.UNSAFE_TARGET, r.code(), r.err());
            assertEquals("sbench: " + target + " is a file this command reads; writing destroys it: name another file as the target\n",
                    r.err());
            assertEquals(before, Files.readString(target));
        }
    }

    /**
     * A file this command reads that is under 4096 bytes, named as the target without --size, is refused as what it is: it
     * was told "holds less than 4096 bytes; give --size to grow it", advice that led to the refusal (the docs3 audit).
     */
    @Test
    void aSmallFileThisCommandReadsIsRefusedAsThatBeforeItsSize() throws Exception {
        Path trace = Files.writeString(dir.resolve("hm_0.csv"), MSR);
        Path scenario = Files.writeString(dir.resolve("s.yaml"), "steps:\n  - replay: {trace: " + trace + ", fit: wrap}\n");
        assertTrue(Files.size(trace) < 4096 && Files.size(scenario) < 4096);
        CliTest.Run replay = replay(trace, "--allow-write", "--force");
        CliTest.Run run = CliTest.run("run", scenario.toString(), "--target", scenario.toString(), "--allow-write", "--force",
                "--out", dir.resolve("b").toString());
        for (CliTest.Run r : List.of(replay, run)) {
            assertEquals(ExitCodes.UNSAFE_TARGET, r.code(), r.err());
            assertTrue(r.err().contains(" a file this command reads; writing destroys it"), r.err());
        }
        assertEquals(MSR, Files.readString(trace));
    }

    private static Path resolved(Path link) {
        try {
            return link.toRealPath();
        } catch (IOException e) {
            return link;
        }
    }

    @Test
    void aFileSbenchCreatesNeedsNoPermission() throws Exception {
        Path file = dir.resolve("new.img");
        CliTest.Run r = replay(file);
        assertEquals(0, r.code(), r.err());
        assertEquals(2 * MIB, Files.size(file), "what the trace reaches, rounded up to 1 MiB");
    }

    @Test
    void readOnlyChangesNothingAboutTheFile() throws Exception {
        // 512 KiB of data and a 512 KiB hole: smaller than the trace reaches, and not all allocated.
        Path file = FileState.random(dir.resolve("sparse.img"), MIB / 2);
        try (var ch = java.nio.channels.FileChannel.open(file, StandardOpenOption.WRITE)) {
            ch.truncate(MIB);
            ch.write(java.nio.ByteBuffer.wrap(new byte[1]), MIB - 1);
        }
        FileState before = FileState.of(file);
        CliTest.Run r = replay(file, "--read-only", "--fit", "wrap");
        assertEquals(0, r.code(), r.err());
        assertEquals(before, FileState.of(file));
        CliTest.Run unfit = replay(file, "--read-only");
        assertEquals(ExitCodes.USAGE, unfit.code(), unfit.err());
        assertTrue(unfit.err().startsWith("sbench: the trace reaches byte 1114112 (1.11 MB), but " + file + " has 1048576 bytes"),
                unfit.err());
        CliTest.Run grow = replay(file, "--read-only", "--size", "4M");
        assertEquals(ExitCodes.USAGE, grow.code(), grow.err());
        assertEquals(CliTest.usage("replay", "--size 4M is larger than " + file + " (1048576 bytes); a run that only reads never grows"
                + " a file: leave out --size to use the file as it is"), grow.err());
        assertEquals(before, FileState.of(file));
    }

    @Test
    void aDeviceNamedWithoutDevIsRefusedNotMadeAFile() throws Exception {
        LoopDevice.assumeRoot();
        try (LoopDevice loop = LoopDevice.create(4 * MIB)) {
            Path stray = Path.of(loop.name()).toAbsolutePath();
            assumeTrue(!Files.exists(stray), "no file " + stray + " in the directory the test runs in");
            String refusal = CliTest.usage("replay", loop.name() + ": there is no such file here, and " + loop.path()
                    + " is a block device: name it so, or ./" + loop.name() + " for a new file of that name");
            try {
                for (String option : new String[] {"--allow-write", "--read-only"}) {
                    CliTest.Run r = replay(Path.of(loop.name()), option, "--fit", "wrap");
                    assertEquals(ExitCodes.USAGE, r.code(), r.err());
                    assertEquals(refusal, r.err());
                    assertFalse(Files.exists(stray), "no file made in the working directory");
                }
            } finally {
                Files.deleteIfExists(stray);
            }
        }
    }

    /** Until 2026-12-06 a file was made without a word, as large as the trace reaches: 64.27 GB for --target sdb. */
    @Test
    void aFileMadeForTheRunIsSaidWithItsSizeAndWhy() throws Exception {
        Path reached = dir.resolve("reached.img");
        CliTest.Run r = replay(reached);
        assertEquals(0, r.code(), r.err());
        assertEquals("sbench: making " + reached + ", a new file of 2.10 MB (what the trace reaches)\n", r.err());
        Path sized = dir.resolve("sized.img");
        CliTest.Run s = replay(sized, "--size", "4M");
        assertEquals(0, s.code(), s.err());
        assertEquals("sbench: making " + sized + ", a new file of 4.19 MB (--size)\n", s.err());
        CliTest.Run again = replay(sized, "--allow-write");
        assertEquals(0, again.code(), again.err());
        assertEquals("", again.err(), "an existing file is not made");
    }

    /** Until 2026-12-06 {@code --target sdb} of a host without /dev/sdb made a file sdb, as large as the trace reaches. */
    @Test
    void aNameShapedAsADeviceThatIsNotThereIsRefusedNotMadeAFile() throws Exception {
        for (String name : new String[] {"sdzq", "nvme97n3p2", "mmcblk93p1", "dm-977"}) {
            Path stray = Path.of(name).toAbsolutePath();
            assumeTrue(!Files.exists(stray) && !Files.exists(Path.of("/dev", name)), "neither " + stray + " nor /dev/" + name);
            // The devices listed between are this host's at the moment (another process's loop device may come and go).
            String refused = "sbench: " + name + ": there is no such file here, and no block device /dev/" + name + " (";
            String hint = "); name one of them, or ./" + name + " for a new file of that name\n";
            try {
                CliTest.Run r = replay(Path.of(name), "--allow-write");
                assertEquals(ExitCodes.USAGE, r.code(), r.err());
                assertTrue(r.err().startsWith(refused) && r.err().contains(hint), r.err());
                CliTest.Run fill = CliTest.run("fill", "--target", name, "--size", "1M");
                assertEquals(ExitCodes.USAGE, fill.code(), fill.err());
                assertTrue(fill.err().startsWith(refused) && fill.err().contains(hint), fill.err());
                assertFalse(Files.exists(stray), "no file made in the working directory");
            } finally {
                Files.deleteIfExists(stray);
            }
        }
    }

    /**
     * As a target: it was "no block device or file of that name here; give its capacity with --capacity SIZE", and with
     * --capacity given the log named the bare name, which fio opens as a file in its working directory.
     */
    @ParameterizedTest
    @ValueSource(strings = {"", "4M"})
    void aFioDeviceNamedWithoutDevIsNamedWithIt(String capacity) throws Exception {
        LoopDevice.assumeRoot();
        try (LoopDevice loop = LoopDevice.create(4 * MIB)) {
            assumeTrue(!Files.exists(Path.of(loop.name())), "no file " + loop.name() + " in the directory the test runs in");
            Path trace = Files.writeString(dir.resolve("hm_0.csv"), MSR);
            Path log = dir.resolve("t.iolog");
            List<String> args = new ArrayList<>(List.of("convert", trace.toString(), log.toString(), "--fio-device", loop.name(),
                    "--fit", "wrap"));
            if (!capacity.isEmpty()) {
                args.addAll(List.of("--capacity", capacity));
            }
            CliTest.Run r = CliTest.run(args.toArray(String[]::new));
            assertEquals(ExitCodes.USAGE, r.code(), r.err());
            assertEquals(CliTest.usage("convert", "--fio-device " + loop.name() + ": there is no such file here, and " + loop.path()
                    + " is a block device: name it so"), r.err());
            assertFalse(Files.exists(log));
        }
    }

    @Test
    void readOnlyCreatesNoFile() throws Exception {
        Path missing = dir.resolve("missing.img");
        CliTest.Run r = replay(missing, "--read-only", "--size", "4M");
        assertEquals(ExitCodes.USAGE, r.code(), r.err());
        assertEquals(CliTest.usage("replay", missing + " does not exist; a run that only reads needs an existing file and creates none"),
                r.err());
        assertFalse(Files.exists(missing));
    }

    @Test
    void aReplayRefusedAfterItsFilesWereCreatedLeavesNone() throws Exception {
        Path small = dir.resolve("small-new.img");
        CliTest.Run unfit = replay(small, "--size", "1M");
        assertEquals(ExitCodes.USAGE, unfit.code(), unfit.err());
        // The file is made before the trace is checked against it (the check needs the target), so its deletion is said.
        assertTrue(unfit.err().startsWith("sbench: making " + small + ", a new file of 1.05 MB (--size)\nsbench: deleted " + small
                + ", the new file made for this run\nsbench: the trace reaches byte 1114112"), unfit.err());
        assertFalse(Files.exists(small), "the file made for the run is deleted again");

        Path a = dir.resolve("a.img");
        Path b = dir.resolve("b.img");
        CliTest.Run tooLong = replay(dir.resolve("x"), "--size", "32K", "--fit", "wrap");
        assertEquals(ExitCodes.USAGE, tooLong.code(), tooLong.err());
        assertTrue(tooLong.err().contains("longer than the whole of"), tooLong.err());
        CliTest.Run striped = CliTest.run("replay", dir.resolve("hm_0.csv").toString(), "--target", "stripe:4K:" + a + "," + b,
                "--size", "32K", "--fit", "wrap");
        assertEquals(ExitCodes.USAGE, striped.code(), striped.err());
        assertTrue(striped.err().contains("longer than the whole of"), striped.err());
        assertFalse(Files.exists(a) || Files.exists(b) || Files.exists(dir.resolve("x")), "no member file left");
    }

    @Test
    void aStepRefusedForNotFittingTheFileItCreatedLeavesNone() {
        String[][] unfit = {
            {"purge", "--range", "2M:1M"},
            {"fill", "--percent", "0.0001"},
            {"torture", "--duration", "1s", "--span", "2M"},
            {"sweep", "--op", "write", "--points", "1000", "--per-point", "64K", "--bs", "64K"},
            {"idle", "--duration", "1s", "--probe-bs", "2M"},
        };
        for (String[] step : unfit) {
            Path file = dir.resolve(step[0] + ".img");
            String[] args = new String[step.length + 6];
            System.arraycopy(step, 0, args, 0, step.length);
            System.arraycopy(new String[] {"--target", file.toString(), "--size", "1M", "--progress", "none"}, 0, args, step.length, 6);
            CliTest.Run r = CliTest.run(args);
            assertEquals(ExitCodes.USAGE, r.code(), step[0] + ": " + r.err());
            assertFalse(Files.exists(file), step[0] + ": the file made for the step is deleted again");
        }
    }

    @Test
    void anEngineRefusedForTheFileLeavesNoFile() {
        String[][] commands = {
            {"replay", "unused", "--engine", "null"},
            {"replay", "unused", "--engine", "bogus"},
            {"cdm", "--size", "1M", "--engine", "null"},
            {"cdm", "--size", "1M", "--engine", "bogus"},
            {"fill", "--size", "1M", "--engine", "null"},
            {"torture", "--size", "1M", "--duration", "1s", "--engine", "null"},
            {"idle", "--size", "1M", "--duration", "1s", "--engine", "null"},
        };
        for (String[] command : commands) {
            Path file = dir.resolve(command[0] + ".img");
            List<String> args = new ArrayList<>(List.of(command));
            if (command[0].equals("replay")) {
                args.set(1, writeTrace().toString());
            }
            args.addAll(List.of("--target", file.toString(), "--progress", "none"));
            CliTest.Run r = CliTest.run(args.toArray(String[]::new));
            assertEquals(ExitCodes.USAGE, r.code(), args + ": " + r.err());
            assertTrue(r.err().contains("engine"), r.err());
            assertFalse(Files.exists(file), args + ": the file made for the run is deleted again");
        }
        Path bundle = dir.resolve("bundle");
        Path file = dir.resolve("run.img");
        CliTest.Run r = CliTest.run("run", "consistency", "--target", file.toString(), "--size", "64M", "--scale", "0.001",
                "--engine", "null", "--out", bundle.toString(), "--progress", "none");
        assertEquals(ExitCodes.USAGE, r.code(), r.err());
        assertFalse(Files.exists(file), "the file made for the scenario is deleted again");
        assertFalse(Files.exists(bundle), "no bundle is begun");
    }

    private Path writeTrace() {
        try {
            return Files.writeString(dir.resolve("hm_0.csv"), MSR);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void anExistingFileKeepsItsSizeUnlessSizeIsGiven() throws Exception {
        Path file = FileState.random(dir.resolve("small.img"), MIB);
        FileState before = FileState.of(file);
        CliTest.Run unfit = replay(file, "--allow-write");
        assertEquals(ExitCodes.USAGE, unfit.code(), unfit.err());
        assertEquals(before, FileState.of(file));
        CliTest.Run wrapped = replay(file, "--allow-write", "--fit", "wrap");
        assertEquals(0, wrapped.code(), wrapped.err());
        assertEquals(MIB, Files.size(file));
        CliTest.Run grown = replay(file, "--allow-write", "--size", "2M");
        assertEquals(0, grown.code(), grown.err());
        assertEquals(2 * MIB, Files.size(file));
    }

    @Test
    void aMistypedDevicePathIsRefusedNamingTheDevicesThereAre() throws Exception {
        Path typo = Path.of("/dev/sbench-test-no-such-device-" + ProcessHandle.current().pid());
        Path viaLink = Files.createSymbolicLink(dir.resolve("devices"), Path.of("/dev")).resolve(typo.getFileName());
        try {
            for (Path p : new Path[] {typo, viaLink}) {
                CliTest.Run r = replay(p);
                assertEquals(ExitCodes.USAGE, r.code(), r.err());
                assertTrue(r.err().startsWith("sbench: " + p + " is not a block device (there is no such device); block devices"
                        + " here: /dev/"), r.err());
                assertTrue(r.err().endsWith("; sbench makes no files under /dev\nsee 'sbench replay --help'\n"), r.err());
                assertFalse(Files.exists(typo), "no file was made in /dev");
            }
        } finally {
            Files.deleteIfExists(typo);
        }
    }

    @Test
    void readsOfNeverWrittenExtentsAreFlagged() throws Exception {
        Path fresh = dir.resolve("fresh.img");
        Path json = dir.resolve("fresh.json");
        CliTest.Run r = replay(fresh, "--out", json.toString());
        assertEquals(0, r.code(), r.err());
        String warning = "UNWRITTEN: 1.11 MB of the 1.11 MB this run could read of " + fresh + " held no data when it began; the"
                + " filesystem answers such reads without device IO, so read rates are not the drive's (write the file first,"
                + " or replay onto a block device)\n";
        assertTrue(r.out().contains(warning), r.out());
        JsonNode result = new ObjectMapper().readTree(json.toFile());
        assertTrue(result.get("readsUnwritten").asBoolean(), result.toString());
        assertEquals(1114112, result.get("target").get("unwritten").get("bytes").asLong());
        assertEquals(1114112, result.get("target").get("unwritten").get("rangeBytes").asLong());
        CliTest.Run report = CliTest.run("report", json.toString());
        assertEquals(0, report.code(), report.err());
        assertTrue(report.out().contains(warning), report.out());

        Path written = FileState.random(dir.resolve("written.img"), 2 * MIB);
        Path measured = dir.resolve("written.json");
        CliTest.Run w = replay(written, "--allow-write", "--out", measured.toString());
        assertEquals(0, w.code(), w.err());
        assertFalse(w.out().contains("UNWRITTEN"), w.out());
        assertFalse(new ObjectMapper().readTree(measured.toFile()).get("readsUnwritten").asBoolean());
        assertEquals(0, new ObjectMapper().readTree(measured.toFile()).get("target").get("unwritten").get("bytes").asLong());

        CliTest.Run compare = CliTest.run("compare", measured.toString(), json.toString());
        assertEquals(ExitCodes.BAD_INPUT, compare.code(), compare.err());
        assertEquals("sbench: not comparable: " + json + " read never-written extents of " + fresh + " (1.11 MB of 1.11 MB held no"
                + " data), which the filesystem answers without device IO, unlike " + measured + " (--force compares anyway)\n",
                compare.err());
        CliTest.Run forced = CliTest.run("compare", measured.toString(), json.toString(), "--force");
        assertEquals(0, forced.code(), forced.err());
        assertTrue(forced.out().contains("NOT COMPARABLE, compared with --force; columns marked (!): " + json + " read never-written"),
                forced.out());
        assertTrue(forced.out().contains(fresh + " (!)"), forced.out());
    }

    @Test
    void aFileAnotherProcessHoldsIsRefused() throws Exception {
        Path file = FileState.random(dir.resolve("held.img"), 2 * MIB);
        Path link = Files.createSymbolicLink(dir.resolve("held-link.img"), file);
        FileState before = FileState.of(file);
        Process holder = new ProcessBuilder("flock", "--exclusive", "--no-fork", file.toString(), "-c",
                "echo locked; exec sleep 60")
                .redirectErrorStream(true).start();
        try {
            assumeTrue("locked".equals(new BufferedReader(new InputStreamReader(holder.getInputStream(), StandardCharsets.UTF_8))
                    .readLine()), "flock(1) could not lock the file");
            Path comm = Path.of("/proc/" + holder.pid() + "/comm");
            while (!Files.readString(comm).strip().equals("sleep")) {
                Thread.onSpinWait(); // the shell that said "locked" is about to become sleep
            }
            String refusal = " is in use by process " + holder.pid() + " (sleep), which holds its lock; one run per target at a"
                    + " time\n";
            CliTest.Run r = replay(link, "--allow-write");
            assertEquals(ExitCodes.UNSAFE_TARGET, r.code(), r.err());
            assertEquals("sbench: " + link + refusal, r.err());
            CliTest.Run readOnly = replay(file, "--read-only");
            assertEquals(ExitCodes.UNSAFE_TARGET, readOnly.code(), readOnly.err());
            assertEquals("sbench: " + file + refusal, readOnly.err(), "no --read-only hint: it is refused as well");
            CliTest.Run cdm = CliTest.run("cdm", "--target", file.toString(), "--size", "1M", "--allow-write");
            assertEquals(ExitCodes.UNSAFE_TARGET, cdm.code(), cdm.err());
            assertEquals(before, FileState.of(file));
        } finally {
            holder.destroyForcibly().waitFor();
        }
        CliTest.Run after = replay(file, "--read-only");
        assertEquals(0, after.code(), "the lock goes with its holder: " + after.err());
    }

    /** True when /proc/locks lists an flock(2) lock of {@code pid} on {@code file} ("1: FLOCK  ADVISORY  WRITE PID MAJ:MIN:INODE ..."). */
    private static boolean holdsAnFlock(long pid, Path file) {
        try {
            String inode = ":" + Files.getAttribute(file, "unix:ino");
            return Files.readAllLines(Path.of("/proc/locks")).stream().map(l -> l.trim().split("\\s+"))
                    .anyMatch(f -> f.length > 5 && f[1].equals("FLOCK") && f[4].equals(Long.toString(pid)) && f[5].endsWith(inode));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void aFileAnotherSbenchHoldsIsRefusedNamingItSbench() throws Exception {
        Path file = FileState.random(dir.resolve("idle.img"), 2 * MIB);
        try (ChildSbench other = ChildSbench.start(dir, List.of(), "idle", "--target", file.toString(), "--duration", "10m",
                "--probe-test", "none")) {
            other.await("the other sbench to hold " + file, () -> holdsAnFlock(other.pid(), file));
            CliTest.Run refused = replay(file, "--read-only");
            assertEquals(ExitCodes.UNSAFE_TARGET, refused.code(), refused.err());
            assertEquals("sbench: " + file + " is in use by another sbench process (pid " + other.pid() + "), which holds its lock;"
                    + " one run per target at a time\n", refused.err());
        }
    }
}
