// A command whose spill (a sort's runs, a table of process names, a copy) meets a full disk: what the user is told, and nothing left.
package org.sbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.sbench.record.ProcTasks;
import org.sbench.target.Btrfs;
import org.sbench.target.LoopDevice;
import org.sbench.target.Tmpfs;
import org.sbench.trace.IoRecord;
import org.sbench.trace.TestRecords;
import org.sbench.trace.TraceReader;
import org.sbench.trace.format.TraceFormats;
import org.sbench.trace.input.ReadOptions;

class FullTempDirDeviceTest {
    /** Room for the start of the sort's first run, not for the run: 1 MiB, at most 21,845 records of 48 bytes. */
    private static final long TMPFS_BYTES = 1 << 20;
    /**
     * Distinct process names of 200 bytes, some 4.4 MB with their lengths and entries: past the 1 MiB of names (and
     * 256 KiB of entries) an .sbt writer or reader keeps in memory by more than the tmpfs holds.
     */
    private static final int NAMED_IOS = 20_000;
    private static final int NAME_BYTES = 200;
    /** Past the sort's memory of records, so that the far first IO makes it spill. */
    private static final int UNSORTED_NAMED_IOS = ReadOptions.DEFAULT_SORT_MEMORY_RECORDS + 100;
    private static final int SORTED_NAME_BYTES = 64;
    /** Less than the first write of a spill of names: their entries kept in memory, 256 KiB. */
    private static final long SMALL_TMPFS_BYTES = 128 << 10;
    /** Names a recording's .sbt writer keeps in memory (their entries' 256 KiB), and more than those that the workload makes. */
    private static final int NAMES_IN_MEMORY = 16_384;
    private static final int RECORDED_NAMES = 20_000;
    private static final long RECORDED_DEVICE_BYTES = 8L << 20;
    /** A btrfs of its own, as small as mkfs.btrfs makes one (110 MiB or more). */
    private static final long BTRFS_BYTES = 128L << 20;

    /**
     * inspect of an unsorted trace, whose sort spills, with java.io.tmpdir on a 1 MiB tmpfs: the user was told
     * "cannot write TMP/sbench-sort-N/run-0.sbt: No space left on device", an internal file, and not what to do.
     */
    @Test
    @Tag("device")
    void aSortSpillingIntoAFullTemporaryDirectorySaysWhatToDo(@TempDir Path dir) throws Exception {
        LoopDevice.assumeRoot();
        Path trace = StopSignalsChildTest.unsortedTrace(dir, true);
        Ended inspect = withTempDirOf(dir, TMPFS_BYTES, "inspect", trace.toString(), "--from", "msr");
        assertEquals("sbench: cannot write " + inspect.tempDir() + "/sbench-sort-N/run-0.sbt: No space left on device"
                + sortHint(trace, inspect.tempDir()), inspect.errSortDirN());
        inspect.assertFailedLeavingNothing();
    }

    /** A trace.dat.gz is read from a decompressed copy in the temporary directory: full, the user is told so, and nothing stays. */
    @Test
    @Tag("device")
    void aTraceDatCopiedIntoAFullTemporaryDirectorySaysWhatToDo(@TempDir Path dir) throws Exception {
        LoopDevice.assumeRoot();
        Path trace = dir.resolve("many6.dat.gz");
        try (java.io.OutputStream out = new java.util.zip.GZIPOutputStream(Files.newOutputStream(trace))) {
            out.write(StopSignalsChildTest.traceDat());
        }
        Ended inspect = withTempDirOf(dir, TMPFS_BYTES, "inspect", trace.toString());
        assertEquals("sbench: cannot copy " + trace + " into " + inspect.tempDir() + ": No space left on device; reading " + trace
                + ", a trace.dat compressed or from a pipe, copies it decompressed to the temporary directory " + inspect.tempDir()
                + ": point TMPDIR at a file system with room\n", inspect.err());
        inspect.assertFailedLeavingNothing();
    }

    /**
     * convert of a trace of more process names than the writer keeps in memory, with the temporary directory full part way
     * through the spill of its table: one line naming the directory and what to do, and neither the output nor its part
     * file nor the spill left.
     */
    @ParameterizedTest(name = "a tmpfs of {0} MiB")
    @ValueSource(ints = {1, 2})
    @Tag("device")
    void aConvertWhoseNamesSpillIntoAFullTemporaryDirectorySaysWhatToDo(int mib, @TempDir Path dir) throws Exception {
        // 1 MiB: the spill's first write, of the names kept in memory, fills it; 2 MiB: a later one, of the write buffer.
        LoopDevice.assumeRoot();
        Path out = dir.resolve("out.sbt");
        Ended convert = withTempDirOf(dir, (long) mib << 20, "convert", namedTracefs(dir).toString(), out.toString());
        assertEquals(namesSpillFull(out, convert.tempDir()), convert.err());
        convert.assertFailedLeavingOnly(dir, "named.tracefs");
    }

