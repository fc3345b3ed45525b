// Tests of the Tencent CBS reader and its format detection.
package org.sbench.trace.format.tencent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.sbench.trace.TestRecords.readAll;
import static org.sbench.trace.TestRecords.record;
import static org.sbench.trace.format.FormatSamples.fixture;
import static org.sbench.trace.format.FormatSamples.head;
import static org.sbench.trace.format.FormatSamples.write;

import java.io.IOException;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.sbench.trace.Field;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;
import org.sbench.trace.format.FormatSamples;
import org.sbench.trace.format.ReaderChecks;
import org.sbench.trace.input.Fields;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.input.TraceInput;

class TencentReaderTest {
    private static final TencentFormat FORMAT = new TencentFormat();

    @TempDir
    Path dir;

    @Test
    void readsEveryRecordInFileOrderKeepingSharedTimestamps() throws Exception {
        List<IoRecord> records = readAll(FORMAT, fixture("tencent/cbs-sample.csv"), ReadOptions.DEFAULTS);
        assertEquals(List.of(
                record(1_538_400_000_000_000_000L, IoRecord.NO_TIME, 20971520L * 512, 16 * 512, Op.WRITE, 2301),
                record(1_538_400_000_000_000_000L, IoRecord.NO_TIME, 2048 * 512, 8 * 512, Op.READ, 2301),
                record(1_538_400_000_000_000_000L, IoRecord.NO_TIME, 0, 512, Op.READ, 17),
                record(1_538_400_001_000_000_000L, IoRecord.NO_TIME, 4294967296L * 512, 256 * 512, Op.WRITE, 2301)),
                records);
    }

    @Test
    void headerLineIsSkipped() throws IOException {
        Path file = write(dir, "Timestamp,Offset,Size,IOType,VolumeID\n1538400000,1,1,0,4\n");
        assertEquals(List.of(record(1_538_400_000_000_000_000L, IoRecord.NO_TIME, 512, 512, Op.READ, 4)),
                readAll(FORMAT, file, ReadOptions.DEFAULTS));
    }

    @Test
    void infoNamesFormatAndFields() throws Exception {
        ReaderChecks.assertInfo(FORMAT, "tencent/cbs-sample.csv", EnumSet.of(Field.STREAM));
    }

    @Test
    void sniffAcceptsOwnSamples() throws Exception {
        assertTrue(FORMAT.sniff(TraceInput.of(fixture("tencent/cbs-sample.csv")).head()));
        assertTrue(FORMAT.sniff(head("Timestamp,Offset,Size,IOType,VolumeID\n1539000000,80,8,0,12\n1539000001,88,8,1,12\n")));
    }

    @Test
    void sniffRejectsOtherFormats() {
        FormatSamples.assertOthersEmptyAndBinaryRejected(FORMAT);
        assertFalse(FORMAT.sniff(head("Timestamp,Offset,Size,IOType,VolumeID\n")), "header only");
        // Five-integer CSVs of other tools: ms timestamps, or the op in the last column.
        assertFalse(FORMAT.sniff(head("4851300,1,524288,16,0\n4864300,1,524304,16,0\n")), "short timestamps");
        assertFalse(FORMAT.sniff(head("1538400000,20971520,16,2,2301\n")), "IOType 2");
        assertFalse(FORMAT.sniff(head("1538400000,20971520,16,1,2301\n1538400000,20971520,16,1\n")),
                "a later line that is not Tencent");
    }

    @Test
    void skipBadSkipsAndCountsUpToTheAllowance() throws IOException {
        ReaderChecks.assertSkipBad(FORMAT, dir, "1538400000,0,8,0,1\n1538400000,0,8,3,1\n1538400000,0,4k,1,1\n1538400000,16,8,1,1\n", 16 * 512, 3,
                "expected a size in 512-byte sectors, found '4k'");
    }

    @Property(tries = 100)
    void writtenLinesReadBack(@ForAll("records") List<IoRecord> expected) throws IOException {
        StringBuilder text = new StringBuilder();
        for (IoRecord r : expected) {
            text.append(String.join(",", tencentFields(r))).append('\n');
        }
        assertEquals(expected, ReaderChecks.readText(FORMAT, text));
    }

