// Tests of the SYSTOR '17 reader and its format detection.
package org.sbench.trace.format.systor;

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
import org.sbench.trace.TraceReader;
import org.sbench.trace.format.FormatSamples;
import org.sbench.trace.format.ReaderChecks;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.input.TraceInput;

class SystorReaderTest {
    private static final SystorFormat FORMAT = new SystorFormat();

    @TempDir
    Path dir;

    @Test
    void readsEveryRecordInFileOrderIgnoringUnknownTransactions() throws Exception {
        List<IoRecord> records = readAll(FORMAT, fixture("systor/2016022310-LUN3.csv"), ReadOptions.DEFAULTS);
        assertEquals(List.of(
                record(1_456_200_000_000_125_000L, 1_456_200_000_000_537_000L, 52613349376L, 8192, Op.WRITE, 3),
                record(1_456_200_000_000_130_123L, 1_456_200_000_001_130_123L, 0, 4096, Op.READ, 3),
                record(1_456_200_000_000_160_000L, 1_456_200_000_000_360_000L, 1024, 512, Op.READ, 3),
                record(1_456_203_600_500_000_000L, 1_456_203_600_750_000_000L, 8192, 65536, Op.WRITE, 3)), records);
    }

    @Test
    void unknownTransactionsAreNotBadRecords() throws Exception {
        try (TraceReader reader = FORMAT.openReader(TraceInput.of(fixture("systor/2016022310-LUN3.csv")),
                ReadOptions.DEFAULTS.withSkipBad(10))) {
            assertEquals(4, readAll(reader).size());
            assertEquals(0, reader.skippedRecords());
        }
    }

    @Test
    void headerlessFileReads() throws IOException {
        Path file = write(dir, "1456200000.000000001,0.000000002,W,6,4096,4096\n");
        assertEquals(List.of(record(1_456_200_000_000_000_001L, 1_456_200_000_000_000_003L, 4096, 4096, Op.WRITE, 6)),
                readAll(FORMAT, file, ReadOptions.DEFAULTS));
    }

    @Test
    void infoNamesFormatAndFields() throws Exception {
        ReaderChecks.assertInfo(FORMAT, "systor/2016022310-LUN3.csv", EnumSet.of(Field.COMPLETE, Field.STREAM));
    }

    @Test
    void sniffAcceptsOwnSamples() throws Exception {
        assertTrue(FORMAT.sniff(TraceInput.of(fixture("systor/2016022310-LUN3.csv")).head()));
        assertTrue(FORMAT.sniff(head("1456300000.100000000,0.000300000,R,1,8192,4096\n"
                + "1456300000.100200000,0.000100000,,1,0,512\n1456300000.100400000,0.000150000,W,1,0,512\n")));
    }

    @Test
    void sniffRejectsOtherFormats() {
        FormatSamples.assertOthersEmptyAndBinaryRejected(FORMAT);
        assertFalse(FORMAT.sniff(head("Timestamp,Response,IOType,LUN,Offset,Size\n")), "header only");
        assertFalse(FORMAT.sniff(head("1456300000,0.0003,R,1,8192,4096\n")), "integer timestamp");
        assertFalse(FORMAT.sniff(head("1456300000.1,,R,1,8192,4096\n")), "a read without response");
        assertFalse(FORMAT.sniff(head("1456300000.1,0.1,R,1,8192,4096\n1456300000.1,0.1,T,1,8192,4096\n")),
                "a later line that is not SYSTOR");
    }

    @Test
    void skipBadSkipsAndCountsUpToTheAllowance() throws IOException {
        ReaderChecks.assertSkipBad(FORMAT, dir, "Timestamp,Response,IOType,LUN,Offset,Size\n1.0,0.1,R,0,0,4096\n2.0,0.1,X,0,0,4096\n"
                + "3.0,0.1,W,0,0,4k\n4.0,0.1,W,0,8192,4096\n", 8192, 4,
                "expected a size in bytes, found '4k'");
    }

    @Property(tries = 100)
    void writtenLinesReadBack(@ForAll("records") List<IoRecord> expected) throws IOException {
        StringBuilder text = new StringBuilder("Timestamp,Response,IOType,LUN,Offset,Size\n");
        for (IoRecord r : expected) {
            text.append(seconds(r.issueNs)).append(',').append(seconds(r.completeNs - r.issueNs)).append(',')
                    .append(r.op.code()).append(',').append(r.stream).append(',').append(r.offsetBytes).append(',')
                    .append(r.lengthBytes).append('\n');
            if (r.stream % 2 == 1) {
                text.append(seconds(r.issueNs)).append(",,,").append(r.stream).append(",0,0\n");
            }
        }
        assertEquals(expected, ReaderChecks.readText(FORMAT, text));
    }

    @Provide
    Arbitrary<List<IoRecord>> records() {
        return Combinators.combine(Arbitraries.longs().between(0, 4_000_000_000_000_000_000L),
                        Arbitraries.longs().between(0, 10_000_000_000L), Arbitraries.longs().between(0, 1L << 50),
                        Arbitraries.longs().between(1, 1 << 24), Arbitraries.of(Op.READ, Op.WRITE),
                        Arbitraries.integers().between(0, 6))
                .as((issueNs, responseNs, offset, length, op, lun) -> record(issueNs, issueNs + responseNs,
                        offset, length, op, lun))
                .list().ofMaxSize(30);
    }

    private static String seconds(long ns) {
        return ns / 1_000_000_000L + "." + String.format("%09d", ns % 1_000_000_000L);
    }

    @Test
    void binaryInputIsRejected() throws IOException {
        ReaderChecks.assertBinaryRejected(FORMAT, dir);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "1.0,0.1,R,0,0,4096\n2.0,0.1,R,0,4k,4096\n|:2: expected an offset in bytes, found '4k'",
        "1.0,0.1,R,0,0\n|:1: expected 6 fields (Timestamp,Response,IOType,LUN,Offset,Size), found '1.0,0.1,R,0,0'",
        "1.0,,,0,0\n|:1: expected 6 fields (Timestamp,Response,IOType,LUN,Offset,Size), found '1.0,,,0,0'",
        "1.0,0.1,D,0,0,4096\n|:1: expected an IOType R, W or blank, found 'D'",
        "1.0,0.1,Read,0,0,4096\n|:1: expected an IOType R, W or blank, found 'Read'",
        "1.0,,R,0,0,4096\n|:1: expected a response time in seconds, found ''",
        "1.0,-0.1,R,0,0,4096\n|:1: expected a response time in seconds, found '-0.1'",
        "1.0,0.1,R,0,-512,4096\n|:1: expected an offset in bytes, found '-512'",
        "1.0e9,0.1,R,0,0,4096\n|:1: expected a Unix timestamp in seconds, found '1.0e9'",
        "9000000000.0,300000000,R,0,0,4096\n|:1: expected a response time that ends before the year 2262, found '300000000'",
        "1.0,0.1,R,2147483648,0,4096\n|:1: expected a LUN number below 2^31, found '2147483648'",
        "1.0,0.1,R,0,9223372036854775000,4096\n|:1: expected an IO that ends below 2^63 bytes, found '1.0,0.1,R,0,9223372036854775000,4096'",
    })
    void badLineGivesOneLineMessage(String caseText) throws IOException {
        ReaderChecks.assertBadLine(FORMAT, dir, caseText);
    }

    @Test
    void aCutLastLineIsLeftOutAndNamed() throws IOException {
        ReaderChecks.assertCutLastLineLeftOut(FORMAT, dir, "1.0,0.1,R,0,0,4096\n2.0,0.1,W,0", 1);
    }
}
