// Tests of the Alibaba reader and its format detection.
package org.sbench.trace.format.alibaba;

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

class AlibabaReaderTest {
    /** Hand-written lines of every other known format; none may sniff as Alibaba. */
    private static final Map<String, String> FOREIGN = Map.ofEntries(
            Map.entry("msr", "128166400000000000,hm,1,Read,3154137088,4096,8921\n128166399999876543,hm,0,Write,0,65536,120453\n"),
            Map.entry("spc", "0,121344,4096,w,0.000000\n1,20480,8192,R,0.013250\n0,5040,512,r,0.020041,extra\n"),
            Map.entry("blkparse", "  8,0    1        1     0.000000000  4162  Q  WS 3417048 + 8 [jbd2/sda1-8]\n"
                    + "  8,0    1        2     0.000001000  4162  D  WS 3417048 + 8 [jbd2/sda1-8]\n"),
            Map.entry("tracefs", "  kworker/0:1H-123   [000] d..1  1234.567890: block_rq_issue: 8,0 W 4096 () 2048 + 8 [kworker/0:1H]\n"),
            Map.entry("fio2", "fio version 2 iolog\n/dev/sdb add\n/dev/sdb open\n/dev/sdb write 0 4096\n"),
            Map.entry("fio3", "fio version 3 iolog\n0 /dev/sdb add\n0 /dev/sdb open\n10 /dev/sdb read 4096 4096\n"),
            Map.entry("tencent", "1538400000,20971520,16,1,2301\n1538400000,2048,8,0,2301\n"),
            Map.entry("fiu", "5000123456789 4321 cp 1024 8 W 8 0 0123456789abcdef0123456789abcdef\n"),
            Map.entry("etw", "BeginHeader\nDiskRead, TimeStamp, Process Name ( PID), ThreadID, IrpPtr, ByteOffset,"
                    + " IOSize, ElapsedTime, DiskNum\nEndHeader\nDiskRead, 1000, System (4), 8, 0xffff, 0x1000, 0x1000, 120, 0\n"),
            Map.entry("systor", "Timestamp,Response,IOType,LUN,Offset,Size\n1456200000.000125000,0.000412000,W,3,52613349376,8192\n"),
            Map.entry("csv", "issue_ns,complete_ns,offset,length,op,stream,qd,process\n0,1000,4096,4096,R,0,1,postgres\n"));

    @TempDir
    Path dir;

    @Test
    void readsEveryRecordInFileOrder() throws Exception {
        List<IoRecord> records = readAll(fixture("io_traces-sample.csv"), ReadOptions.DEFAULTS);
        assertEquals(List.of(
                record(1_577_808_012_345_678_000L, IoRecord.NO_TIME, 40960000, 8192, Op.WRITE, 3),
                record(1_577_808_012_346_000_000L, IoRecord.NO_TIME, 1048576, 4096, Op.READ, 0),
                record(1_577_808_012_345_999_000L, IoRecord.NO_TIME, 0, 512, Op.READ, 0),
                record(1_577_808_012_400_000_000L, IoRecord.NO_TIME, 1099511627776L, 131072, Op.WRITE, 12)), records);
    }

    @Test
    void headerlessFileReads() throws IOException {
        Path file = write("5,W,4096,4096,1\n");
        assertEquals(List.of(record(1000, IoRecord.NO_TIME, 4096, 4096, Op.WRITE, 5)), readAll(file, ReadOptions.DEFAULTS));
    }

    @Test
    void infoNamesFormatAndFields() throws Exception {
        try (TraceReader reader = new AlibabaFormat().openReader(TraceInput.of(fixture("io_traces-sample.csv")), ReadOptions.DEFAULTS)) {
            assertEquals("alibaba", reader.info().sourceFormat());
            assertEquals(EnumSet.of(Field.STREAM), reader.info().fields());
        }
    }

    @Test
    void sniffAcceptsOwnSamples() throws Exception {
        AlibabaFormat format = new AlibabaFormat();
        assertTrue(format.sniff(TraceInput.of(fixture("io_traces-sample.csv")).head()));
        assertTrue(format.sniff(head("7,R,2097152,16384,1577808000100000\n9,W,0,4096,1577808000100007\n")));
    }