    /** The usual line is read by the reader's fast path, every other spelling by its general one: both give the same records. */
    @Property(tries = 100)
    void otherSpellingsReadAsTheUsualLine(@ForAll("records") List<IoRecord> records, @ForAll long seed) throws IOException {
        ReaderChecks.assertRespellingsReadTheSame(FORMAT, records.stream().map(TencentReaderTest::tencentFields).toList(), "nnn.n",
                "Timestamp,Offset,Size,IOType,VolumeID", seed);
    }

    @Test
    void linesAcrossManyBufferFillsReadBack() throws IOException {
        ReaderChecks.assertLinesAcrossBufferFillsReadBack(FORMAT, 20_000,
                random -> record(random.nextLong(9_000_000_000L) * TencentReader.NS_PER_SECOND, IoRecord.NO_TIME,
                        random.nextLong(1L << 40) * Fields.SECTOR_BYTES, (1 + random.nextLong(1 << 16)) * Fields.SECTOR_BYTES,
                        random.nextBoolean() ? Op.READ : Op.WRITE, random.nextInt(Integer.MAX_VALUE)),
                TencentReaderTest::tencentFields);
    }

    /** The five fields of {@code r}'s line, as the published files write them. */
    private static String[] tencentFields(IoRecord r) {
        return new String[] {Long.toString(r.issueNs / TencentReader.NS_PER_SECOND), Long.toString(r.offsetBytes / Fields.SECTOR_BYTES),
            Long.toString(r.lengthBytes / Fields.SECTOR_BYTES), r.op == Op.READ ? "0" : "1", Integer.toString(r.stream)};
    }

    @Provide
    Arbitrary<List<IoRecord>> records() {
        return Combinators.combine(Arbitraries.longs().between(0, 9_000_000_000L),
                        Arbitraries.longs().between(0, 1L << 40), Arbitraries.longs().between(1, 1 << 16),
                        Arbitraries.of(Op.READ, Op.WRITE), Arbitraries.integers().between(0, Integer.MAX_VALUE))
                .as((seconds, sector, sectors, op, volume) -> record(seconds * TencentReader.NS_PER_SECOND,
                        IoRecord.NO_TIME, sector * Fields.SECTOR_BYTES, sectors * Fields.SECTOR_BYTES,
                        op, volume))
                .list().ofMaxSize(30);
    }

    @Test
    void binaryInputIsRejected() throws IOException {
        ReaderChecks.assertBinaryRejected(FORMAT, dir);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "1538400000,0,8,0,1\n1538400000,0,8.5,0,1\n|:2: expected a size in 512-byte sectors, found '8.5'",
        "1538400000,0,8,0\n|:1: expected 5 fields (Timestamp,Offset,Size,IOType,VolumeID), found '1538400000,0,8,0'",
        "1538400000,0,8,R,1\n|:1: expected an IOType 0 (read) or 1 (write), found 'R'",
        "1538400000,0,8,01,1\n|:1: expected an IOType 0 (read) or 1 (write), found '01'",
        "1538400000,-8,8,0,1\n|:1: expected an offset in 512-byte sectors, found '-8'",
        "1538400000.25,0,8,0,1\n|:1: expected a timestamp in seconds, found '1538400000.25'",
        "9223372037,0,8,0,1\n|:1: expected a timestamp in seconds before the year 2262, found '9223372037'",
        "1538400000,18014398509481984,8,0,1\n|:1: expected an offset in 512-byte sectors below 2^54, found '18014398509481984'",
        "1538400000,0,8,0,2147483648\n|:1: expected a volume id below 2^31, found '2147483648'",
        "1538400000,0,8,0,vol\n|:1: expected a volume id, found 'vol'",
    })
    void badLineGivesOneLineMessage(String caseText) throws IOException {
        ReaderChecks.assertBadLine(FORMAT, dir, caseText);
    }

    @Test
    void aCutLastLineIsLeftOutAndNamed() throws IOException {
        ReaderChecks.assertCutLastLineLeftOut(FORMAT, dir, "1538400000,0,8,0,1\n1538400000,0,", 1);
    }
}
