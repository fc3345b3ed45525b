package org.sbench.trace.format.sbt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.zip.GZIPOutputStream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.trace.IoRecord;
import org.sbench.trace.PhaseMarker;
import org.sbench.trace.TestRecords;
import org.sbench.trace.TraceReader;
import org.sbench.trace.input.AtomicFileOutput;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.input.TraceInput;
import org.sbench.trace.sort.SpillSpace;

/** The process-name table of .sbt past what its writer and reader keep in memory: spilled, deduplicated in bounds, cut back. */
class SbtProcessTableTest {
    /**
     * Names of up to 256 bytes (some repeated, some met once) with a writer and a reader keeping {@code memoryBytes} of
     * them in memory and the rest in a temporary file, the writer the indexes of {@code indexed} names, the reader
     * 2^{@code cacheBits} Strings; the trace maybe cut back after {@code cut} records, maybe read compressed. Phases and metadata added late read back as well.
     */
    @Property(tries = 40)
    void namesReadBackWhereverTheTableIsKept(@ForAll long seed, @ForAll @IntRange(min = 0, max = 3000) int count,
            @ForAll @IntRange(min = 1, max = 3000) int distinct, @ForAll @IntRange(min = 16, max = 20_000) int memoryBytes,
            @ForAll @IntRange(min = 1, max = 4000) int indexed, @ForAll @IntRange(min = 0, max = 12) int cacheBits,
            @ForAll @IntRange(min = 0, max = 3000) int cut, @ForAll boolean compressed) throws IOException {
        NameMemory memory = new NameMemory(memoryBytes, indexed, 1 << cacheBits);
        Path dir = Files.createTempDirectory("sbt-names");
        try {
            Random rnd = new Random(seed);
            List<IoRecord> records = TestRecords.records(seed, count, true);
            for (IoRecord r : records) {
                r.process = rnd.nextInt(5) == 0 ? null : name(rnd.nextInt(distinct), rnd);
            }
            Path file = dir.resolve("t.sbt");
            int kept = Math.min(cut, count);
            try (SbtWriter w = new SbtWriter(new AtomicFileOutput(file), TestRecords.info(), SpillSpace.processNames(dir), memory)) {
                long digest = 0;
                for (int i = 0; i < count; i++) {
                    if (i == kept) {
                        digest = w.digest();
                    }
                    w.write(records.get(i));
                }
                if (kept < count) {
                    w.cutTo(kept, digest, (offset, length) -> { });
                }
                w.addPhase(new PhaseMarker("late", 7));
                w.putMetadata("late", "yes");
                w.finish();
            }
            Path read = compressed ? gzip(file) : file;
            try (TraceReader r = new SbtReader(TraceInput.of(read), ReadOptions.DEFAULTS, SbtReader.MIN_BUFFER_BYTES, 0, Long.MAX_VALUE,
                    SpillSpace.processNames(dir), memory, true)) {
                assertEquals(records.subList(0, kept), TestRecords.readAll(r));
                assertEquals("yes", r.info().metadata().get("late"));
                assertEquals(List.of(new PhaseMarker("boot", 0), new PhaseMarker("late", 7), new PhaseMarker("photo edit", 5_000_000)),
                        r.info().phases());
            }
            try (var s = Files.list(dir)) {
                assertEquals(compressed ? List.of(file, read) : List.of(file), s.sorted().toList(), "no temporary file left");
            }
        } finally {
            try (var s = Files.list(dir)) {
                for (Path p : (Iterable<Path>) s::iterator) {
                    Files.delete(p);
                }
            }
            Files.delete(dir);
        }
    }

    /** Name {@code i}: 1 to 256 bytes, two of them per char past ASCII, its length drawn from {@code rnd}. */
    private static String name(int i, Random rnd) {
        String tail = "-" + i;
        int bytes = tail.length() + rnd.nextInt(257 - tail.length());
        return "ü".repeat((bytes - tail.length()) / 2) + "p".repeat((bytes - tail.length()) % 2) + tail;
    }

    private static Path gzip(Path file) throws IOException {
        Path gz = file.resolveSibling(file.getFileName() + ".gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gz))) {
            Files.copy(file, out);
        }
        return gz;
    }

