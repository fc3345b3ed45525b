package org.sbench.spark.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.FileSystem;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.SbenchException;
import org.sbench.spark.LocalSpark;
import org.sbench.spark.LocalSparkTest;
import org.sbench.spark.MultiVolumeTraces;
import org.sbench.trace.IoRecord;
import org.sbench.trace.TraceReader;
import org.sbench.trace.convert.ConvertSettings;
import org.sbench.trace.convert.TraceConverter;
import org.sbench.trace.format.TraceFormats;
import org.sbench.trace.input.LineCursor;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.input.TraceInput;

/** The "sbench" source gives the format readers' records as rows, in file order, however it splits. */
class SbenchDataSourceTest extends LocalSparkTest {
    /** The .sbt layout (docs/trace-formats.md): the u32 records offset in the header, 48-byte records, the i64 offset at 16. */
    private static final int SBT_RECORDS_OFFSET_AT = 12;
    private static final int SBT_RECORD_BYTES = 48;
    private static final int SBT_REC_OFFSET = 16;

    @TempDir
    static Path dir;

    /** The rows the reader of {@code file} gives, as the source should give them. */
    private static List<Row> readerRows(Path file) {
        List<Row> rows = new ArrayList<>();
        TraceFormats formats = TraceFormats.standard();
        TraceInput input = TraceInput.of(file);
        try (TraceReader r = formats.detect(input).openReader(input, ReadOptions.DEFAULTS)) {
            IoRecord rec = new IoRecord();
            while (r.next(rec)) {
                rows.add(RowFactory.create(file.toString(), rec.stream == IoRecord.NO_STREAM ? null : rec.stream, rec.issueNs,
                        rec.hasComplete() ? rec.completeNs : null, rec.offsetBytes, rec.lengthBytes, String.valueOf(rec.op.code()),
                        rec.process, rec.qd == IoRecord.NO_QD ? null : rec.qd));
            }
        }
        return rows;
    }

    @Test
    void rowsAreTheReadersRecordsInFileOrderOnTheSourcesClock() {
        Path msr = LocalSpark.fixture("msr", "hm_1.csv");
        Dataset<Row> rows = spark.read().format("sbench").load(msr.toString());
        assertEquals(IoColumn.SCHEMA, rows.schema());
        List<Row> got = rows.collectAsList();
        assertEquals(readerRows(msr), got);
        assertEquals(RowFactory.create(msr.toString(), 1, 1_172_166_400_000_000_000L, 1_172_166_400_000_892_100L, 3_154_137_088L,
                4096L, "R", null, null), got.get(0));
    }

    @Test
    void anyCutGivesTheSameRowsInTheSameOrderAndPrunedColumnsWork() throws IOException {
        Path file = MultiVolumeTraces.write(dir.resolve("cut.csv"), MultiVolumeTraces.alibaba(3, 600, 4));
        List<Row> expected = readerRows(file);
        for (long split : new long[] {1 << 20, 4096, 1500}) {
            Dataset<Row> rows = spark.read().format("sbench").option("splitBytes", split).load(file.toString());
            assertEquals(expected, rows.collectAsList(), "splitBytes " + split);
            assertTrue(split > Files.size(file) || rows.rdd().getNumPartitions() > 1);
        }
        Row first = spark.read().format("sbench").option("splitBytes", 1500).load(file.toString()).select("op", "issue_ns").first();
        assertEquals(expected.get(0).get(6), first.get(0));
        assertEquals(expected.get(0).get(2), first.get(1));
    }

    @Test
    void everyFileOfSeveralPathsAndDirectoriesOnce() throws IOException {
        Path a = MultiVolumeTraces.write(Files.createDirectories(dir.resolve("arch")).resolve("a.csv"), MultiVolumeTraces.msr(1, 50, 2));
        Path b = MultiVolumeTraces.write(dir.resolve("arch").resolve("b.csv"), MultiVolumeTraces.msr(2, 60, 2));
        Files.writeString(dir.resolve("arch").resolve("_SUCCESS"), "");
        long n = spark.read().format("sbench").load(dir.resolve("arch").toString(), a.toString()).count();
        assertEquals(readerRows(a).size() + readerRows(b).size(), n);
    }

    @Test
    void aBadRecordFailsTheQueryUnlessSkipped() throws IOException {
        Path file = Files.writeString(dir.resolve("bad.csv"), "128166372003061629,hm,1,Read,3154137088,4096,8921\n".repeat(11)
                + "128166372003061630,hm,1,Wrte,3154137088,4096,8921\n");
        Exception e = assertThrows(Exception.class, () -> spark.read().format("sbench").load(file.toString()).count());
        assertEquals(file + ":12: expected Read or Write, found 'Wrte'", BadRecords.sbenchCause(e).getMessage());
        Dataset<Row> skipping = spark.read().format("sbench").option("skipBad", 1).load(file.toString());
        assertEquals(11, skipping.count());
        assertEquals(1, BadRecords.skipped(SbenchTable.of(skipping)));
    }

