package org.sbench.trace.sort;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.trace.Field;
import org.sbench.trace.IoRecord;
import org.sbench.trace.ListReader;
import org.sbench.trace.TestRecords;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.TraceReader;
import org.sbench.trace.input.ReadOptions;

class ExternalSorterTest {
    private static ExternalSorter sorter(List<IoRecord> input, int memory, Path tmp, boolean rereadable) {
        return new ExternalSorter(new ListReader(TraceInfo.of("test", EnumSet.allOf(Field.class)), input), memory, SpillSpace.sorting("test", tmp), rereadable);
    }

    /** Many equal times, to check stability; no completion times. */
    private static void coarsen(List<IoRecord> input) {
        for (IoRecord r : input) {
            r.issueNs /= 1000;
            r.completeNs = IoRecord.NO_TIME;
        }
    }

    private static List<IoRecord> sortedByIssue(List<IoRecord> input) {
        List<IoRecord> sorted = new ArrayList<>(input);
        sorted.sort(Comparator.comparingLong(r -> r.issueNs)); // List.sort is stable
        return sorted;
    }

    /**
     * A directory for one try of a property, under the build directory: a failing try (and jqwik's shrinking runs many)
     * skips its {@code Files.delete}, and what it leaves goes with {@code mvn clean}, not into /tmp.
     */
    private static Path newTempDir() throws IOException {
        Path target = Files.createDirectories(Path.of("target", "sorttest"));
        return Files.createTempDirectory(target, "try");
    }

    private static void assertEmpty(Path dir, String what) throws IOException {
        try (var s = Files.list(dir)) {
            assertEquals(0, s.count(), what);
        }
    }
    @Property(tries = 30)
    void sortsStablyInBoundedMemory(@ForAll long seed, @ForAll @IntRange(min = 0, max = 5000) int n,
                                    @ForAll @IntRange(min = 2, max = 300) int memory) throws IOException {
        List<IoRecord> input = TestRecords.records(seed, n, false);
        coarsen(input);
        List<IoRecord> expected = sortedByIssue(input);
        long expectedReordered = 0;
        long max = Long.MIN_VALUE;
        for (IoRecord r : input) {
            if (r.issueNs < max) {
                expectedReordered++;
            }
            max = Math.max(max, r.issueNs);
        }
        Path tmp = newTempDir();
        try (ExternalSorter sorter = sorter(input, memory, tmp, false)) {
            assertEquals(expected, TestRecords.readAll(sorter));
            assertEquals(expectedReordered, sorter.reorderedRecords());
        }
        assertEmpty(tmp, "temporary runs deleted");
        Files.delete(tmp);
    }

    /**
     * A trace whose records are shuffled within blocks no longer than the sorter holds comes out of
     * a sorter that may not spill sorted and stable, as the spilling one gives it, with nothing
     * written to the temporary directory.
     */
    @Property(tries = 30)
    void disorderWithinTheMemoryStreamsWithoutSpilling(@ForAll long seed, @ForAll @IntRange(min = 0, max = 5000) int n,
                                                       @ForAll @IntRange(min = 2, max = 300) int memory) throws IOException {
        Random random = new Random(seed);
        List<IoRecord> input = TestRecords.records(seed, n, false);
        input.sort(Comparator.comparingLong(r -> r.issueNs));
        coarsen(input);
        int block = 1 + random.nextInt(memory);
        for (int from = 0; from < n; from += block) {
            Collections.shuffle(input.subList(from, Math.min(n, from + block)), random);
        }
        List<IoRecord> expected = sortedByIssue(input);
        Path tmp = newTempDir();
        try (ExternalSorter sorter = sorter(input, memory, tmp, true)) {
            assertEquals(expected, TestRecords.readAll(sorter));
            assertEmpty(tmp, "nothing spilled");
        }
        Files.delete(tmp);
    }

    /** Random order: a sorter that may not spill gives what the spilling one gives, or says the trace is beyond it. */
    @Property(tries = 30)
    void aSorterThatMayNotSpillSortsOrRefuses(@ForAll long seed, @ForAll @IntRange(min = 0, max = 3000) int n,
                                              @ForAll @IntRange(min = 2, max = 300) int memory) throws IOException {
        List<IoRecord> input = TestRecords.records(seed, n, false);
        List<IoRecord> expected = sortedByIssue(input);
        Path tmp = newTempDir();
        try (ExternalSorter sorter = sorter(input, memory, tmp, true)) {
            if (!sortsOrRefuses(sorter, expected)) {
                assertTrue(n > memory, "a trace that fits in memory is sorted there");
            }
        }
        assertEmpty(tmp, "nothing spilled");
        Files.delete(tmp);
    }

