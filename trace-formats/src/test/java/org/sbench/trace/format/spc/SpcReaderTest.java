// Tests of the SPC reader and its format detection.
package org.sbench.trace.format.spc;

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

class SpcReaderTest {
    private static final SpcFormat FORMAT = new SpcFormat();

    @TempDir
    Path dir;

    @Test
    void readsEveryRecordInFileOrder() throws Exception {
        List<IoRecord> records = readAll(FORMAT, fixture("spc/Financial-sample.spc"), ReadOptions.DEFAULTS);
        assertEquals(List.of(
                record(0, IoRecord.NO_TIME, 121344L * 512, 4096, Op.WRITE, 0),
                record(13_250_000, IoRecord.NO_TIME, 20480L * 512, 8192, Op.READ, 1),
                record(20_041_000, IoRecord.NO_TIME, 5040L * 512, 512, Op.READ, 0),
                record(4_311_555, IoRecord.NO_TIME, 482113L * 512, 4096, Op.WRITE, 2),
                record(7_000_000_000L, IoRecord.NO_TIME, 0, 1024, Op.WRITE, 4)), records);
    }

    @Test
    void headerLineIsSkipped() throws IOException {
        Path file = write(dir, "ASU,LBA,Size,Opcode,Timestamp\n1,8,512,r,.5\n");
        assertEquals(List.of(record(500_000_000, IoRecord.NO_TIME, 4096, 512, Op.READ, 1)),
                readAll(FORMAT, file, ReadOptions.DEFAULTS));
    }

    @Test
    void infoNamesFormatAndFields() throws Exception {
        ReaderChecks.assertInfo(FORMAT, "spc/Financial-sample.spc", EnumSet.of(Field.STREAM));
    }

    @Test
    void sniffAcceptsOwnSamples() throws Exception {
        assertTrue(FORMAT.sniff(TraceInput.of(fixture("spc/Financial-sample.spc")).head()));
        assertTrue(FORMAT.sniff(head("0,1148560,8192,R,0.000000\n1,3442304,16384,R,0.002119\n2,91136,8192,r,0.004512\n")));
    }

    @Test
    void sniffRejectsOtherFormats() {
        FormatSamples.assertOthersEmptyAndBinaryRejected(FORMAT);
        assertFalse(FORMAT.sniff(head("0,121344,4096,w,0.000000\n0,121344,4096,w,0.1.2\n")), "a later line that is not SPC");
        assertFalse(FORMAT.sniff(head("0,121344,4096,write,0.5\n")), "a word as opcode");
    }

    @Test
    void skipBadSkipsAndCountsUpToTheAllowance() throws IOException {
        ReaderChecks.assertSkipBad(FORMAT, dir, "0,8,4096,r,0.1\n0,8,4096,q,0.2\n0,8,4k,w,0.3\n0,16,4096,w,0.4\n", 16 * 512, 3,
                "expected a size in bytes, found '4k'");
    }

    @Property(tries = 100)
    void writtenLinesReadBack(@ForAll("records") List<IoRecord> expected) throws IOException {
        StringBuilder text = new StringBuilder();
        for (IoRecord r : expected) {
            text.append(r.stream).append(", ").append(r.offsetBytes / Fields.SECTOR_BYTES).append(',')
                    .append(r.lengthBytes).append(',').append(r.op == Op.READ ? 'r' : 'W').append(',')
                    .append(r.issueNs / 1_000_000_000L).append('.')
                    .append(String.format("%09d", r.issueNs % 1_000_000_000L));
            for (int i = 0; i < r.stream % 3; i++) {
                text.append(",extra").append(i);
            }
            text.append('\n');
        }
        assertEquals(expected, ReaderChecks.readText(FORMAT, text));
    }

    @Provide
    Arbitrary<List<IoRecord>> records() {
        return Combinators.combine(Arbitraries.longs().between(0, 1_000_000_000_000_000L),
                        Arbitraries.longs().between(0, 1L << 40), Arbitraries.longs().between(1, 1 << 24),
                        Arbitraries.of(Op.READ, Op.WRITE), Arbitraries.integers().between(0, 100))
                .as((issueNs, sector, length, op, asu) -> record(issueNs, IoRecord.NO_TIME,
                        sector * Fields.SECTOR_BYTES, length, op, asu))
                .list().ofMaxSize(30);
    }

    @Test
    void binaryInputIsRejected() throws IOException {
        ReaderChecks.assertBinaryRejected(FORMAT, dir);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "0,8,4096,r,0.1\n0,12a4,4096,w,0.1\n|:2: expected an LBA in 512-byte sectors, found '12a4'",
        "0,8,4096,r\n|:1: expected 5 fields (ASU,LBA,Size,Opcode,Timestamp), found '0,8,4096,r'",
        "0,8,4096,x,0.1\n|:1: expected an opcode R or W, found 'x'",
        "0,8,4096,rw,0.1\n|:1: expected an opcode R or W, found 'rw'",
        "0,8,4096,r,-0.1\n|:1: expected a timestamp in seconds, found '-0.1'",
        "0,8,4096,r,1e-05\n|:1: expected a timestamp in seconds, found '1e-05'",
        "0,8,4096,r,\n|:1: expected a timestamp in seconds, found ''",
        "0,8,-4096,r,0.1\n|:1: expected a size in bytes, found '-4096'",
        "-1,8,4096,r,0.1\n|:1: expected an ASU number, found '-1'",
        "2147483648,8,4096,r,0.1\n|:1: expected an ASU number below 2^31, found '2147483648'",
        "0,18014398509481984,4096,r,0.1\n|:1: expected an LBA in 512-byte sectors below 2^54, found '18014398509481984'",
        "0,18014398509481983,4096,r,0.1\n|:1: expected an IO that ends below 2^63 bytes, found '0,18014398509481983,4096,r,0.1'",
        "0,8,4096,r,0,001000\n|:1: expected a timestamp in seconds with a decimal point (not a comma), found '0,001000'",
        "0,8,4096,r,0.1\n0, 8, 4096, r, 1, 009, x\n|:2: expected a timestamp in seconds with a decimal point (not a comma), found '1,009'",
    })
    void badLineGivesOneLineMessage(String caseText) throws IOException {
        ReaderChecks.assertBadLine(FORMAT, dir, caseText);
    }

    /**
     * Whole seconds followed by other extra fields are read: only an all-digit field with a leading 0
     * after whole seconds is taken for the fraction of a timestamp written with a decimal comma.
     */
    @Test
    void wholeSecondsBeforeOtherExtraFieldsAreRead() throws IOException {
        Path file = write(dir, "0,8,4096,r,7,12\n0,8,4096,r,7,0\n0,8,4096,r,7,0x1\n0,8,4096,r,7.5,001\n");
        assertEquals(List.of(record(7_000_000_000L, IoRecord.NO_TIME, 4096, 4096, Op.READ, 0),
                record(7_000_000_000L, IoRecord.NO_TIME, 4096, 4096, Op.READ, 0),
                record(7_000_000_000L, IoRecord.NO_TIME, 4096, 4096, Op.READ, 0),
                record(7_500_000_000L, IoRecord.NO_TIME, 4096, 4096, Op.READ, 0)), readAll(FORMAT, file, ReadOptions.DEFAULTS));
    }

    @Test
    void aCutLastLineIsLeftOutAndNamed() throws IOException {
        ReaderChecks.assertCutLastLineLeftOut(FORMAT, dir, "0,8,4096,r,0.1\n0,8,40", 1);
    }
}
