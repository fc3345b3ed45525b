// Tests of the blkparse text reader and its format detection.
package org.sbench.trace.format.blkparse;

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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.trace.Field;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;
import org.sbench.trace.TraceReader;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.input.TraceHead;
import org.sbench.trace.input.TraceInput;

class BlkparseReaderTest {
    private static final int SDA = 8 << 20;
    private static final int SDB = 8 << 20 | 16;
    private static final String GOOD = "  8,0    1        1     0.000001000   100  D   W 100 + 8 [dd]\n"
            + "  8,0    0        2     0.000002000     0  C   W 100 + 8 [0]\n";

    /** Hand-written lines of every other known format; none may sniff as blkparse. */
    static final Map<String, String> FOREIGN = Map.ofEntries(
            Map.entry("msr", "128166372003061629,hm,1,Read,3154137088,4096,8921\n128166372016382155,hm,1,Write,0,512,1331\n"),
            Map.entry("spc", "0,121344,4096,w,0.000000\n1,20480,8192,R,0.013250\n0, 5040, 512, r, 0.020041\n"),
            Map.entry("tracefs", "# tracer: nop\n#\n"
                    + "  kworker/0:1H-123   [000] d..1.  1234.567890: block_rq_issue: 8,0 W 4096 () 2048 + 8 [kworker/0:1H]\n"
                    + "          <idle>-0     [000] ..s1.  1234.568000: block_rq_complete: 8,0 W () 2048 + 8 [0]\n"),
            Map.entry("fio2", "fio version 2 iolog\n/dev/sdb add\n/dev/sdb open\n/dev/sdb write 0 4096\n"),
            Map.entry("fio3", "fio version 3 iolog\n0 /dev/sdb add\n0 /dev/sdb open\n10 /dev/sdb read 4096 4096\n"),
            Map.entry("alibaba", "3,W,40960000,8192,1577808012345678\n0,R,1048576,4096,1577808012346000\n"),
            Map.entry("tencent", "1538400000,20971520,16,1,2301\n1538400000,2048,8,0,2301\n"),
            Map.entry("fiu", "5000123456789 4321 cp 1024 8 W 8 0 0123456789abcdef0123456789abcdef\n"
                    + "5000123456999 4321 cp 1032 8 W 8 0 0123456789abcdef0123456789abcdef\n"),
            Map.entry("etw", "BeginHeader\nDiskRead, TimeStamp, Process Name ( PID), ThreadID, IrpPtr, ByteOffset,"
                    + " IOSize, ElapsedTime, DiskNum\nEndHeader\nDiskRead, 1000, System (4), 8, 0xffff, 0x1000, 0x1000, 120, 0\n"),
            Map.entry("systor", "Timestamp,Response,IOType,LUN,Offset,Size\n1456200000.000125000,0.000412000,W,3,52613349376,8192\n"),
            Map.entry("csv", "issue_ns,complete_ns,offset,length,op,stream,qd,process\n0,1000,4096,4096,R,0,1,postgres\n"));

    @TempDir
    Path dir;

    @Test
    void pairsIssuesWithCompletionsInIssueOrder() throws Exception {
        try (TraceReader reader = open(fixture("two-disks.txt"), ReadOptions.DEFAULTS)) {
            assertEquals(List.of(
                    record(10_000, 300_000, 223490L * 512, 4096, Op.WRITE, SDA, "kjournald"),
                    record(20_000, 40_000, 5000L * 512, 32 * 512, Op.READ, SDA, "Web Content"),
                    record(50_000, 400_000, 0, 0, Op.FLUSH, SDA, "kworker/1:1H"),
                    record(310_000, 600_000, 2048L * 512, 2048 * 512, Op.TRIM, SDB, "fstrim"),
                    record(500_000, 700_000, 4096L * 512, 4096, Op.WRITE, SDB, "jbd2/sdb1-8"),
                    record(1_000_000, 1_500_000, 800L * 512, 4096, Op.WRITE, SDA, "postgres"),
                    record(2_000_000, 2_100_000, 0, 0, Op.FLUSH, SDA, "kworker/u8:0")), readAll(reader));
            assertEquals(1, reader.skippedRecords(), "the D never completed");
        }
    }