    @Test
    void sniffRejectsOtherFormats() {
        AlibabaFormat format = new AlibabaFormat();
        FOREIGN.forEach((name, text) -> assertFalse(format.sniff(head(text)), name));
        assertFalse(format.sniff(head("")));
        assertFalse(format.sniff(new TraceHead(new byte[] {0x65, 0x61, 0x74, 0x07, 0, 0, 0, 1})));
        assertFalse(format.sniff(head("device_id,opcode,offset,length,timestamp\n")), "header only");
        assertFalse(format.sniff(head("7,R,2097152,16384,1577808000100000\n7,R,2097152,16384,1577808000100000,9\n")),
                "a later line that is not Alibaba");
    }

    @Test
    void skipBadSkipsAndCountsUpToTheAllowance() throws IOException {
        Path file = write("1,R,0,4096,10\n1,D,0,4096,11\n1,W,0,0,12\n1,W,8192,4096,13\n");
        try (TraceReader reader = new AlibabaFormat().openReader(TraceInput.of(file), ReadOptions.DEFAULTS.withSkipBad(2))) {
            List<IoRecord> records = drain(reader);
            assertEquals(2, records.size());
            assertEquals(8192, records.get(1).offsetBytes);
            assertEquals(2, reader.skippedRecords());
        }
        SbenchException e = assertThrows(SbenchException.class, () -> readAll(file, ReadOptions.DEFAULTS.withSkipBad(1)));
        assertEquals(file + ":3: expected a positive length for a write, found '1,W,0,0,12'"
                + " (more than 1 bad records, the --skip-bad allowance)", e.getMessage());
    }

    @Property(tries = 100)
    void writtenLinesReadBack(@ForAll("records") List<IoRecord> expected) throws IOException {
        StringBuilder text = new StringBuilder("device_id,opcode,offset,length,timestamp\n");
        for (IoRecord r : expected) {
            text.append(r.stream).append(',').append(r.op.code()).append(',').append(r.offsetBytes).append(',')
                    .append(r.lengthBytes).append(',').append(r.issueNs / AlibabaReader.NS_PER_US).append('\n');
        }
        Path file = Files.createTempFile("alibaba", ".csv");
        try {
            Files.writeString(file, text);
            assertEquals(expected, readAll(file, ReadOptions.DEFAULTS));
        } finally {
            Files.delete(file);
        }
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
        Path file = dir.resolve("garbage.bin");
        Files.write(file, new byte[] {0x65, 0x61, 0x74, 0x07, 0, 0, 0, 1, (byte) 0xff, '\n'});
        SbenchException e = assertThrows(SbenchException.class, () -> readAll(file, ReadOptions.DEFAULTS));
        assertEquals(file + ":1: expected a text line, found 'binary data'", e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "1,R,0,4096,10\n1,R,0x10,4096,10\n|:2: expected an offset in bytes, found '0x10'",
        "1,R,0,4096\n|:1: expected 5 fields (device_id,opcode,offset,length,timestamp), found '1,R,0,4096'",
        "1,R,0,4096,10,7\n|:1: expected 5 fields (device_id,opcode,offset,length,timestamp), found '1,R,0,4096,10,7'",
        "1,Read,0,4096,10\n|:1: expected an opcode R or W, found 'Read'",
        "1,R,0,0,10\n|:1: expected a positive length for a read, found '1,R,0,0,10'",
        "1,R,-8,4096,10\n|:1: expected an offset in bytes, found '-8'",
        "1,R,0,4096,-10\n|:1: expected a timestamp in microseconds, found '-10'",
        "1,R,0,4096,1577808000.5\n|:1: expected a timestamp in microseconds, found '1577808000.5'",
        "1,R,0,4096,9223372036854776\n|:1: expected a timestamp in microseconds before the year 2262, found '9223372036854776'",
        "vol7,R,0,4096,10\n|:1: expected a device id, found 'vol7'",
        "2147483648,R,0,4096,10\n|:1: expected a device id below 2^31, found '2147483648'",
        "1,R,0,4096,10\n1,W,0,40|:2: expected 5 fields (device_id,opcode,offset,length,timestamp), found '1,W,0,40'",
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
        try (TraceReader reader = new AlibabaFormat().openReader(TraceInput.of(file), options)) {
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
        return Path.of(AlibabaReaderTest.class.getResource(name).toURI());
    }

    private static TraceHead head(String text) {
        return new TraceHead(text.getBytes(StandardCharsets.UTF_8));
    }
}