    /** inspect of an .sbt whose table of names spills, into a full temporary directory: one line, and no spill left. */
    @Test
    @Tag("device")
    void anInspectWhoseNamesSpillIntoAFullTemporaryDirectorySaysWhatToDo(@TempDir Path dir) throws Exception {
        LoopDevice.assumeRoot();
        Path sbt = dir.resolve("named.sbt");
        CliTest.Run made = CliTest.run("convert", namedTracefs(dir).toString(), sbt.toString());
        assertEquals(0, made.code(), made.err());
        Ended inspect = withTempDirOf(dir, TMPFS_BYTES, "inspect", sbt.toString());
        assertEquals(namesSpillFull(sbt, inspect.tempDir()), inspect.err());
        inspect.assertFailedLeavingNothing();
    }

    /** convert of an unsorted trace whose sort's runs fill the temporary directory: one line, no output, no run left. */
    @Test
    @Tag("device")
    void aConvertWhoseSortSpillsIntoAFullTemporaryDirectorySaysWhatToDo(@TempDir Path dir) throws Exception {
        LoopDevice.assumeRoot();
        Path trace = StopSignalsChildTest.unsortedTrace(dir, true);
        Ended convert = withTempDirOf(dir, TMPFS_BYTES, "convert", trace.toString(), dir.resolve("out.sbt").toString(), "--from", "msr");
        assertEquals("sbench: cannot write " + convert.tempDir() + "/sbench-sort-N/run-0.sbt: No space left on device"
                + sortHint(trace, convert.tempDir()), convert.errSortDirN());
        convert.assertFailedLeavingOnly(dir, "unsorted.csv.gz");
    }

    /**
     * convert of an unsorted trace of many process names, whose sort's runs spill their tables of names into a full
     * temporary directory: the user was told "writing or reading an .sbt trace of many process names spills its table of
     * names ... to the temporary directory TMP/sbench-sort-N", of a file format and a directory sbench made, not that the
     * sort spills into TMP, as the sort's runs themselves say.
     */
    @Test
    @Tag("device")
    void aConvertWhoseSortRunsSpillTheirNamesIntoAFullTemporaryDirectorySaysTheSortSpills(@TempDir Path dir) throws Exception {
        LoopDevice.assumeRoot();
        Path trace = unsortedNamedTracefs(dir);
        // Not .sbt, whose own table of names would spill first.
        Ended convert = withTempDirOf(dir, TMPFS_BYTES, "convert", trace.toString(), dir.resolve("out.csv").toString(), "--to", "csv");
        String sortDir = convert.tempDir() + "/sbench-sort-N";
        assertEquals("sbench: cannot write the process names of " + sortDir + "/run-0.sbt in " + sortDir + ": No space left on device"
                + sortHint(trace, convert.tempDir()), convert.errSortDirN());
        convert.assertFailedLeavingOnly(dir, "unsorted.tracefs.gz");
    }

    /**
     * convert into a full file system: the temporary directory elsewhere, the output named as what could not be written
     * (its records fit, the names of its trailer not); there too, the names' spill, which meets the full disk first, and
     * the hint. Either way nothing of the output is left.
     */
    @ParameterizedTest(name = "temporary directory on the full tmpfs too: {0}")
    @ValueSource(booleans = {false, true})
    @Tag("device")
    void aConvertIntoAFullFileSystemLeavesNoneOfItsOutput(boolean tempDirThere, @TempDir Path dir) throws Exception {
        LoopDevice.assumeRoot();
        Path trace = namedTracefs(dir);
        try (Tmpfs fs = Tmpfs.mount(Files.createDirectory(dir.resolve("small")), TMPFS_BYTES)) {
            Path out = fs.dir().resolve("out.sbt");
            Path tempDir = tempDirThere ? fs.dir() : Files.createDirectory(dir.resolve("tmp"));
            try (ChildSbench convert = ChildSbench.start(dir, List.of("-Djava.io.tmpdir=" + tempDir), "convert", trace.toString(),
                    out.toString())) {
                int exit = convert.waitFor();
                assertEquals(tempDirThere ? namesSpillFull(out, tempDir) : "sbench: cannot write " + out + ": No space left on device\n",
                        convert.err());
                assertEquals(ExitCodes.SYSTEM_FAILURE, exit, convert.err());
                assertEquals("", convert.out());
            }
            assertEquals(List.of(), StopSignalsChildTest.names(fs.dir()), "no output, not even a part file");
        }
    }

