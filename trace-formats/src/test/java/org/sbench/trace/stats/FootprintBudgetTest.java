package org.sbench.trace.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;
import net.jqwik.api.statistics.StatisticsReport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.SbenchException;
import org.sbench.trace.Field;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.TraceReader;

/** The footprint within a memory budget: exact past it (spilled, sorted, swept), and no temporary file left behind. */
class FootprintBudgetTest {
    private static final long BLOCK = 4096;
    private static final long REGION_BLOCKS = 1 << 15;
    private static final long SMALL = BlockFootprint.MIN_BUDGET_BYTES;

    @TempDir
    Path tempDir;

    /** Random IOs of 1 B to 12 KiB anywhere below 2^62: each in a region of its own. */
    @Test
    void scatteredIosAreCountedExactlyPastTheBudget() throws IOException {
        Random rnd = new Random(62);
        Set<List<Long>> blocks = new HashSet<>();
        List<long[]> ios = new ArrayList<>();
        try (BlockFootprint f = new BlockFootprint(SMALL, tempDir)) {
            for (int i = 0; i < 20_000; i++) {
                long offset = rnd.nextLong() >>> 2;
                long length = 1 + rnd.nextInt(3 * (int) BLOCK);
                f.add(0, offset, length);
                addBlocks(blocks, 0, offset, length);
                ios.add(new long[] {offset, length});
            }
            assertFalse(files(tempDir).isEmpty(), "spilled");
            assertEquals(blocks.size(), f.distinctBlocks());
            // Counted again after more IOs: the earlier ones, nothing new, and some new ones.
            for (int i = 0; i < ios.size(); i += 3) {
                f.add(0, ios.get(i)[0], ios.get(i)[1]);
            }
            for (int i = 0; i < 5_000; i++) {
                long offset = rnd.nextLong() >>> 2;
                f.add(0, offset, BLOCK);
                addBlocks(blocks, 0, offset, BLOCK);
            }
            assertEquals(blocks.size(), f.distinctBlocks());
        }
        assertEquals(List.of(), files(tempDir));
    }

    /** Streams with one IO each, then each again overlapping the first by a block. */
    @Test
    void manyStreamsAreCountedExactlyPastTheBudget() throws IOException {
        Random rnd = new Random(5);
        int streams = 10_000;
        long[] offsets = new long[streams];
        Set<List<Long>> blocks = new HashSet<>();
        try (BlockFootprint f = new BlockFootprint(SMALL, tempDir)) {
            for (int s = 0; s < streams; s++) {
                offsets[s] = (long) rnd.nextInt(1 << 30) * BLOCK;
                f.add(s, offsets[s], 2 * BLOCK);
            }
            assertFalse(files(tempDir).isEmpty(), "spilled");
            for (int s = 0; s < streams; s++) {
                f.add(s, offsets[s] + BLOCK, 2 * BLOCK);
                addBlocks(blocks, s, offsets[s], 3 * BLOCK);
            }
            assertEquals(3L * streams, blocks.size());
            assertEquals(blocks.size(), f.distinctBlocks());
        }
        assertEquals(List.of(), files(tempDir));
    }

    @Test
    void theInspectorCountsManyStreamsPastTheBudget() throws IOException {
        int streams = 20_000;
        List<IoRecord> records = new ArrayList<>();
        for (int s = 0; s < streams; s++) {
            records.add(io(s, s, (long) s << 40, BLOCK));
        }
        TraceStatistics stats = TraceInspector.inspect(new org.sbench.trace.ListReader(info(), records), SequentialWindow.DEFAULT_WINDOW,
                new BlockFootprint(SMALL, tempDir));
        assertEquals(streams, stats.distinct4kBlocks());
        assertEquals(streams, stats.streams().size());
        assertEquals(List.of(), files(tempDir));
    }

    /** A reader failing after the footprint spilled (a bad record): the inspector's error, and the spill deleted. */
    @Test
    void aTraceFailingAfterASpillLeavesNoTemporaryFile() {
        TraceReader failing = new TraceReader() {
            private final Random rnd = new Random(3);
            private int read;

            @Override
            public TraceInfo info() {
                return FootprintBudgetTest.info();
            }

            @Override
            public boolean next(IoRecord into) {
                if (read == 5_000) {
                    assertFalse(files(tempDir).isEmpty(), "spilled");
                    throw SbenchException.badLine("trace.csv", read + 1, "an offset", "x");
                }
                into.copyFrom(io(read, 0, rnd.nextLong() >>> 2, BLOCK));
                read++;
                return true;
            }

            @Override
            public void close() {
            }
        };
        SbenchException e = assertThrows(SbenchException.class,
                () -> TraceInspector.inspect(failing, SequentialWindow.DEFAULT_WINDOW, new BlockFootprint(SMALL, tempDir)));
        assertTrue(e.getMessage().startsWith("trace.csv:5001:"), e.getMessage());
        assertEquals(List.of(), files(tempDir));
    }

