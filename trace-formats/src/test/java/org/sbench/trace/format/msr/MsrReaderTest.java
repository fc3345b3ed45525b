// Tests of the MSR Cambridge reader and its format detection.
package org.sbench.trace.format.msr;

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

class MsrReaderTest {
    /** Hand-written lines of every other known format; none may sniff as MSR. */
    private static final Map<String, String> FOREIGN = Map.ofEntries(
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
            Map.entry("systor", "Timestamp,Response,IOType,LUN,Offset,Size\n1456200000.000125000,0.000412000,W,3,52613349376,8192\n"),
            Map.entry("csv", "issue_ns,complete_ns,offset,length,op,stream,qd,process\n0,1000,4096,4096,R,0,1,postgres\n"));

    @TempDir
    Path dir;

    @Test
    void readsEveryRecordInFileOrder() throws Exception {
        List<IoRecord> records = readAll(fixture("hm_1.csv"), ReadOptions.DEFAULTS);
        assertEquals(List.of(
                record(1172166400000000000L, 1172166400000892100L, 3154137088L, 4096, Op.READ, 1),
                record(1172166399987654300L, 1172166399999699600L, 0, 65536, Op.WRITE, 0),
                record(1172166401234567800L, 1172166401234567800L, 8589934592000L, 512, Op.WRITE, 2),
                record(1172166401234567800L, 1172166401234567900L, 4096, 8192, Op.READ, 1)), records);
    }

    @Test
    void infoNamesFormatAndFields() throws Exception {
        try (TraceReader reader = new MsrFormat().openReader(TraceInput.of(fixture("hm_1.csv")), ReadOptions.DEFAULTS)) {
            assertEquals("msr", reader.info().sourceFormat());
            assertEquals(EnumSet.of(Field.COMPLETE, Field.STREAM), reader.info().fields());
        }
    }

    @Test
    void sniffAcceptsOwnSamples() throws Exception {
        MsrFormat format = new MsrFormat();
        assertTrue(format.sniff(TraceInput.of(fixture("hm_1.csv")).head()));
        assertTrue(format.sniff(head("128166400000000000,prxy,0,Write,1024,4096,300\n128166400000000100,prxy,0,Read,0,512,20\n")));
    }

    @Test
    void sniffRejectsOtherFormats() {
        MsrFormat format = new MsrFormat();
        FOREIGN.forEach((name, text) -> assertFalse(format.sniff(head(text)), name));
        assertFalse(format.sniff(head("")));
        assertFalse(format.sniff(new TraceHead(new byte[] {0x65, 0x61, 0x74, 0x07, 0, 0, 0, 1})));
        assertFalse(format.sniff(head("Timestamp,Hostname,DiskNumber,Type,Offset,Size,ResponseTime\n")), "header only");
        assertFalse(format.sniff(head("128166400000000000,hm,1,Read,0,4096,10\n128166400000000001,hm,1,Trim,0,4096,10\n")),
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
        "128166400000000000,hm,1,Write,0,0,8\n|:1: expected a positive length for a write, found '128166400000000000,hm,1,Write,0,0,8'",
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
        "128166400000000000,hm,1,Read,0,4096,8\n128166400000000000,hm,1,Re|:2: expected 7 fields"
                + " (Timestamp,Hostname,DiskNumber,Type,Offset,Size,ResponseTime), found '128166400000000000,hm,1,Re'",
    })
    void badLineGivesOneLineMessage(String caseText) throws IOException {
        String[] parts = caseText.split("\\|", 2);
        Path file = write(parts[0]);
        SbenchException e = assertThrows(SbenchException.class, () -> readAll(file, ReadOptions.DEFAULTS));
        assertEquals(file + parts[1], e.getMessage());
    }

    @Test
    void binaryInputIsRejected() throws IOException {
        Path file = dir.resolve("garbage.bin");
        Files.write(file, new byte[] {0x65, 0x61, 0x74, 0x07, 0, 0, 0, 1, (byte) 0xff, '\n'});
        SbenchException e = assertThrows(SbenchException.class, () -> readAll(file, ReadOptions.DEFAULTS));
        assertEquals(file + ":1: expected a text line, found 'binary data'", e.getMessage());
    }

    @Test
    void skipBadSkipsAndCountsUpToTheAllowance() throws IOException {
        Path file = write("128166400000000000,hm,1,Read,0,4096,8\n"
                + "128166400000000001,hm,1,Oops,0,4096,8\n"
                + "128166400000000002,hm,1,Write,0,0,8\n"
                + "128166400000000003,hm,1,Write,512,512,8\n");
        try (TraceReader reader = new MsrFormat().openReader(TraceInput.of(file), ReadOptions.DEFAULTS.withSkipBad(2))) {
            List<IoRecord> records = drain(reader);
            assertEquals(2, records.size());
            assertEquals(512, records.get(1).offsetBytes);
            assertEquals(2, reader.skippedRecords());
        }
        SbenchException e = assertThrows(SbenchException.class, () -> readAll(file, ReadOptions.DEFAULTS.withSkipBad(1)));
        assertEquals(file + ":3: expected a positive length for a write, found '128166400000000002,hm,1,Write,0,0,8'"
                + " (more than 1 bad records, the --skip-bad allowance)", e.getMessage());
    }

    @Property(tries = 100)
    void writtenLinesReadBack(@ForAll("records") List<IoRecord> expected) throws IOException {
        StringBuilder text = new StringBuilder();
        for (IoRecord r : expected) {
            long ticks = r.issueNs / MsrReader.NS_PER_TICK + MsrReader.FILETIME_UNIX_EPOCH_TICKS;
            text.append(ticks).append(",web,").append(r.stream).append(',').append(r.op == Op.READ ? "Read" : "Write")
                    .append(',').append(r.offsetBytes).append(',').append(r.lengthBytes).append(',')
                    .append((r.completeNs - r.issueNs) / MsrReader.NS_PER_TICK).append('\n');
        }
        Path file = Files.createTempFile("msr", ".csv");
        try {
            Files.writeString(file, text);
            assertEquals(expected, readAll(file, ReadOptions.DEFAULTS));
        } finally {
            Files.delete(file);
        }
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
        try (TraceReader reader = new MsrFormat().openReader(TraceInput.of(file), options)) {
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
        return Path.of(MsrReaderTest.class.getResource(name).toURI());
    }

    private static TraceHead head(String text) {
        return new TraceHead(text.getBytes(StandardCharsets.UTF_8));
    }
}
