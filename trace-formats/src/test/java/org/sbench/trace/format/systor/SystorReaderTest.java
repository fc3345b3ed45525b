// Tests of the SYSTOR '17 reader and its format detection.
package org.sbench.trace.format.systor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
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
import org.sbench.SbenchException;
import org.sbench.trace.Field;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;
import org.sbench.trace.TraceReader;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.input.TraceHead;
import org.sbench.trace.input.TraceInput;

class SystorReaderTest {
    /** Hand-written lines of every other known format; none may sniff as SYSTOR '17. */
    private static final Map<String, String> FOREIGN = Map.ofEntries(
            Map.entry("msr", "128166400000000000,hm,1,Read,3154137088,4096,8921\n128166399999876543,hm,0,Write,0,65536,120453\n"),
            Map.entry("spc", "0,121344,4096,w,0.000000\n1,20480,8192,R,0.013250\n0,5040,512,r,0.020041,extra\n"),
            Map.entry("blkparse", "  8,0    1        1     0.000000000  4162  Q  WS 3417048 + 8 [jbd2/sda1-8]\n"
                    + "  8,0    1        2     0.000001000  4162  D  WS 3417048 + 8 [jbd2/sda1-8]\n"),
            Map.entry("tracefs", "  kworker/0:1H-123   [000] d..1  1234.567890: block_rq_issue: 8,0 W 4096 () 2048 + 8 [kworker/0:1H]\n"),
            Map.entry("fio2", "fio version 2 iolog\n/dev/sdb add\n/dev/sdb open\n/dev/sdb write 0 4096\n"),
            Map.entry("fio3", "fio version 3 iolog\n0 /dev/sdb add\n0 /dev/sdb open\n10 /dev/sdb read 4096 4096\n"),
            Map.entry("alibaba", "3,W,40960000,8192,1577808012345678\n0,R,1048576,4096,1577808012346000\n"),
            Map.entry("tencent", "1538400000,20971520,16,1,2301\n1538400000,2048,8,0,2301\n"),
            Map.entry("fiu", "5000123456789 4321 cp 1024 8 W 8 0 0123456789abcdef0123456789abcdef\n"),
            Map.entry("etw", "BeginHeader\nDiskRead, TimeStamp, Process Name ( PID), ThreadID, IrpPtr, ByteOffset,"
                    + " IOSize, ElapsedTime, DiskNum\nEndHeader\nDiskRead, 1000, System (4), 8, 0xffff, 0x1000, 0x1000, 120, 0\n"),
            Map.entry("csv", "issue_ns,complete_ns,offset,length,op,stream,qd,process\n0,1000,4096,4096,R,0,1,postgres\n"));

    @TempDir
    Path dir;

    @Test
    void readsEveryRecordInFileOrderIgnoringUnknownTransactions() throws Exception {
        List<IoRecord> records = readAll(fixture("2016022310-LUN3.csv"), ReadOptions.DEFAULTS);
        assertEquals(List.of(
                record(1_456_200_000_000_125_000L, 1_456_200_000_000_537_000L, 52613349376L, 8192, Op.WRITE, 3),
                record(1_456_200_000_000_130_123L, 1_456_200_000_001_130_123L, 0, 4096, Op.READ, 3),
                record(1_456_200_000_000_160_000L, 1_456_200_000_000_360_000L, 1024, 512, Op.READ, 3),
                record(1_456_203_600_500_000_000L, 1_456_203_600_750_000_000L, 8192, 65536, Op.WRITE, 3)), records);
    }

    @Test
    void unknownTransactionsAreNotBadRecords() throws Exception {
        try (TraceReader reader = new SystorFormat().openReader(TraceInput.of(fixture("2016022310-LUN3.csv")),
                ReadOptions.DEFAULTS.withSkipBad(10))) {
            assertEquals(4, drain(reader).size());
            assertEquals(0, reader.skippedRecords());
        }
    }

    @Test
    void headerlessFileReads() throws IOException {
        Path file = write("1456200000.000000001,0.000000002,W,6,4096,4096\n");
        assertEquals(List.of(record(1_456_200_000_000_000_001L, 1_456_200_000_000_000_003L, 4096, 4096, Op.WRITE, 6)),
                readAll(file, ReadOptions.DEFAULTS));
    }

    @Test
    void infoNamesFormatAndFields() throws Exception {
        try (TraceReader reader = new SystorFormat().openReader(TraceInput.of(fixture("2016022310-LUN3.csv")), ReadOptions.DEFAULTS)) {
            assertEquals("systor", reader.info().sourceFormat());
            assertEquals(EnumSet.of(Field.COMPLETE, Field.STREAM), reader.info().fields());
        }
    }

    @Test
    void sniffAcceptsOwnSamples() throws Exception {
        SystorFormat format = new SystorFormat();
        assertTrue(format.sniff(TraceInput.of(fixture("2016022310-LUN3.csv")).head()));
        assertTrue(format.sniff(head("1456300000.100000000,0.000300000,R,1,8192,4096\n"
                + "1456300000.100200000,0.000100000,,1,0,512\n1456300000.100400000,0.000150000,W,1,0,512\n")));
    }

    @Test
    void sniffRejectsOtherFormats() {
        SystorFormat format = new SystorFormat();
        FOREIGN.forEach((name, text) -> assertFalse(format.sniff(head(text)), name));
        assertFalse(format.sniff(head("")));
        assertFalse(format.sniff(new TraceHead(new byte[] {0x65, 0x61, 0x74, 0x07, 0, 0, 0, 1})));
        assertFalse(format.sniff(head("Timestamp,Response,IOType,LUN,Offset,Size\n")), "header only");
        assertFalse(format.sniff(head("1456300000,0.0003,R,1,8192,4096\n")), "integer timestamp");
        assertFalse(format.sniff(head("1456300000.1,,R,1,8192,4096\n")), "a read without response");
        assertFalse(format.sniff(head("1456300000.1,0.1,R,1,8192,4096\n1456300000.1,0.1,T,1,8192,4096\n")),
                "a later line that is not SYSTOR");
    }

