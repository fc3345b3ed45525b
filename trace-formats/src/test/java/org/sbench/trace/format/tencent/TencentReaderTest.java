// Tests of the Tencent CBS reader and its format detection.
package org.sbench.trace.format.tencent;

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

class TencentReaderTest {
    /** Hand-written lines of every other known format; none may sniff as Tencent CBS. */
    private static final Map<String, String> FOREIGN = Map.ofEntries(
            Map.entry("msr", "128166400000000000,hm,1,Read,3154137088,4096,8921\n128166399999876543,hm,0,Write,0,65536,120453\n"),
            Map.entry("spc", "0,121344,4096,w,0.000000\n1,20480,8192,R,0.013250\n0,5040,512,r,0.020041,extra\n"),
            Map.entry("blkparse", "  8,0    1        1     0.000000000  4162  Q  WS 3417048 + 8 [jbd2/sda1-8]\n"
                    + "  8,0    1        2     0.000001000  4162  D  WS 3417048 + 8 [jbd2/sda1-8]\n"),
            Map.entry("tracefs", "  kworker/0:1H-123   [000] d..1  1234.567890: block_rq_issue: 8,0 W 4096 () 2048 + 8 [kworker/0:1H]\n"),
            Map.entry("fio2", "fio version 2 iolog\n/dev/sdb add\n/dev/sdb open\n/dev/sdb write 0 4096\n"),
            Map.entry("fio3", "fio version 3 iolog\n0 /dev/sdb add\n0 /dev/sdb open\n10 /dev/sdb read 4096 4096\n"),
            Map.entry("alibaba", "3,W,40960000,8192,1577808012345678\n0,R,1048576,4096,1577808012346000\n"),
            Map.entry("fiu", "5000123456789 4321 cp 1024 8 W 8 0 0123456789abcdef0123456789abcdef\n"),
            Map.entry("etw", "BeginHeader\nDiskRead, TimeStamp, Process Name ( PID), ThreadID, IrpPtr, ByteOffset,"
                    + " IOSize, ElapsedTime, DiskNum\nEndHeader\nDiskRead, 1000, System (4), 8, 0xffff, 0x1000, 0x1000, 120, 0\n"),
            Map.entry("systor", "Timestamp,Response,IOType,LUN,Offset,Size\n1456200000.000125000,0.000412000,W,3,52613349376,8192\n"),
            Map.entry("csv", "issue_ns,complete_ns,offset,length,op,stream,qd,process\n0,1000,4096,4096,R,0,1,postgres\n"));

    @TempDir
    Path dir;

    @Test
    void readsEveryRecordInFileOrderKeepingSharedTimestamps() throws Exception {
        List<IoRecord> records = readAll(fixture("cbs-sample.csv"), ReadOptions.DEFAULTS);
        assertEquals(List.of(
                record(1_538_400_000_000_000_000L, IoRecord.NO_TIME, 20971520L * 512, 16 * 512, Op.WRITE, 2301),
                record(1_538_400_000_000_000_000L, IoRecord.NO_TIME, 2048 * 512, 8 * 512, Op.READ, 2301),
                record(1_538_400_000_000_000_000L, IoRecord.NO_TIME, 0, 512, Op.READ, 17),
                record(1_538_400_001_000_000_000L, IoRecord.NO_TIME, 4294967296L * 512, 256 * 512, Op.WRITE, 2301)),
                records);
    }

    @Test
    void headerLineIsSkipped() throws IOException {
        Path file = write("Timestamp,Offset,Size,IOType,VolumeID\n1538400000,1,1,0,4\n");
        assertEquals(List.of(record(1_538_400_000_000_000_000L, IoRecord.NO_TIME, 512, 512, Op.READ, 4)),
                readAll(file, ReadOptions.DEFAULTS));
    }

    @Test
    void infoNamesFormatAndFields() throws Exception {
        try (TraceReader reader = new TencentFormat().openReader(TraceInput.of(fixture("cbs-sample.csv")), ReadOptions.DEFAULTS)) {
            assertEquals("tencent", reader.info().sourceFormat());
            assertEquals(EnumSet.of(Field.STREAM), reader.info().fields());
        }
    }

    @Test
    void sniffAcceptsOwnSamples() throws Exception {
        TencentFormat format = new TencentFormat();
        assertTrue(format.sniff(TraceInput.of(fixture("cbs-sample.csv")).head()));
        assertTrue(format.sniff(head("Timestamp,Offset,Size,IOType,VolumeID\n1539000000,80,8,0,12\n1539000001,88,8,1,12\n")));
    }