    /**
     * A recording whose process names spill into a full temporary directory (128 KiB, less than the spill's first write):
     * docs/record.md says it ends there as a full disk does, keeping the trace of the IOs and names before.
     */
    @Test
    @Tag("device")
    void aRecordingWhoseNamesSpillIntoAFullTemporaryDirectoryKeepsItsTraceUpToThere(@TempDir Path dir) throws Exception {
        LoopDevice.assumeRoot();
        try (Tmpfs fs = Tmpfs.mount(Files.createDirectory(dir.resolve("tmp")), SMALL_TMPFS_BYTES)) {
            recordsNamesUntilTheTemporaryDirectoryRunsOut(dir, fs.dir(), "filled up");
        }
    }

    /**
     * As above with the temporary directory's disk quota run out (EDQUOT: a btrfs subvolume whose quota group holds 128
     * KiB): the spill gave no hint for it, and the recording blamed the quota of the trace's own disk ("the disk quota ran
     * out", "INCOMPLETE: the disk quota for t.sbt ran out", no record.diskFullDir).
     */
    @Test
    @Tag("device")
    void aRecordingWhoseNamesSpillIntoATemporaryDirectoryOutOfQuotaNamesTheDirectory(@TempDir Path dir) throws Exception {
        Btrfs.assumeUsable();
        try (Btrfs fs = Btrfs.mount(Files.createDirectory(dir.resolve("btrfs")), BTRFS_BYTES)) {
            recordsNamesUntilTheTemporaryDirectoryRunsOut(dir, fs.subvolumeWithQuota("tmp", SMALL_TMPFS_BYTES), "ran out of disk quota");
        }
    }

    /**
     * Records {@link #RECORDED_NAMES} reads, each by a process name of its own, with java.io.tmpdir {@code tempDir} too
     * small for the names' spill: the trace ends at the last IO before, and the recording says that {@code tempDir}
     * {@code ranOut} ("filled up").
     */
    private void recordsNamesUntilTheTemporaryDirectoryRunsOut(Path dir, Path tempDir, String ranOut) throws Exception {
        Path out = dir.resolve("named.sbt");
        try (LoopDevice loop = LoopDevice.create(RECORDED_DEVICE_BYTES);
             ChildSbench record = ChildSbench.start(dir, List.of("-Djava.io.tmpdir=" + tempDir), "record", "--device",
                     loop.path().toString(), "--out", out.toString(), "--progress", "none")) {
            Path enable = Path.of("/sys/kernel/tracing/instances/sbench-" + record.pid() + "/events/block/block_rq_issue/enable");
            record.await("its tracefs instance", () -> ProcTasks.readOrEmpty(enable).startsWith("1"));
            Process reads = new ProcessBuilder("python3", Path.of(getClass().getResource("many-names.py").toURI()).toString(),
                    loop.path().toString(), Integer.toString(RECORDED_NAMES)).inheritIO().start();
            assertEquals(0, reads.waitFor(), "many-names.py");
            int exit = record.waitFor(); // A full disk stops the recording.
            assertEquals(ExitCodes.IO_ERRORS, exit, record.err());
            List<IoRecord> trace = TestRecords.readAll(out);
            assertTrue(trace.size() >= NAMES_IN_MEMORY && trace.size() < RECORDED_NAMES, trace.size() + " IOs kept: " + record.err());
            for (int i = 0; i < trace.size(); i++) {
                assertEquals("n" + i, trace.get(i).process, "IO " + i);
            }
            List<String> full = record.err().lines().filter(l -> l.startsWith("sbench: ")).toList();
            assertEquals(List.of("sbench: " + out + ": the temporary directory " + tempDir + ", where its process names spill, "
                    + ranOut + " after " + String.format("%,d", trace.size()) + " IOs"), full.stream().map(l -> l.replaceAll(" \\(.*", ""))
                    .toList(), record.err());
            assertTrue(record.out().contains("\nINCOMPLETE: the temporary directory " + tempDir + ", where the process names of " + out
                    + " spill, " + ranOut + ": the trace ends at its last IO that fit\n"), record.out());
            try (TraceReader reader = TraceFormats.standard().open(out, null, ReadOptions.DEFAULTS)) {
                assertEquals("true", reader.info().metadata().get("record.diskFull"), record.err());
                assertEquals(tempDir.toString(), reader.info().metadata().get("record.diskFullDir"), record.err());
                assertEquals(ranOut.contains("quota") ? "true" : null, reader.info().metadata().get("record.diskQuota"), record.err());
            }
            assertEquals(List.of(), StopSignalsChildTest.names(tempDir), "nothing left in the temporary directory");
        }
    }