    /** True when {@code sorter} gives {@code expected}; false when it refuses the trace, having given records in order. */
    private static boolean sortsOrRefuses(ExternalSorter sorter, List<IoRecord> expected) {
        List<IoRecord> got = new ArrayList<>();
        try {
            IoRecord r = new IoRecord();
            while (sorter.next(r)) {
                got.add(new IoRecord().copyFrom(r));
            }
        } catch (SortWindowExceeded e) {
            for (int i = 1; i < got.size(); i++) {
                assertTrue(got.get(i - 1).issueNs <= got.get(i).issueNs, "what came out before is in order");
            }
            return false;
        }
        assertEquals(expected, got);
        return true;
    }

    @Test
    void aRecordFurtherBackThanTheMemoryHoldsIsRefused(@TempDir Path tmp) {
        List<IoRecord> input = TestRecords.records(3, 100, false);
        input.sort(Comparator.comparingLong(r -> r.issueNs));
        input.add(input.remove(0)); // the earliest record last
        try (ExternalSorter sorter = sorter(input, 50, tmp, true)) {
            SortWindowExceeded e = assertThrows(SortWindowExceeded.class, () -> TestRecords.readAll(sorter));
            assertTrue(e.getMessage().startsWith("record 99 "), e.getMessage());
        }
    }

    /**
     * The earliest record 40 records late: within a memory of 100 records when they share one 256-byte name; refused
     * when each names a process of its own and the memory's bytes hold 20 such records (before: 100 were held whatever
     * their names).
     */
    @Test
    void recordsOfDistinctNamesFillTheMemoryByTheirBytes(@TempDir Path tmp) {
        String shared = "w".repeat(256);
        long bytes = 20 * (ExternalSorter.RECORD_BYTES + WindowNames.cost(shared));
        for (boolean distinct : new boolean[] {false, true}) {
            List<IoRecord> input = TestRecords.records(3, 200, false);
            input.sort(Comparator.comparingLong(r -> r.issueNs));
            input.add(40, input.remove(0));
            for (IoRecord r : input) {
                r.process = distinct ? new String(shared) : shared;
            }
            List<IoRecord> expected = sortedByIssue(input);
            try (ExternalSorter sorter = new ExternalSorter(new ListReader(TraceInfo.of("test", EnumSet.allOf(Field.class)), input),
                    100, bytes, SpillSpace.sorting("test", tmp), true)) {
                if (distinct) {
                    SortWindowExceeded e = assertThrows(SortWindowExceeded.class, () -> TestRecords.readAll(sorter));
                    assertTrue(e.getMessage().startsWith("record 40 "), e.getMessage());
                } else {
                    assertEquals(expected, TestRecords.readAll(sorter));
                }
            }
        }
    }

    /**
     * Records of shared names and of names of their own, in memory bounded by bytes as well as records: sorted and
     * stable, spilled or not, as the number held rises and falls with the names.
     */
    @Property(tries = 30)
    void sortsStablyWithinMemoryBytes(@ForAll long seed, @ForAll @IntRange(min = 0, max = 3000) int n,
                                      @ForAll @IntRange(min = 1, max = 200) int memoryInRecords,
                                      @ForAll boolean rereadable) throws IOException {
        Random random = new Random(seed);
        List<IoRecord> input = TestRecords.records(seed, n, false);
        input.sort(Comparator.comparingLong(r -> r.issueNs));
        coarsen(input);
        for (int from = 0; from < n; from += 10) {
            Collections.shuffle(input.subList(from, Math.min(n, from + 10)), random);
        }
        for (IoRecord r : input) {
            if (random.nextInt(4) == 0) {
                r.process = "p" + random.nextInt(1000) + "x".repeat(random.nextInt(256 - 4));
            }
        }
        List<IoRecord> expected = sortedByIssue(input);
        Path tmp = newTempDir();
        try (ExternalSorter sorter = new ExternalSorter(new ListReader(TraceInfo.of("test", EnumSet.allOf(Field.class)), input),
                300, (long) memoryInRecords * ExternalSorter.RECORD_BYTES, SpillSpace.sorting("test", tmp), rereadable)) {
            if (!sortsOrRefuses(sorter, expected)) {
                assertTrue(rereadable, "a spilling sorter sorts whatever it holds");
            }
        }
        assertEmpty(tmp, "temporary runs deleted");
        Files.delete(tmp);
    }

