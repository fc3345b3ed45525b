// Tests of the MSR Cambridge reader and its format detection.
package org.sbench.trace.format.msr;

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

class MsrReaderTest {
    private static final MsrFormat FORMAT = new MsrFormat();

    @TempDir
    Path dir;

    @Test
    void readsEveryRecordInFileOrder() throws Exception {
        List<IoRecord> records = readAll(FORMAT, fixture("msr/hm_1.csv"), ReadOptions.DEFAULTS);
        assertEquals(List.of(
                record(1172166400000000000L, 1172166400000892100L, 3154137088L, 4096, Op.READ, 1),
                record(1172166399987654300L, 1172166399999699600L, 0, 65536, Op.WRITE, 0),
                record(1172166401234567800L, 1172166401234567800L, 8589934592000L, 512, Op.WRITE, 2),
                record(1172166401234567800L, 1172166401234567900L, 4096, 8192, Op.READ, 1)), records);
    }

    @Test
    void infoNamesFormatAndFields() throws Exception {
        ReaderChecks.assertInfo(FORMAT, "msr/hm_1.csv", EnumSet.of(Field.COMPLETE, Field.STREAM));
    }

    @Test
    void sniffAcceptsOwnSamples() throws Exception {
        assertTrue(FORMAT.sniff(TraceInput.of(fixture("msr/hm_1.csv")).head()));
        assertTrue(FORMAT.sniff(head("128166400000000000,prxy,0,Write,1024,4096,300\n128166400000000100,prxy,0,Read,0,512,20\n")));
    }

