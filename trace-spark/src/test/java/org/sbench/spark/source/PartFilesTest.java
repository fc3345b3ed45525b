package org.sbench.spark.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;

/**
 * The names Spark (and other writers) give part files, and the file a row's place names: its file's number
 * ({@code part << counterBits | counter}) above 40 bits of its row.
 */
class PartFilesTest {
    private static final String UUID = "ed3c869c-be03-42a8-98e4-0282fcb2e407";

    /** The file and row (from 1) that a bad row at {@code place} is named by. */
    private static String named(PartFiles files, long fileNumber, long row) {
        SbenchException e = assertThrows(SbenchException.class,
                () -> files.rowCheck("t.parquet").requireValue(fileNumber << PartFiles.ROW_BITS | row, true, IoColumn.OFFSET));
        return e.getMessage().substring(0, e.getMessage().indexOf(": expected"));
    }

    @Test
    void filesOfAPartAreNumberedByTheirCounterAfterThePart() {
        String c0 = "part-00000-" + UUID + "-c000.zstd.parquet";
        String c1 = "part-00000-" + UUID + "-c001.zstd.parquet";
        String c2 = "part-00000-" + UUID + "-c002.zstd.parquet";
        String p1 = "part-00001-" + UUID + "-c000.zstd.parquet";
        PartFiles files = PartFiles.of("t.parquet", List.of(p1, c2, "_SUCCESS", ".part-00000.crc", c0, c1, "_sbench-traces.json"));
        // Counters up to 2 take 2 bits: part 0's files are 0 to 2, part 1's from 4.
        assertEquals("t.parquet/" + c0 + ": row 1", named(files, 0, 0));
        assertEquals("t.parquet/" + c1 + ": row 5", named(files, 1, 4));
        assertEquals("t.parquet/" + c2 + ": row 1", named(files, 2, 0));
        assertEquals("t.parquet/" + p1 + ": row 1000", named(files, 4, 999));
    }

    @Test
    void namesWithAndWithoutCountersAndCompressionSuffixesAreReadAsTheirPartAndCounter() {
        List<String> names = List.of("part-00003-" + UUID + "-c001.snappy.parquet", "part-00004-" + UUID + "-c001.parquet",
                "part-00005-" + UUID + "-c001.gz.parquet", "part-00006-" + UUID + "_00002.c001.snappy.parquet", "part-7.parquet",
                "part-00008-" + UUID + ".snappy.parquet");
        PartFiles files = PartFiles.of("t.parquet", names);
        for (int i = 0; i < 4; i++) {
            assertEquals("t.parquet/" + names.get(i) + ": row 1", named(files, (3 + i) << 1 | 1, 0), names.get(i));
        }
        assertEquals("t.parquet/part-7.parquet: row 1", named(files, 7 << 1, 0));
        assertEquals("t.parquet/" + names.get(5) + ": row 1", named(files, 8 << 1, 0));
    }

    /**
     * A row's counter is read from its file's name by the last {@code -cNNN}/{@code .cNNN} before the suffixes: a name
     * with other suffixes before it (not Spark's, but any program may write the table) has that counter here too.
     */
    @Test
    void aCounterAfterOtherSuffixesIsTheOneTheRowsAreReadWith() {
        String c1 = "part-00000-x.y.c001.parquet";
        String c0 = "part-00000-x-c000.parquet";
        PartFiles files = PartFiles.of("t.parquet", List.of(c1, c0));
        assertEquals("t.parquet/" + c0 + ": row 1", named(files, 0, 0));
        assertEquals("t.parquet/" + c1 + ": row 1", named(files, 1, 0));
    }

    @Test
    void aNameThatIsNoPartFilesIsBadInput() {
        SbenchException e = assertThrows(SbenchException.class, () -> PartFiles.of("t.parquet", List.of("notes.txt")));
        assertEquals(ErrorKind.BAD_INPUT, e.kind());
        assertEquals("t.parquet/notes.txt: expected a part file of a Parquet table, part-N-....parquet", e.getMessage());
    }

    /** Spark's append mode adds a second job's files of the same numbers: which rows came first is not known. */
    @Test
    void twoFilesOfOnePartAndCounterAreBadInput() {
        String first = "part-00000-" + UUID + "-c000.snappy.parquet";
        String second = "part-00000-ffffffff-be03-42a8-98e4-0282fcb2e407-c000.snappy.parquet";
        SbenchException e = assertThrows(SbenchException.class, () -> PartFiles.of("t.parquet", List.of(second, first)));
        assertEquals("t.parquet/" + second + ": expected one part file of part 0 and file counter c000, found " + first
                + " too (a table appended to?): the order of their rows is not known", e.getMessage());
    }

    /** 23 bits for part and counter: 2^23 parts of one file each, 2^20 of up to 8 files (c007), and no more. */
    @Test
    void partsAndCountersBeyondTheirBitsAreBadInputNamingTheFile() {
        PartFiles.of("t.parquet", List.of("part-8388607-" + UUID + "-c000.parquet"));
        PartFiles.of("t.parquet", List.of("part-1048575-" + UUID + "-c007.parquet"));
        String big = "part-1048576-" + UUID + "-c000.parquet";
        SbenchException e = assertThrows(SbenchException.class,
                () -> PartFiles.of("t.parquet", List.of(big, "part-00000-" + UUID + "-c007.parquet")));
        assertEquals("t.parquet/" + big + ": expected part numbers below 2^20 with file counters up to c007 (a row's place in file order "
                + "is its part, file counter and row, in 63 bits), found part 1048576, c000", e.getMessage());
        String huge = "part-00000-" + UUID + "-c99999999999999999999.parquet";
        e = assertThrows(SbenchException.class, () -> PartFiles.of("t.parquet", List.of(huge)));
        assertEquals(ErrorKind.BAD_INPUT, e.kind());
    }
}