    @Test
    void skipBadSkipsAndCountsUpToTheAllowance() throws IOException {
        Path file = write("Timestamp,Response,IOType,LUN,Offset,Size\n1.0,0.1,R,0,0,4096\n2.0,0.1,X,0,0,4096\n"
                + "3.0,0.1,W,0,0,0\n4.0,0.1,W,0,8192,4096\n");
        try (TraceReader reader = new SystorFormat().openReader(TraceInput.of(file), ReadOptions.DEFAULTS.withSkipBad(2))) {
            List<IoRecord> records = drain(reader);
            assertEquals(2, records.size());
            assertEquals(8192, records.get(1).offsetBytes);
            assertEquals(2, reader.skippedRecords());
        }
        SbenchException e = assertThrows(SbenchException.class, () -> readAll(file, ReadOptions.DEFAULTS.withSkipBad(1)));
        assertEquals(file + ":4: expected a positive length for a write, found '3.0,0.1,W,0,0,0'"
                + " (more than 1 bad records, the --skip-bad allowance)", e.getMessage());
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
        Path file = Files.createTempFile("systor", ".csv");
        try {
            Files.writeString(file, text);
            assertEquals(expected, readAll(file, ReadOptions.DEFAULTS));
        } finally {
            Files.delete(file);
        }
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
        Path file = dir.resolve("garbage.bin");
        Files.write(file, new byte[] {0x65, 0x61, 0x74, 0x07, 0, 0, 0, 1, (byte) 0xff, '\n'});
        SbenchException e = assertThrows(SbenchException.class, () -> readAll(file, ReadOptions.DEFAULTS));
        assertEquals(file + ":1: expected a text line, found 'binary data'", e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "1.0,0.1,R,0,0,4096\n2.0,0.1,R,0,4k,4096\n|:2: expected an offset in bytes, found '4k'",
        "1.0,0.1,R,0,0\n|:1: expected 6 fields (Timestamp,Response,IOType,LUN,Offset,Size), found '1.0,0.1,R,0,0'",
        "1.0,,,0,0\n|:1: expected 6 fields (Timestamp,Response,IOType,LUN,Offset,Size), found '1.0,,,0,0'",
        "1.0,0.1,D,0,0,4096\n|:1: expected an IOType R, W or blank, found 'D'",
        "1.0,0.1,Read,0,0,4096\n|:1: expected an IOType R, W or blank, found 'Read'",
        "1.0,0.1,R,0,0,0\n|:1: expected a positive length for a read, found '1.0,0.1,R,0,0,0'",
        "1.0,,R,0,0,4096\n|:1: expected a response time in seconds, found ''",
        "1.0,-0.1,R,0,0,4096\n|:1: expected a response time in seconds, found '-0.1'",
        "1.0,0.1,R,0,-512,4096\n|:1: expected an offset in bytes, found '-512'",
        "1.0e9,0.1,R,0,0,4096\n|:1: expected a Unix timestamp in seconds, found '1.0e9'",
        "9000000000.0,300000000,R,0,0,4096\n|:1: expected a response time that ends before the year 2262, found '300000000'",
        "1.0,0.1,R,2147483648,0,4096\n|:1: expected a LUN number below 2^31, found '2147483648'",
        "1.0,0.1,R,0,9223372036854775000,4096\n|:1: expected an IO that ends below 2^63 bytes, found '1.0,0.1,R,0,9223372036854775000,4096'",
        "1.0,0.1,R,0,0,4096\n2.0,0.1,W,0|:2: expected 6 fields (Timestamp,Response,IOType,LUN,Offset,Size), found '2.0,0.1,W,0'",
    })
    void badLineGivesOneLineMessage(String caseText) throws IOException {
        String[] parts = caseText.split("\\|", 2);
        Path file = write(parts[0]);
        SbenchException e = assertThrows(SbenchException.class, () -> readAll(file, ReadOptions.DEFAULTS));
        assertEquals(file + parts[1], e.getMessage());
    }

    private static IoRecord record(long issueNs, long completeNs, long offsetBytes, long lengthBytes, Op op, int stream) {
        IoRecord r = new IoRecord();
        r.issueNs = issueNs;
        r.completeNs = completeNs;
        r.offsetBytes = offsetBytes;
        r.lengthBytes = lengthBytes;
        r.op = op;
        r.stream = stream;
        return r;
    }

    private static List<IoRecord> readAll(Path file, ReadOptions options) {
        try (TraceReader reader = new SystorFormat().openReader(TraceInput.of(file), options)) {
            return drain(reader);
        }
    }

    private static List<IoRecord> drain(TraceReader reader) {
        List<IoRecord> out = new ArrayList<>();
        IoRecord r = new IoRecord();
        while (reader.next(r)) {
            out.add(new IoRecord().copyFrom(r));
        }
        return out;
    }

    private Path write(String text) throws IOException {
        Path file = dir.resolve("trace.csv");
        Files.writeString(file, text);
        return file;
    }

    private static Path fixture(String name) throws URISyntaxException {
        return Path.of(SystorReaderTest.class.getResource(name).toURI());
    }

    private static TraceHead head(String text) {
        return new TraceHead(text.getBytes(StandardCharsets.UTF_8));
    }
}