    /**
     * The split ending a cut file numbered the cut line by reading the file from its start, byte by
     * byte: a second, serial read of the whole file (a 308 MB Alibaba file: 39.7 s instead of 30.2 s).
     */
    @Test
    void aCutLastLineIsNumberedWithoutReadingTheFileAgain() throws IOException {
        List<MultiVolumeTraces.Line> lines = MultiVolumeTraces.alibaba(7, 200_000, 3);
        Path file = MultiVolumeTraces.write(dir.resolve("cut-end.csv"), lines);
        Files.writeString(file, "3,W,4096,4096,15778", java.nio.file.StandardOpenOption.APPEND);
        long size = Files.size(file);
        long before = localBytesRead();
        Dataset<Row> rows = spark.read().format("sbench").option("splitBytes", 1 << 20).load(file.toString());
        assertEquals(lines.size(), rows.count());
        long read = localBytesRead() - before;
        assertEquals(List.of(LineCursor.cutLastLine(file.toString(), lines.size() + 1)), BadRecords.cutLastLines(SbenchTable.of(rows)));
        assertTrue(read >= size && read < size * 3 / 2, read + " bytes read of a file of " + size);
    }

    private static long localBytesRead() {
        long bytes = 0;
        for (FileSystem.Statistics s : FileSystem.getAllStatistics()) {
            if ("file".equals(s.getScheme())) {
                bytes += s.getBytesRead();
            }
        }
        return bytes;
    }

    /** A path was always taken as a glob: a file named with [ ] or { } was "no such file", which sbench reads. */
    @Test
    void aFileNamedWithGlobCharactersIsReadByItsName() throws IOException {
        List<MultiVolumeTraces.Line> lines = MultiVolumeTraces.msr(6, 40, 2);
        for (String name : new String[] {"x[1].csv", "b{a,b}.csv"}) {
            Path file = MultiVolumeTraces.write(dir.resolve(name), lines);
            List<Row> got = spark.read().format("sbench").load(file.toString()).collectAsList();
            assertEquals(readerRows(file), got, name);
        }
    }

    /** Hadoop's local FileSystem opened a file through its checksum file ".NAME.crc", a path it cannot parse when NAME has a colon. */
    @Test
    void aFileNamedWithAColonIsRead() throws IOException {
        Path file = MultiVolumeTraces.write(Files.createDirectories(dir.resolve("colon")).resolve("t-12:00.csv"),
                MultiVolumeTraces.msr(8, 40, 2));
        assertEquals(readerRows(file), spark.read().format("sbench").load(file.toString()).collectAsList());
        assertEquals(40, spark.read().format("sbench").load(file.getParent().toString()).count());
    }

    /** A relative path whose first name holds a colon was taken for a URI of that scheme: an internal error, exit 70. */
    @Test
    void aRelativePathWhoseFirstNameHasAColonIsAFile() throws IOException {
        Path relative = Path.of("sbench-test-12:00");
        try {
            Path file = MultiVolumeTraces.write(Files.createDirectories(relative).resolve("t.csv"), MultiVolumeTraces.msr(9, 30, 2));
            List<Row> rows = spark.read().format("sbench").load(file.toString()).collectAsList();
            assertEquals(30, rows.size());
            assertEquals(file.toString(), rows.get(0).getString(0));
        } finally {
            Files.deleteIfExists(relative.resolve("t.csv"));
            Files.deleteIfExists(relative);
        }
    }

    /** An .sbt record range was read without the allowance: a bad record failed the query whatever skipBad said. */
    @Test
    void aBadSbtRecordIsSkippedWithinTheAllowanceInEverySplit() throws IOException {
        Path csv = MultiVolumeTraces.write(dir.resolve("for-sbt.csv"), MultiVolumeTraces.alibaba(5, 60, 2));
        Path file = dir.resolve("bad.sbt");
        TraceFormats formats = TraceFormats.standard();
        try (TraceReader r = formats.open(csv, null, ReadOptions.DEFAULTS)) {
            TraceConverter.convert(r, formats.byName("sbt"), file, ConvertSettings.ALL);
        }
        byte[] bytes = Files.readAllBytes(file);
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        int badOffsetAt = b.getInt(SBT_RECORDS_OFFSET_AT) + 30 * SBT_RECORD_BYTES + SBT_REC_OFFSET;
        b.putLong(badOffsetAt, -4096);
        Files.write(file, bytes);
        for (long split : new long[] {1 << 20, 500}) {
            Dataset<Row> skipping = spark.read().format("sbench").option("skipBad", 1).option("splitBytes", split).load(file.toString());
            assertEquals(59, skipping.count(), "splitBytes " + split);
            assertEquals(1, BadRecords.skipped(SbenchTable.of(skipping)), "splitBytes " + split);
        }
        Exception e = assertThrows(Exception.class, () -> spark.read().format("sbench").load(file.toString()).count());
        assertTrue(BadRecords.sbenchCause(e).getMessage().startsWith(file + ": byte " + (badOffsetAt - SBT_REC_OFFSET)
                + ": expected a non-negative offset"), BadRecords.sbenchCause(e).getMessage());
    }

    @Test
    void aMissingFileOrUnknownFormatFailsTheLoad() {
        SbenchException missing = assertThrows(SbenchException.class,
                () -> spark.read().format("sbench").load(dir.resolve("none.csv").toString()));
        assertEquals(dir.resolve("none.csv") + ": no such file", missing.getMessage());
        SbenchException from = assertThrows(SbenchException.class,
                () -> spark.read().format("sbench").option("from", "nope").load(LocalSpark.fixture("msr", "hm_1.csv").toString()));
        assertTrue(from.getMessage().startsWith("unknown trace format 'nope'"), from.getMessage());
    }
}