    @Test
    void completionBelongsToTheOldestIssueOfItsRequestAndEarlierCompletionsAreIgnored() throws Exception {
        assertEquals(List.of(
                record(1_000, 3_000, 10 * 512, 4096, Op.WRITE, SDA, "dd"),
                record(2_000, 4_000, 10 * 512, 4096, Op.WRITE, SDA, "dd")),
                readAll(fixture("mid-flight.txt"), ReadOptions.DEFAULTS));
    }

    @Test
    void infoNamesFormatAndFields() throws Exception {
        try (TraceReader reader = open(fixture("two-disks.txt"), ReadOptions.DEFAULTS)) {
            assertEquals("blkparse", reader.info().sourceFormat());
            assertEquals(EnumSet.of(Field.COMPLETE, Field.STREAM, Field.PROCESS), reader.info().fields());
        }
    }

    @Test
    void repeatedProcessNamesShareOneString() throws Exception {
        Path file = write("  8,0 1 1 0.000001000 1 D W 100 + 8 [kworker/0:1H]\n"
                + "  8,0 1 2 0.000002000 1 D W 200 + 8 [kworker/0:1H]\n"
                + "  8,0 0 3 0.000003000 0 C W 100 + 8 [0]\n  8,0 0 4 0.000004000 0 C W 200 + 8 [0]\n");
        List<IoRecord> records = readAll(file, ReadOptions.DEFAULTS);
        assertEquals("kworker/0:1H", records.get(0).process);
        assertTrue(records.get(0).process == records.get(1).process);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "bad time|8,0 1 1 0.00x000000 1 D W 100 + 8 [a]|expected a time in seconds, found '0.00x000000'",
        "bad device|8,x 1 1 0.000001000 1 D W 100 + 8 [a]|expected a device as MAJOR,MINOR, found '8,x'",
        "huge major|  4096,0 1 1 0.000001000 1 D W 100 + 8 [a]|"
                + "expected a device with major below 2048 and minor below 2^20, found '4096,0'",
        "bad rwbs|8,0 1 1 0.000001000 1 D W1 100 + 8 [a]|"
                + "expected RWBS flags (letters such as R, W, D, F, N, S, M, A), found 'W1'",
        "no plus|8,0 1 1 0.000001000 1 D W 100 - 8 [a]|expected '+' between sector and block count, found '-'",
        "negative sector|8,0 1 1 0.000001000 1 D W -5 + 8 [a]|expected a sector number, found '-5'",
        "bad blocks|8,0 1 1 0.000001000 1 D W 100 + 8k [a]|expected a block count (512-byte sectors), found '8k'",
        "too few fields|8,0 1 1 0.000001000 1 D W 100 +|expected 10 fields (maj,min cpu seq seconds pid action rwbs"
                + " sector + blocks [comm]), found '8,0 1 1 0.000001000 1 D W 100 +'",
        "truncated event|8,0 1 1 0.000001000 1|expected 7 fields (maj,min cpu seq seconds pid action rwbs"
                + " sector + blocks [comm]), found '8,0 1 1 0.000001000 1'",
        "zero length|8,0 1 1 0.000001000 1 D W 100 + 0 [a]|"
                + "expected a positive length for a write, found '8,0 1 1 0.000001000 1 D W 100 + 0 [a]'",
        "huge sector|8,0 1 1 0.000001000 1 D W 36028797018963968 + 8 [a]|"
                + "expected a sector below 2^54, found '36028797018963968'",
    })
    void badLineIsReportedWithFileLineAndText(String name, String line, String message) throws Exception {
        Path file = write(GOOD + line + "\n");
        SbenchException e = assertThrows(SbenchException.class, () -> readAll(file, ReadOptions.DEFAULTS));
        assertEquals(ErrorKind.BAD_INPUT, e.kind());
        assertEquals(file + ":3: " + message, e.getMessage());
    }

    @Test
    void completionBeforeItsIssueIsABadRecord() throws Exception {
        Path file = write("  8,0 1 1 0.000500000 1 D W 100 + 8 [a]\n  8,0 0 2 0.000400000 0 C W 100 + 8 [0]\n");
        SbenchException e = assertThrows(SbenchException.class, () -> readAll(file, ReadOptions.DEFAULTS));
        assertEquals(file + ":2: expected a completion time no earlier than its issue at 500000 ns, found '0.000400000'",
                e.getMessage());
    }

    @Test
    void binaryDataIsNotText() throws Exception {
        Path file = dir.resolve("garbage.bin");
        Files.write(file, new byte[] {'8', ',', '0', ' ', 0, 1, 2, (byte) 0xff, '\n'});
        SbenchException e = assertThrows(SbenchException.class, () -> readAll(file, ReadOptions.DEFAULTS));
        assertEquals(file + ":1: expected a text line, found 'binary data'", e.getMessage());
    }

    @Test
    void skipsAndCountsBadRecordsWithinTheAllowance() throws Exception {
        Path file = write("  8,0 1 1 0.000001000 1 D W 100 + 0 [a]\n" + GOOD
                + "  8,0 1 3 0.00000x000 1 D W 300 + 8 [a]\n");
        try (TraceReader reader = open(file, ReadOptions.DEFAULTS.withSkipBad(2))) {
            assertEquals(List.of(record(1_000, 2_000, 100 * 512, 4096, Op.WRITE, SDA, "dd")), readAll(reader));
            assertEquals(2, reader.skippedRecords());
        }
        SbenchException e = assertThrows(SbenchException.class, () -> readAll(file, ReadOptions.DEFAULTS.withSkipBad(1)));
        assertEquals(file + ":4: expected a time in seconds, found '0.00000x000'"
                + " (more than 1 bad records, the --skip-bad allowance)", e.getMessage());
    }

    @Test
    void sniffAcceptsOwnSamples() throws Exception {
        BlkparseFormat format = new BlkparseFormat();
        assertTrue(format.sniff(TraceInput.of(fixture("two-disks.txt")).head()));
        assertTrue(format.sniff(TraceInput.of(fixture("mid-flight.txt")).head()));
        assertTrue(format.sniff(head(GOOD)));
    }

    @Test
    void sniffRejectsOtherFormats() {
        BlkparseFormat format = new BlkparseFormat();
        for (Map.Entry<String, String> e : FOREIGN.entrySet()) {
            assertFalse(format.sniff(head(e.getValue())), e.getKey());
        }
        assertFalse(format.sniff(head("CPU0 (8,0):\n Reads Queued: 0, 0KiB\nTotal (8,0):\n")), "summary only");
        assertFalse(format.sniff(new TraceHead(new byte[] {0x07, 0x74, 0x61, 0x65, 0, 0, 0, 0})), "binary");
    }

    private static IoRecord record(long issueNs, long completeNs, long offset, long length, Op op, int stream, String process) {
        IoRecord r = new IoRecord();
        r.issueNs = issueNs;
        r.completeNs = completeNs;
        r.offsetBytes = offset;
        r.lengthBytes = length;
        r.op = op;
        r.stream = stream;
        r.process = process;
        return r;
    }

    private static TraceReader open(Path file, ReadOptions options) {
        return new BlkparseFormat().openReader(TraceInput.of(file), options);
    }

    private static List<IoRecord> readAll(Path file, ReadOptions options) {
        try (TraceReader reader = open(file, options)) {
            return readAll(reader);
        }
    }

    private static List<IoRecord> readAll(TraceReader reader) {
        List<IoRecord> out = new ArrayList<>();
        IoRecord r = new IoRecord();
        while (reader.next(r)) {
            out.add(new IoRecord().copyFrom(r));
        }
        return out;
    }

    private Path write(String text) throws IOException {
        Path file = dir.resolve("trace.txt");
        Files.writeString(file, text, StandardCharsets.UTF_8);
        return file;
    }

    private static TraceHead head(String text) {
        return new TraceHead(text.getBytes(StandardCharsets.UTF_8));
    }

    private static Path fixture(String name) throws URISyntaxException {
        return Path.of(BlkparseReaderTest.class.getResource(name).toURI());
    }
}
