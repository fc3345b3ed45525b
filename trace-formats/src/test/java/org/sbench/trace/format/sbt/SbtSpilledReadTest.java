package org.sbench.trace.format.sbt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.trace.sort.SpillSpace;

/** Reading back a spilled process-name table: correct in any order, and without a file read per name in index order. */
class SbtSpilledReadTest {
    private static final int NAMES = 20_000;

    /** Name {@code i}: 120 bytes, as a trace of one process per IO has them. */
    private static String name(int i) {
        String tail = "-" + i;
        return "w".repeat(120 - tail.length()) + tail;
    }

    private static ProcessTable spilledTable(Path dir, NameMemory memory) {
        ProcessTable table = new ProcessTable(SpillSpace.processNames(dir), "t.sbt", memory.tableBytes());
        for (int i = 0; i < NAMES; i++) {
            byte[] utf8 = name(i).getBytes(StandardCharsets.UTF_8);
            table.add(utf8, 0, utf8.length, utf8.length);
        }
        return table;
    }

    /** The names met in the order they were indexed, as a reader meets them in most traces: a read of the file per 50 names at most. */
    @Test
    void namesInIndexOrderTakeFewFileReads(@TempDir Path dir) {
        for (NameMemory memory : new NameMemory[] {NameMemory.TRACE, NameMemory.RUN}) {
            try (ProcessTable table = spilledTable(dir, memory)) {
                ProcessNameCache cache = new ProcessNameCache(table, memory.cachedNames());
                long before = table.fileReads();
                for (int i = 0; i < NAMES; i++) {
                    assertEquals(name(i), cache.name(i));
                    assertEquals(120, cache.length(i));
                }
                long reads = table.fileReads() - before;
                assertTrue(reads <= NAMES / 50 + 4, reads + " file reads for " + NAMES + " names of " + memory);
            }
        }
    }

    /** A name met out of order (a cache miss of names recurring at random) reads its entry and its name only: 2 reads of some 512 bytes, not a buffer each. */
    @Test
    void aNameMetOutOfOrderReadsLittle(@TempDir Path dir) {
        Random rnd = new Random(11);
        try (ProcessTable table = spilledTable(dir, NameMemory.TRACE)) {
            table.name(0);
            long reads = table.fileReads();
            long bytes = table.fileBytesRead();
            for (int k = 0; k < 1_000; k++) {
                int i = 2 + rnd.nextInt(NAMES / 2 - 2) * 2;
                assertEquals(name(i), table.name(i));
                assertEquals(120, table.number(i));
            }
            assertTrue(table.fileReads() - reads <= 2_000, (table.fileReads() - reads) + " file reads for 1,000 names");
            assertTrue(table.fileBytesRead() - bytes <= 1_000 * 4096, (table.fileBytesRead() - bytes) + " bytes read for 1,000 names");
        }
    }

    /** Names met in any order, and after the table is cut back and grown again, read back as they were added. */
    @Test
    void namesInAnyOrderReadBack(@TempDir Path dir) {
        Random rnd = new Random(7);
        try (ProcessTable table = spilledTable(dir, NameMemory.RUN)) {
            for (int k = 0; k < 5_000; k++) {
                int i = rnd.nextInt(NAMES);
                assertEquals(name(i), table.name(i));
                assertEquals(120, table.number(i));
            }
            table.truncate(NAMES / 2);
            byte[] other = "other".getBytes(StandardCharsets.UTF_8);
            for (int i = NAMES / 2; i < NAMES; i++) {
                assertEquals(i, table.add(other, 0, other.length, i));
            }
            for (int k = 0; k < 5_000; k++) {
                int i = rnd.nextInt(NAMES);
                assertEquals(i < NAMES / 2 ? name(i) : "other", table.name(i));
                assertEquals(i < NAMES / 2 ? 120 : i, table.number(i));
            }
        }
    }
}