    @Test
    void sniffRejectsOtherFormats() {
        TencentFormat format = new TencentFormat();
        FOREIGN.forEach((name, text) -> assertFalse(format.sniff(head(text)), name));
        assertFalse(format.sniff(head("")));
        assertFalse(format.sniff(new TraceHead(new byte[] {0x65, 0x61, 0x74, 0x07, 0, 0, 0, 1})));
        assertFalse(format.sniff(head("Timestamp,Offset,Size,IOType,VolumeID\n")), "header only");
        // Five-integer CSVs of other tools: ms timestamps, or the op in the last column.
        assertFalse(format.sniff(head("4851300,1,524288,16,0\n4864300,1,524304,16,0\n")), "short timestamps");
        assertFalse(format.sniff(head("1538400000,20971520,16,2,2301\n")), "IOType 2");
        assertFalse(format.sniff(head("1538400000,20971520,16,1,2301\n1538400000,20971520,16,1\n")),
                "a later line that is not Tencent");
    }

    @Test
    void skipBadSkipsAndCountsUpToTheAllowance() throws IOException {
        Path file = write("1538400000,0,8,0,1\n1538400000,0,8,3,1\n1538400000,0,0,1,1\n1538400000,16,8,1,1\n");
        try (TraceReader reader = new TencentFormat().openReader(TraceInput.of(file), ReadOptions.DEFAULTS.withSkipBad(2))) {
            List<IoRecord> records = drain(reader);
            assertEquals(2, records.size());
            assertEquals(16 * 512, records.get(1).offsetBytes);
            assertEquals(2, reader.skippedRecords());
        }
        SbenchException e = assertThrows(SbenchException.class, () -> readAll(file, ReadOptions.DEFAULTS.withSkipBad(1)));
        assertEquals(file + ":3: expected a positive length for a write, found '1538400000,0,0,1,1'"
                + " (more than 1 bad records, the --skip-bad allowance)", e.getMessage());
    }

    @Property(tries = 100)
    void writtenLinesReadBack(@ForAll("records") List<IoRecord> expected) throws IOException {
        StringBuilder text = new StringBuilder();
        for (IoRecord r : expected) {
            text.append(r.issueNs / TencentReader.NS_PER_SECOND).append(',')
                    .append(r.offsetBytes / TencentReader.SECTOR_BYTES).append(',')
                    .append(r.lengthBytes / TencentReader.SECTOR_BYTES).append(',')
                    .append(r.op == Op.READ ? '0' : '1').append(',').append(r.stream).append('\n');
        }
        Path file = Files.createTempFile("tencent", ".csv");
        try {
            Files.writeString(file, text);
            assertEquals(expected, readAll(file, ReadOptions.DEFAULTS));
        } finally {
            Files.delete(file);
        }
    }

    @Provide
    Arbitrary<List<IoRecord>> records() {
        return Combinators.combine(Arbitraries.longs().between(0, 9_000_000_000L),
                        Arbitraries.longs().between(0, 1L << 40), Arbitraries.longs().between(1, 1 << 16),
                        Arbitraries.of(Op.READ, Op.WRITE), Arbitraries.integers().between(0, Integer.MAX_VALUE))
                .as((seconds, sector, sectors, op, volume) -> record(seconds * TencentReader.NS_PER_SECOND,
                        IoRecord.NO_TIME, sector * TencentReader.SECTOR_BYTES, sectors * TencentReader.SECTOR_BYTES,
                        op, volume))
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
        "1538400000,0,8,0,1\n1538400000,0,8.5,0,1\n|:2: expected a size in 512-byte sectors, found '8.5'",
        "1538400000,0,8,0\n|:1: expected 5 fields (Timestamp,Offset,Size,IOType,VolumeID), found '1538400000,0,8,0'",
        "1538400000,0,8,R,1\n|:1: expected an IOType 0 (read) or 1 (write), found 'R'",
        "1538400000,0,8,01,1\n|:1: expected an IOType 0 (read) or 1 (write), found '01'",
        "1538400000,0,0,0,1\n|:1: expected a positive length for a read, found '1538400000,0,0,0,1'",
        "1538400000,-8,8,0,1\n|:1: expected an offset in 512-byte sectors, found '-8'",
        "1538400000.25,0,8,0,1\n|:1: expected a timestamp in seconds, found '1538400000.25'",
        "9223372037,0,8,0,1\n|:1: expected a timestamp in seconds before the year 2262, found '9223372037'",
        "1538400000,18014398509481984,8,0,1\n|:1: expected an offset in 512-byte sectors below 2^54, found '18014398509481984'",
        "1538400000,0,8,0,2147483648\n|:1: expected a volume id below 2^31, found '2147483648'",
        "1538400000,0,8,0,vol\n|:1: expected a volume id, found 'vol'",
        "1538400000,0,8,0,1\n1538400000,0,|:2: expected 5 fields (Timestamp,Offset,Size,IOType,VolumeID), found '1538400000,0,'",
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
        try (TraceReader reader = new TencentFormat().openReader(TraceInput.of(file), options)) {
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
        return Path.of(TencentReaderTest.class.getResource(name).toURI());
    }

    private static TraceHead head(String text) {
        return new TraceHead(text.getBytes(StandardCharsets.UTF_8));
    }
}
