// Tests of the Alibaba reader and its format detection.
package org.sbench.trace.format.alibaba;

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
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.input.TraceInput;

class AlibabaReaderTest {
    private static final AlibabaFormat FORMAT = new AlibabaFormat();

    @TempDir
    Path dir;

    @Test
    void readsEveryRecordInFileOrder() throws Exception {
        List<IoRecord> records = readAll(FORMAT, fixture("alibaba/io_traces-sample.csv"), ReadOptions.DEFAULTS);
        assertEquals(List.of(
                record(1_577_808_012_345_678_000L, IoRecord.NO_TIME, 40960000, 8192, Op.WRITE, 3),
                record(1_577_808_012_346_000_000L, IoRecord.NO_TIME, 1048576, 4096, Op.READ, 0),
                record(1_577_808_012_345_999_000L, IoRecord.NO_TIME, 0, 512, Op.READ, 0),
                record(1_577_808_012_400_000_000L, IoRecord.NO_TIME, 1099511627776L, 131072, Op.WRITE, 12)), records);
    }

    /** Real lines of the published io_traces.csv (provenance in io_traces-published.README.md). */
    @Test
    void readsPublishedLines() throws Exception {
        List<IoRecord> records = readAll(FORMAT, fixture("alibaba/io_traces-published.csv"), ReadOptions.DEFAULTS);
        assertEquals(List.of(
                record(1_577_808_000_000_046_000L, IoRecord.NO_TIME, 126703661056L, 4096, Op.READ, 0),
                record(1_577_808_000_000_426_000L, IoRecord.NO_TIME, 19496058880L, 77824, Op.WRITE, 1),
                record(1_577_808_000_000_494_000L, IoRecord.NO_TIME, 9811763200L, 12288, Op.WRITE, 2),
                record(1_577_808_000_000_553_000L, IoRecord.NO_TIME, 573190144L, 12288, Op.WRITE, 3),
                record(1_577_808_000_000_573_000L, IoRecord.NO_TIME, 4184444928L, 4096, Op.WRITE, 4),
                record(1_577_808_000_000_626_000L, IoRecord.NO_TIME, 126703644672L, 4096, Op.READ, 0),
                record(1_577_808_000_000_809_000L, IoRecord.NO_TIME, 19546832896L, 4096, Op.WRITE, 5)), records);
    }

    @Test
    void headerlessFileReads() throws IOException {
        Path file = write(dir, "5,W,4096,4096,1\n");
        assertEquals(List.of(record(1000, IoRecord.NO_TIME, 4096, 4096, Op.WRITE, 5)), readAll(FORMAT, file, ReadOptions.DEFAULTS));
    }

    @Test
    void infoNamesFormatAndFields() throws Exception {
        ReaderChecks.assertInfo(FORMAT, "alibaba/io_traces-sample.csv", EnumSet.of(Field.STREAM));
    }

    @Test
    void sniffAcceptsOwnSamples() throws Exception {
        assertTrue(FORMAT.sniff(TraceInput.of(fixture("alibaba/io_traces-sample.csv")).head()));
        assertTrue(FORMAT.sniff(head("7,R,2097152,16384,1577808000100000\n9,W,0,4096,1577808000100007\n")));
    }

    @Test
    void sniffRejectsOtherFormats() {
        FormatSamples.assertOthersEmptyAndBinaryRejected(FORMAT);
        assertFalse(FORMAT.sniff(head("device_id,opcode,offset,length,timestamp\n")), "header only");
        assertFalse(FORMAT.sniff(head("7,R,2097152,16384,1577808000100000\n7,R,2097152,16384,1577808000100000,9\n")),
                "a later line that is not Alibaba");
    }

    @Test
    void skipBadSkipsAndCountsUpToTheAllowance() throws IOException {
        ReaderChecks.assertSkipBad(FORMAT, dir, "1,R,0,4096,10\n1,D,0,4096,11\n1,W,0,4k,12\n1,W,8192,4096,13\n", 8192, 3,
                "expected a length in bytes, found '4k'");
    }