    /**
     * The writer keeps the indexes of the last {@link NameMemory#indexedNames()} names (of a trace's {@link NameMemory#TRACE}): that many names met in turn are
     * each stored once; one more, and each is dropped before it comes back and stored again, under a new index. Both
     * read back.
     */
    @Test
    void namesBeyondTheIndexedAreStoredAgainWhenMetAgain(@TempDir Path dir) throws IOException {
        for (int distinct : new int[] {NameMemory.TRACE.indexedNames(), NameMemory.TRACE.indexedNames() + 1}) {
            List<IoRecord> records = new ArrayList<>();
            for (int i = 0; i < 2 * distinct; i++) {
                IoRecord r = TestRecords.record(i, i + 1, 4096L * i, 4096, org.sbench.trace.Op.READ, 0, "process " + i % distinct);
                records.add(r);
            }
            Path file = SbtRoundTripTest.write(dir.resolve(distinct + ".sbt"), records);
            assertEquals(distinct == NameMemory.TRACE.indexedNames() ? distinct : 2 * distinct, processCount(file));
            assertEquals(records, TestRecords.readAll(new SbtFormat(), file, ReadOptions.DEFAULTS));
        }
    }

    /** A temporary directory that cannot take the names fails the writer in one line naming both, and leaves no output. */
    @Test
    void aTemporaryDirectoryThatCannotTakeTheNamesIsOneLine(@TempDir Path dir) {
        Path missing = dir.resolve("gone");
        Path file = dir.resolve("t.sbt");
        IoRecord r = TestRecords.record(0, 1, 0, 4096, org.sbench.trace.Op.READ, 0, "a name past the 16 bytes kept in memory");
        try (SbtWriter w = new SbtWriter(new AtomicFileOutput(file), TestRecords.info(), SpillSpace.processNames(missing),
                new NameMemory(16, 16, 16))) {
            SbenchException e = assertThrows(SbenchException.class, () -> w.write(r));
            assertEquals(ErrorKind.SYSTEM_FAILURE, e.kind());
            assertTrue(e.getMessage().startsWith("cannot write the process names of " + file + " in " + missing + ": "), e.getMessage());
            assertEquals(1, e.getMessage().lines().count(), e.getMessage());
        }
        assertFalse(Files.exists(file));
    }

    /**
     * A name the table cannot take leaves the writer as it was, as the recorder needs of a full temporary directory (it
     * ends the trace there and finishes it): here the name's entry fits in memory and its bytes do not, and the
     * directory is missing. The records before and after read back under their names.
     */
    @Test
    void aNameTheTableCannotTakeLeavesTheTraceReadable(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("t.sbt");
        IoRecord before = TestRecords.record(0, 1, 0, 4096, org.sbench.trace.Op.READ, 0, "first");
        IoRecord refused = TestRecords.record(1, 2, 4096, 4096, org.sbench.trace.Op.READ, 0, "n".repeat(250));
        IoRecord after = TestRecords.record(2, 3, 8192, 4096, org.sbench.trace.Op.READ, 0, "first");
        try (SbtWriter w = new SbtWriter(new AtomicFileOutput(file), TestRecords.info(), SpillSpace.processNames(dir.resolve("gone")),
                new NameMemory(256, NameMemory.TRACE.indexedNames(), NameMemory.TRACE.cachedNames()))) {
            w.write(before);
            assertThrows(SbenchException.class, () -> w.write(refused));
            w.write(after);
            w.finish();
        }
        assertEquals(List.of(before, after), TestRecords.readAll(new SbtFormat(), file, ReadOptions.DEFAULTS));
    }

    /**
     * Written to standard output ({@code convert ... -}), a failure of the names' spill named the output "-": "cannot write the
     * process names of - in DIR", where other messages about it say "standard output".
     */
    @Test
    void namesOfStandardOutputThatCannotSpillAreSaidToBeIts(@TempDir Path dir) {
        Path gone = dir.resolve("gone");
        try (SbtWriter w = new SbtWriter(new AtomicFileOutput(Path.of("-")), TestRecords.info(), SpillSpace.processNames(gone),
                new NameMemory(256, NameMemory.TRACE.indexedNames(), NameMemory.TRACE.cachedNames()))) {
            w.write(TestRecords.record(0, 1, 0, 4096, org.sbench.trace.Op.READ, 0, "first"));
            SbenchException e = assertThrows(SbenchException.class,
                    () -> w.write(TestRecords.record(1, 2, 0, 4096, org.sbench.trace.Op.READ, 0, "n".repeat(250))));
            assertEquals("cannot write the process names of standard output in " + gone + ": no such file", e.getMessage());
        }
    }

    /** The count of names in the trailer of {@code file}. */
    private static long processCount(Path file) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.LITTLE_ENDIAN);
        return b.getInt((int) b.getLong(SbtLayout.POS_TRAILER_OFFSET)) & 0xffffffffL;
    }
}