    /**
     * A run that cannot be opened for the merge (out of descriptors: 16 allowed, 16 runs) fails the
     * sort without holding the runs opened before it: held, they kept the directory from being listed
     * and deleted (181 MB left in /tmp).
     */
    @Test
    void aRunThatCannotBeOpenedLeavesNoneOpen(@TempDir Path tmp) throws IOException {
        List<IoRecord> input = TestRecords.records(5, 400, false);
        input.sort(Comparator.comparingLong((IoRecord r) -> r.issueNs).reversed());
        ListReader list = new ListReader(TraceInfo.of("test", EnumSet.allOf(Field.class)), input);
        TraceReader source = new TraceReader() {
            @Override
            public TraceInfo info() {
                return list.info();
            }

            @Override
            public boolean next(IoRecord into) {
                boolean more = list.next(into);
                if (!more) {
                    try (var runs = Files.walk(tmp)) {
                        // A run already written (runs are written behind), after run-0 which opens before it, is taken away.
                        List<Path> all = runs.toList();
                        Files.delete(all.stream().filter(p -> p.getFileName().toString().matches("run-[1-9][0-9]*\\.sbt")).findFirst()
                                .orElseThrow(() -> new IllegalStateException(all.toString())));
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                }
                return more;
            }

            @Override
            public void close() {
                list.close();
            }
        };
        try (ExternalSorter sorter = new ExternalSorter(source, 100, SpillSpace.sorting("test", tmp), false)) {
            RuntimeException e = assertThrows(RuntimeException.class, () -> TestRecords.readAll(sorter));
            assertTrue(e.getMessage().matches(".*run-[1-9][0-9]*\\.sbt.*"), e.toString());
            try (var fds = Files.list(Path.of("/proc/self/fd"))) {
                long held = fds.filter(fd -> {
                    try {
                        return Files.readSymbolicLink(fd).startsWith(tmp);
                    } catch (IOException gone) {
                        return false;
                    }
                }).count();
                assertEquals(0, held, "descriptors of runs in " + tmp);
            }
        }
        assertEmpty(tmp, "the run directory is gone");
    }

    /**
     * A few records at the CLI's default memory hold a few entries, not the 262,144 the memory
     * allows: sbench-spark sorts each volume of an archive with a sorter of its own (before: 6 MB
     * allocated per sorter, whatever it held).
     */
    @Test
    void aShortTraceAllocatesForItsRecordsNotTheWholeMemory(@TempDir Path tmp) {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        assumeTrue(threads.isThreadAllocatedMemorySupported() && threads.isThreadAllocatedMemoryEnabled());
        List<IoRecord> input = TestRecords.records(5, 3, false);
        List<IoRecord> expected = sortedByIssue(input);
        sortAll(input, tmp); // loads the classes, whose loading allocates too
        long before = threads.getCurrentThreadAllocatedBytes();
        List<IoRecord> got = sortAll(input, tmp);
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;
        assertEquals(expected, got);
        assertTrue(allocated < 256 * 1024, "bytes allocated sorting 3 records: " + allocated);
    }

    private static List<IoRecord> sortAll(List<IoRecord> input, Path tmp) {
        try (ExternalSorter sorter = sorter(input, ReadOptions.DEFAULT_SORT_MEMORY_RECORDS, tmp, false)) {
            return TestRecords.readAll(sorter);
        }
    }

    @Property(tries = 5)
    void manyRunsMergeInSeveralPasses(@ForAll long seed) throws IOException {
        List<IoRecord> input = TestRecords.records(seed, 3000, false);
        List<IoRecord> expected = sortedByIssue(input);
        Path tmp = newTempDir();
        try (ExternalSorter sorter = sorter(input, 4, tmp, false)) {
            assertEquals(expected, TestRecords.readAll(sorter));
        }
        Files.delete(tmp);
    }
    /**
     * 64 runs of 2,048 records, each naming a 256-byte process of its own, merged by a JVM of 32 MiB of heap: each of the
     * 64 run readers kept its run's 2,048 names in memory (a 1 MiB array), as many Strings and 320 KiB of buffers, some
     * 2 MB, so the merge ran out of memory opening them; with the sort's small name memory and buffers they keep some
     * 220 KiB each (the merge passes at 16 MiB).
     */
    @Test
    void sixtyFourRunsOfDistinctNamesMergeInASmallHeap(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("child.out");
        List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx32m",
                "-XX:+UseSerialGC", "-Djava.io.tmpdir=" + tmp, "-cp", System.getProperty("java.class.path"),
                SmallHeapMerge.class.getName(), tmp.toString(), Integer.toString(ExternalSorter.MAX_FAN_IN), "2048");
        Process child = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile()).start();
        try {
            assertTrue(child.waitFor(10, TimeUnit.MINUTES), "the merge did not end");
            assertEquals(0, child.exitValue(), Files.readString(out));
        } finally {
            child.destroyForcibly();
        }
        Files.delete(out);
        assertEmpty(tmp, "runs and spilled names deleted");
    }
}