    /** A JVM ended by SIGTERM (as by Ctrl-C or kill) while its footprint has spilled: the spill goes with it. */
    @Test
    void anInterruptedJvmLeavesNoTemporaryFile() throws Exception {
        Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), SpillAndWait.class.getName(), tempDir.toString()).redirectErrorStream(true).start();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
            assertEquals("spilled", out.readLine());
            assertFalse(files(tempDir).isEmpty());
            child.destroy();
            assertTrue(child.waitFor(60, TimeUnit.SECONDS), "the child ends on SIGTERM");
            assertEquals(List.of(), files(tempDir));
        } finally {
            child.destroyForcibly();
        }
    }

    /** The child of {@link #anInterruptedJvmLeavesNoTemporaryFile}: spills a footprint into the directory given, says so, and waits. */
    static final class SpillAndWait {
        public static void main(String[] args) throws InterruptedException {
            Path dir = Path.of(args[0]);
            BlockFootprint f = new BlockFootprint(SMALL, dir);
            Random rnd = new Random(9);
            while (files(dir).isEmpty()) {
                f.add(0, rnd.nextLong() >>> 2, BLOCK);
            }
            System.out.println("spilled");
            System.out.flush();
            Thread.sleep(Long.MAX_VALUE);
            f.close();
        }
    }

    @Test
    void aTemporaryDirectoryThatCannotBeMadeIsAnError() throws IOException {
        Path notADirectory = Files.writeString(tempDir.resolve("file"), "");
        try (BlockFootprint f = new BlockFootprint(SMALL, notADirectory)) {
            SbenchException e = assertThrows(SbenchException.class, () -> {
                for (long i = 0; i < 10_000; i++) {
                    f.add(0, i << 30, BLOCK);
                }
            });
            assertEquals("cannot create a temporary directory in " + notADirectory + ": not a directory", e.getMessage());
        }
    }

    /** 40,000 random 4 KiB reads far apart took 4 KiB each (160 MiB) before the budget; now the budget, and the spill's buffer. */
    @Test
    void theHeapHeldStaysWithinTheBudget() {
        long budget = 1 << 20;
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        System.gc();
        long before = memory.getHeapMemoryUsage().getUsed();
        try (BlockFootprint f = new BlockFootprint(budget, tempDir)) {
            Random rnd = new Random(40);
            for (int i = 0; i < 40_000; i++) {
                f.add(0, (rnd.nextLong() >>> 14) * BLOCK, BLOCK);
            }
            System.gc();
            long held = memory.getHeapMemoryUsage().getUsed() - before;
            assertTrue(held < 8 * budget, "held " + held + " bytes");
            assertEquals(40_000, f.distinctBlocks());
        }
    }

    /**
     * Random IOs of up to three streams in two places (the start and the top of 2^62 bytes), most
     * a few blocks and some across regions, counted at random moments and at the end: the count
     * is that of a set of every block, whether the budget makes the footprint spill or not (at
     * least 8 tries each).
     */
    @Property(tries = 40)
    @StatisticsReport(onFailureOnly = true)
    void matchesASetOfEveryBlockWhateverTheBudget(@ForAll long seed, @ForAll("budgets") long budget) throws IOException {
        Random rnd = new Random(seed);
        Path dir = Files.createTempDirectory("footprint-test-");
        try {
            long[] placeBlocks = {0, (1L << 50) - 4 * REGION_BLOCKS};
            int places = placeBlocks.length;
            int streams = 1 + rnd.nextInt(3);
            int span = (int) (3 * REGION_BLOCKS);
            Map<Integer, BitSet> reference = new HashMap<>();
            try (BlockFootprint f = new BlockFootprint(budget, dir)) {
                int n = 100 + rnd.nextInt(3_000);
                for (int i = 0; i < n; i++) {
                    int stream = rnd.nextInt(streams);
                    int place = rnd.nextInt(places);
                    int first = rnd.nextInt(span);
                    int count = Math.min(span - first, rnd.nextInt(50) == 0 ? 1 + rnd.nextInt(span) : 1 + rnd.nextInt(16));
                    // A byte range starting and ending inside blocks touches every block it overlaps.
                    long start = (placeBlocks[place] + first) * BLOCK + rnd.nextInt((int) BLOCK);
                    long end = (placeBlocks[place] + first + count - 1) * BLOCK + 1 + rnd.nextInt((int) BLOCK);
                    if (end <= start) {
                        end = start + 1;
                    }
                    f.add(stream, start, end - start);
                    reference.computeIfAbsent(stream * places + place, k -> new BitSet()).set(first, first + count);
                    if (rnd.nextInt(300) == 0) {
                        assertEquals(cardinality(reference), f.distinctBlocks(), "after IO " + i);
                    }
                }
                Statistics.label("spilled").collect(!files(dir).isEmpty());
                assertEquals(cardinality(reference), f.distinctBlocks());
            }
            assertEquals(List.of(), files(dir));
        } finally {
            Files.deleteIfExists(dir);
        }
        Statistics.label("spilled").coverage(tries -> {
            tries.check(true).count(n -> n >= 8);
            tries.check(false).count(n -> n >= 8);
        });
    }

    @Provide
    Arbitrary<Long> budgets() {
        return Arbitraries.of(SMALL, 24L << 10, 32L << 10, BlockFootprint.MIN_DEFAULT_BUDGET_BYTES);
    }

    private static long cardinality(Map<Integer, BitSet> sets) {
        return sets.values().stream().mapToLong(BitSet::cardinality).sum();
    }

    private static void addBlocks(Set<List<Long>> blocks, int stream, long offset, long length) {
        for (long b = offset / BLOCK; b <= (offset + length - 1) / BLOCK; b++) {
            blocks.add(List.of((long) stream, b));
        }
    }

    private static IoRecord io(long issue, int stream, long offset, long length) {
        IoRecord r = new IoRecord();
        r.issueNs = issue;
        r.op = Op.READ;
        r.stream = stream;
        r.offsetBytes = offset;
        r.lengthBytes = length;
        return r;
    }

    private static TraceInfo info() {
        return TraceInfo.of("test", EnumSet.of(Field.STREAM));
    }

    private static List<Path> files(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.collect(Collectors.toList());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