    /**
     * How sbench ended, run in {@code dir} with java.io.tmpdir on a tmpfs of its own ({@code tempDir}, unmounted since),
     * and the names it left there.
     */
    private record Ended(int exit, String out, String err, Path tempDir, List<String> left) {
        /** {@link #err}, the number of an {@code sbench-sort-N} directory said as N. */
        String errSortDirN() {
            return err.replaceAll("sbench-sort-[0-9]+", "sbench-sort-N");
        }

        /** Failed as at a full disk, saying nothing on stdout, with nothing left in the temporary directory. */
        void assertFailedLeavingNothing() {
            assertEquals(ExitCodes.SYSTEM_FAILURE, exit, err);
            assertEquals("", out);
            assertEquals(List.of(), left, "nothing left in the temporary directory");
        }

        /** As {@link #assertFailedLeavingNothing}, with no output, not even a part file, beside {@code input} in {@code dir}. */
        void assertFailedLeavingOnly(Path dir, String input) {
            assertFailedLeavingNothing();
            assertEquals(Stream.of("child.err", "child.out", "tmp", input).sorted().toList(), sorted(dir), "no output, not even a part file");
        }
    }

    /** sbench {@code args} in {@code dir}, java.io.tmpdir on a tmpfs of {@code bytes} mounted at {@code dir}/tmp for the run. */
    private static Ended withTempDirOf(Path dir, long bytes, String... args) throws Exception {
        try (Tmpfs fs = Tmpfs.mount(Files.createDirectory(dir.resolve("tmp")), bytes);
             ChildSbench sbench = ChildSbench.start(dir, List.of("-Djava.io.tmpdir=" + fs.dir()), args)) {
            int exit = sbench.waitFor();
            return new Ended(exit, sbench.out(), sbench.err(), fs.dir(), StopSignalsChildTest.names(fs.dir()));
        }
    }

    /** What follows a full disk under the sort of {@code trace}. */
    private static String sortHint(Path trace, Path tempDir) {
        return "; sorting " + trace + " spills 48 bytes a record and its process names to the temporary directory " + tempDir
                + ": point TMPDIR at a file system with room\n";
    }

    /** What a full temporary directory under the process names of {@code sbt} tells the user. */
    private static String namesSpillFull(Path sbt, Path tempDir) {
        return "sbench: cannot write the process names of " + sbt + " in " + tempDir + ": No space left on device; writing or"
                + " reading an .sbt trace of many process names spills its table of names (and 16 bytes a name) to the temporary"
                + " directory " + tempDir + ": point TMPDIR at a file system with room\n";
    }

    /** A tracefs trace of {@link #NAMED_IOS} 4 KiB reads, each of its own process of {@link #NAME_BYTES} bytes. */
    private static Path namedTracefs(Path dir) throws IOException {
        Path trace = dir.resolve("named.tracefs");
        try (Writer w = Files.newBufferedWriter(trace, StandardCharsets.US_ASCII)) {
            for (int i = 0; i < NAMED_IOS; i++) {
                writeRead(w, i, i, NAME_BYTES);
            }
        }
        return trace;
    }

    /**
     * A gzipped tracefs trace out of order as {@link StopSignalsChildTest#unsortedTrace} is, far first, each IO of its own
     * process of {@link #SORTED_NAME_BYTES} bytes: its sort spills runs, and each run's table of names spills too.
     */
    private static Path unsortedNamedTracefs(Path dir) throws IOException {
        Path trace = dir.resolve("unsorted.tracefs.gz");
        try (Writer w = new OutputStreamWriter(new GZIPOutputStream(Files.newOutputStream(trace)), StandardCharsets.US_ASCII)) {
            for (int i = 0; i < UNSORTED_NAMED_IOS; i++) {
                writeRead(w, i, StopSignalsChildTest.unsortedSlot(i, true), SORTED_NAME_BYTES);
            }
        }
        return trace;
    }

    /** IO {@code i}, a 4 KiB read at sector 8i issued at {@code slot} in issue order, of a process of its own of {@code nameBytes}. */
    private static void writeRead(Writer w, int i, int slot, int nameBytes) throws IOException {
        String tail = "-" + i;
        String name = "w".repeat(nameBytes - tail.length()) + tail;
        long us = 1_000_000 + 10L * slot;
        w.write(String.format("  fio-4242 [000] ..... %d.%06d: block_rq_issue: 7,0 R 4096 () %d + 8 be,0,4 [%s]%n",
                us / 1_000_000, us % 1_000_000, 8L * i, name));
        w.write(String.format("  kworker/0:1H-90 [000] ..... %d.%06d: block_rq_complete: 7,0 R () %d + 8 be,0,4 [0]%n",
                (us + 5) / 1_000_000, (us + 5) % 1_000_000, 8L * i));
    }

    private static List<String> sorted(Path dir) {
        return StopSignalsChildTest.names(dir).stream().sorted().toList();
    }
}