    @Test
    void sniffRejectsOtherFormats() {
        FormatSamples.assertOthersEmptyAndBinaryRejected(FORMAT);
        assertFalse(FORMAT.sniff(head("Timestamp,Hostname,DiskNumber,Type,Offset,Size,ResponseTime\n")), "header only");
        assertFalse(FORMAT.sniff(head("128166400000000000,hm,1,Read,0,4096,10\n128166400000000001,hm,1,Trim,0,4096,10\n")),
                "a later line that is not MSR");
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "128166400000000000,hm,1,Read,0,4096,8\n128166400000000001,hm,1,Read,4096,x4096,8\n"
                + "|:2: expected a size in bytes, found 'x4096'",
        "128166400000000000,hm,1,Read,0,4096\n"
                + "|:1: expected 7 fields (Timestamp,Hostname,DiskNumber,Type,Offset,Size,ResponseTime), found '128166400000000000,hm,1,Read,0,4096'",
        "128166400000000000,hm,1,Read,0,4096,8,9\n"
                + "|:1: expected 7 fields (Timestamp,Hostname,DiskNumber,Type,Offset,Size,ResponseTime), found '128166400000000000,hm,1,Read,0,4096,8,9'",
        "128166400000000000,hm,1,Flush,0,4096,8\n|:1: expected Read or Write, found 'Flush'",
        "128166400000000000,hm,1,Write,-512,4096,8\n|:1: expected an offset in bytes, found '-512'",
        "128166400000000000,hm,-1,Write,0,4096,8\n|:1: expected a disk number, found '-1'",
        "128166400000000000,hm,4294967296,Write,0,4096,8\n|:1: expected a disk number below 2^31, found '4294967296'",
        "12.5,hm,1,Write,0,4096,8\n|:1: expected a Windows FILETIME timestamp (100 ns ticks since 1601), found '12.5'",
        "1000,hm,1,Write,0,4096,8\n|:1: expected a Windows FILETIME timestamp between the years 1678 and 2262, found '1000'",
        "128166400000000000,hm,1,Write,0,4096,99999999999999999\n"
                + "|:1: expected a response time that ends before the year 2262, found '99999999999999999'",
        "128166400000000000,hm,1,Write,9223372036854775000,4096,8\n"
                + "|:1: expected an IO that ends below 2^63 bytes, found '128166400000000000,hm,1,Write,9223372036854775000,4096,8'",
        "hostname,hm,1,Write,0,4096,8\n|:1: expected a Windows FILETIME timestamp (100 ns ticks since 1601), found 'hostname'",
    })
    void badLineGivesOneLineMessage(String caseText) throws IOException {
        ReaderChecks.assertBadLine(FORMAT, dir, caseText);
    }

    @Test
    void aCutLastLineIsLeftOutAndNamed() throws IOException {
        ReaderChecks.assertCutLastLineLeftOut(FORMAT, dir, "128166400000000000,hm,1,Read,0,4096,8\n128166400000000000,hm,1,Re", 1);
    }

    @Test
    void binaryInputIsRejected() throws IOException {
        ReaderChecks.assertBinaryRejected(FORMAT, dir);
    }

    @Test
    void skipBadSkipsAndCountsUpToTheAllowance() throws IOException {
        ReaderChecks.assertSkipBad(FORMAT, dir, "128166400000000000,hm,1,Read,0,4096,8\n"
                + "128166400000000001,hm,1,Oops,0,4096,8\n"
                + "128166400000000002,hm,1,Write,0,4k,8\n"
                + "128166400000000003,hm,1,Write,512,512,8\n", 512, 3,
                "expected a size in bytes, found '4k'");
    }


    @Property(tries = 100)
    void writtenLinesReadBack(@ForAll("records") List<IoRecord> expected) throws IOException {
        StringBuilder text = new StringBuilder();
        for (IoRecord r : expected) {
            text.append(String.join(",", msrFields(r))).append('\n');
        }
        assertEquals(expected, ReaderChecks.readText(FORMAT, text));
    }

    /** The usual line is read by the reader's fast path, every other spelling by its general one: both give the same records. */
    @Property(tries = 100)
    void otherSpellingsReadAsTheUsualLine(@ForAll("records") List<IoRecord> records, @ForAll long seed) throws IOException {
        ReaderChecks.assertRespellingsReadTheSame(FORMAT, records.stream().map(MsrReaderTest::msrFields).toList(), "ncncnnn",
                "Timestamp,Hostname,DiskNumber,Type,Offset,Size,ResponseTime", seed);
    }

    @Test
    void linesAcrossManyBufferFillsReadBack() throws IOException {
        ReaderChecks.assertLinesAcrossBufferFillsReadBack(FORMAT, 20_000, random -> {
            long issueTicks = random.nextLong(40_000_000_000_000_000L);
            return record(issueTicks * MsrReader.NS_PER_TICK, (issueTicks + random.nextLong(1_000_000L)) * MsrReader.NS_PER_TICK,
                    random.nextLong(1L << 44), 1 + random.nextLong(1 << 24), random.nextBoolean() ? Op.READ : Op.WRITE, random.nextInt(100));
        }, MsrReaderTest::msrFields);
    }

    /** The seven fields of {@code r}'s line, as the originals write them. */
    private static String[] msrFields(IoRecord r) {
        long ticks = r.issueNs / MsrReader.NS_PER_TICK + MsrReader.FILETIME_UNIX_EPOCH_TICKS;
        return new String[] {Long.toString(ticks), "web", Integer.toString(r.stream), r.op == Op.READ ? "Read" : "Write",
            Long.toString(r.offsetBytes), Long.toString(r.lengthBytes), Long.toString((r.completeNs - r.issueNs) / MsrReader.NS_PER_TICK)};
    }

    @Provide
    Arbitrary<List<IoRecord>> records() {
        Arbitrary<long[]> times = Combinators.combine(
                        Arbitraries.longs().between(0, 40_000_000_000_000_000L),
                        Arbitraries.longs().between(0, 100_000_000L))
                .as((issueTicks, responseTicks) -> new long[] {issueTicks * MsrReader.NS_PER_TICK,
                    (issueTicks + responseTicks) * MsrReader.NS_PER_TICK});
        return Combinators.combine(times, Arbitraries.longs().between(0, 1L << 44),
                        Arbitraries.longs().between(1, 1 << 24), Arbitraries.of(Op.READ, Op.WRITE),
                        Arbitraries.integers().between(0, 64))
                .as((t, offset, length, op, disk) -> record(t[0], t[1], offset, length, op, disk))
                .list().ofMaxSize(30);
    }
}