    @Property(tries = 100)
    void writtenLinesReadBack(@ForAll("records") List<IoRecord> expected) throws IOException {
        StringBuilder text = new StringBuilder("device_id,opcode,offset,length,timestamp\n");
        for (IoRecord r : expected) {
            text.append(String.join(",", alibabaFields(r))).append('\n');
        }
        assertEquals(expected, ReaderChecks.readText(FORMAT, text));
    }

    /** The usual line is read by the reader's fast path, every other spelling by its general one: both give the same records. */
    @Property(tries = 100)
    void otherSpellingsReadAsTheUsualLine(@ForAll("records") List<IoRecord> records, @ForAll long seed) throws IOException {
        ReaderChecks.assertRespellingsReadTheSame(FORMAT, records.stream().map(AlibabaReaderTest::alibabaFields).toList(), "ncnnn",
                "device_id,opcode,offset,length,timestamp", seed);
    }

    @Test
    void linesAcrossManyBufferFillsReadBack() throws IOException {
        ReaderChecks.assertLinesAcrossBufferFillsReadBack(FORMAT, 20_000,
                random -> record(random.nextLong(9_000_000_000_000_000L) * AlibabaReader.NS_PER_US, IoRecord.NO_TIME,
                        random.nextLong(1L << 50), 1 + random.nextLong(1 << 24), random.nextBoolean() ? Op.READ : Op.WRITE,
                        random.nextInt(Integer.MAX_VALUE)),
                AlibabaReaderTest::alibabaFields);
    }

    /** The five fields of {@code r}'s line, as the published files write them. */
    private static String[] alibabaFields(IoRecord r) {
        return new String[] {Integer.toString(r.stream), String.valueOf(r.op.code()), Long.toString(r.offsetBytes),
            Long.toString(r.lengthBytes), Long.toString(r.issueNs / AlibabaReader.NS_PER_US)};
    }

    @Provide
    Arbitrary<List<IoRecord>> records() {
        return Combinators.combine(Arbitraries.longs().between(0, 9_000_000_000_000_000L),
                        Arbitraries.longs().between(0, 1L << 50), Arbitraries.longs().between(1, 1 << 24),
                        Arbitraries.of(Op.READ, Op.WRITE), Arbitraries.integers().between(0, Integer.MAX_VALUE))
                .as((us, offset, length, op, device) -> record(us * AlibabaReader.NS_PER_US, IoRecord.NO_TIME,
                        offset, length, op, device))
                .list().ofMaxSize(30);
    }

    @Test
    void binaryInputIsRejected() throws IOException {
        ReaderChecks.assertBinaryRejected(FORMAT, dir);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "1,R,0,4096,10\n1,R,0x10,4096,10\n|:2: expected an offset in bytes, found '0x10'",
        "1,R,0,4096\n|:1: expected 5 fields (device_id,opcode,offset,length,timestamp), found '1,R,0,4096'",
        "1,R,0,4096,10,7\n|:1: expected 5 fields (device_id,opcode,offset,length,timestamp), found '1,R,0,4096,10,7'",
        "1,Read,0,4096,10\n|:1: expected an opcode R or W, found 'Read'",
        "1,R,-8,4096,10\n|:1: expected an offset in bytes, found '-8'",
        "1,R,0,4096,-10\n|:1: expected a timestamp in microseconds, found '-10'",
        "1,R,0,4096,1577808000.5\n|:1: expected a timestamp in microseconds, found '1577808000.5'",
        "1,R,0,4096,9223372036854776\n|:1: expected a timestamp in microseconds before the year 2262, found '9223372036854776'",
        "vol7,R,0,4096,10\n|:1: expected a device id, found 'vol7'",
        "2147483648,R,0,4096,10\n|:1: expected a device id below 2^31, found '2147483648'",
    })
    void badLineGivesOneLineMessage(String caseText) throws IOException {
        ReaderChecks.assertBadLine(FORMAT, dir, caseText);
    }

    @Test
    void aCutLastLineIsLeftOutAndNamed() throws IOException {
        ReaderChecks.assertCutLastLineLeftOut(FORMAT, dir, "1,R,0,4096,10\n1,W,0,40", 1);
    }
}
