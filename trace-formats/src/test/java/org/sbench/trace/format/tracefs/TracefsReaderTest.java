// Tests of the tracefs block-event reader and its format detection.
package org.sbench.trace.format.tracefs;

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

class TracefsReaderTest {
    private static final int NVME = 259 << 20;
    private static final int SDA = 8 << 20;
    private static final long T0 = 5120L * 1_000_000_000L;
    private static final String ISSUE = "dd-100 [001] d..1. 5120.000001: block_rq_issue: 8,0 W 4096 () 100 + 8 [dd]\n";
    private static final String COMPLETE = "<idle>-0 [001] ..s1. 5120.000002: block_rq_complete: 8,0 W () 100 + 8 [0]\n";

    /** Hand-written lines of every other known format; none may sniff as tracefs. */
    private static final Map<String, String> FOREIGN = Map.ofEntries(
            Map.entry("msr", "128166372003061629,hm,1,Read,3154137088,4096,8921\n128166372016382155,hm,1,Write,0,512,1331\n"),
            Map.entry("spc", "0,121344,4096,w,0.000000\n1,20480,8192,R,0.013250\n0, 5040, 512, r, 0.020041\n"),
            Map.entry("blkparse", "  8,0    1        1     0.000000000  4162  Q  WS 3417048 + 8 [jbd2/sda1-8]\n"
                    + "  8,0    1        2     0.000001000  4162  D  WS 3417048 + 8 [jbd2/sda1-8]\n"
                    + "  8,0    0        3     0.000301000     0  C  WS 3417048 + 8 [0]\n"),
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
    void pairsIssuesWithCompletionsInIssueOrder() throws Exception {
        try (TraceReader reader = open(fixture("trace.txt"), ReadOptions.DEFAULTS)) {
            assertEquals(List.of(
                    record(T0 + 110_000, T0 + 400_000, 2048L * 512, 4096, Op.WRITE, NVME, "fio"),
                    record(T0 + 150_000, T0 + 300_000, 900_000L * 512, 32 * 512, Op.READ, NVME, "kworker/0:1H"),
                    record(T0 + 1_000_000, T0 + 1_200_000, 4096L * 512, 8192, Op.READ, NVME, "Web Content"),
                    record(T0 + 2_000_000, T0 + 2_500_000, 0, 0, Op.FLUSH, SDA, "jbd2/sda1-8"),
                    record(T0 + 3_000_000, T0 + 3_500_000, 2048L * 512, 2048 * 512, Op.TRIM, SDA, "fstrim"),
                    record(T0 + 5_100_000, T0 + 5_400_000, 64 * 512, 4096, Op.WRITE, NVME, "postgres"),
                    record(T0 + 6_000_000, T0 + 6_200_000, 4096L * 512, 4096, Op.WRITE, SDA, "dd")), readAll(reader));
            assertEquals(1, reader.skippedRecords(), "the issue never completed");
        }
    }

    @Test
    void readsPerfScriptNamesAndNanosecondTimestamps() throws Exception {
        assertEquals(List.of(record(T0 + 8_000_456, T0 + 8_100_789, 10 * 512, 4096, Op.READ, NVME, "fio")),
                readAll(fixture("perf-script.txt"), ReadOptions.DEFAULTS));
    }

    @Test
    void readsOldKernelLinesWithoutIoprioOrCommand() throws Exception {
        Path file = write("kworker/0:1-50 [000] 100.500000: block_rq_issue: 8,16 W 0 () 18 + 8 [kworker/0:1]\n"
                + "<idle>-0 [000] 100.500250: block_rq_complete: 8,16 W 18 + 8 [0]\n");
        assertEquals(List.of(record(100_500_000_000L, 100_500_250_000L, 18 * 512, 4096, Op.WRITE, SDA | 16, "kworker/0:1")),
                readAll(file, ReadOptions.DEFAULTS));
    }

    @Test
    void infoNamesFormatAndFields() throws Exception {
        try (TraceReader reader = open(fixture("trace.txt"), ReadOptions.DEFAULTS)) {
            assertEquals("tracefs", reader.info().sourceFormat());
            assertEquals(EnumSet.of(Field.COMPLETE, Field.STREAM, Field.PROCESS), reader.info().fields());
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "bad timestamp|dd-100 [001] d..1. 5120.0x0003: block_rq_issue: 8,0 W 4096 () 200 + 8 [dd]|"
                + "expected a timestamp in seconds followed by ':', found '5120.0x0003:'",
        "timestamp without colon|dd-100 [001] d..1. 5120.000003 block_rq_issue: 8,0 W 4096 () 200 + 8 [dd]|"
                + "expected a timestamp in seconds followed by ':', found '5120.000003'",
        "no prefix|block_rq_issue: 8,0 W 4096 () 200 + 8 [dd]|expected TASK-PID [CPU] SECONDS: block_rq_issue:"
                + " MAJ,MIN RWBS BYTES (CMD) SECTOR + NR_SECTORS [COMM], found 'block_rq_issue: 8,0 W 4096 () 200 + 8 [dd]'",
        "bad device|dd-100 [001] d..1. 5120.000003: block_rq_issue: 8.0 W 4096 () 200 + 8 [dd]|"
                + "expected a device as MAJOR,MINOR, found '8.0'",
        "bad bytes|dd-100 [001] d..1. 5120.000003: block_rq_issue: 8,0 W 4k () 200 + 8 [dd]|"
                + "expected a byte count, found '4k'",
        "bad rwbs|dd-100 [001] d..1. 5120.000003: block_rq_issue: 8,0 w 4096 () 200 + 8 [dd]|"
                + "expected RWBS flags (letters such as R, W, D, F, N, S, M, A), found 'w'",
        "no plus|dd-100 [001] d..1. 5120.000003: block_rq_issue: 8,0 W 4096 () 200 8 [dd]|"
                + "expected '+' between sector and sector count, found '8'",
        "bad sector|dd-100 [001] d..1. 5120.000003: block_rq_issue: 8,0 W 4096 () 2x0 + 8 [dd]|"
                + "expected a sector number, found '2x0'",
        "too few fields|dd-100 [001] d..1. 5120.000003: block_rq_complete: 8,0 W () 200|"
                + "expected 11 fields (TASK-PID [CPU] SECONDS: block_rq_complete: MAJ,MIN RWBS (CMD) SECTOR + NR_SECTORS"
                + " [ERROR]), found 'dd-100 [001] d..1. 5120.000003: block_rq_complete: 8,0 W () ...'",
        "zero length|dd-100 [001] d..1. 5120.000003: block_rq_issue: 8,0 R 0 () 200 + 0 [dd]|"
                + "expected a positive length for a read, found"
                + " 'dd-100 [001] d..1. 5120.000003: block_rq_issue: 8,0 R 0 () 2...'",
    })
    void badLineIsReportedWithFileLineAndText(String name, String line, String message) throws Exception {
        Path file = write(ISSUE + COMPLETE + line + "\n");
        SbenchException e = assertThrows(SbenchException.class, () -> readAll(file, ReadOptions.DEFAULTS));
        assertEquals(ErrorKind.BAD_INPUT, e.kind());
        assertEquals(file + ":3: " + message, e.getMessage());
    }

    @Test
    void completionBeforeItsIssueIsABadRecord() throws Exception {
        Path file = write("dd-100 [001] d..1. 5120.000009: block_rq_issue: 8,0 W 4096 () 100 + 8 [dd]\n" + COMPLETE);
        SbenchException e = assertThrows(SbenchException.class, () -> readAll(file, ReadOptions.DEFAULTS));
        assertEquals(file + ":2: expected a completion time no earlier than its issue at 5120000009000 ns,"
                + " found '5120.000002:'", e.getMessage());
    }

    @Test
    void binaryDataIsNotText() throws Exception {
        Path file = dir.resolve("garbage.bin");
        Files.write(file, new byte[] {0x00, 0x74, 0x61, 0x65, 0x07, '\n'});
        SbenchException e = assertThrows(SbenchException.class, () -> readAll(file, ReadOptions.DEFAULTS));
        assertEquals(file + ":1: expected a text line, found 'binary data'", e.getMessage());
    }

    @Test
    void skipsAndCountsBadRecordsWithinTheAllowance() throws Exception {
        Path file = write("dd-100 [001] d..1. 5120.000000: block_rq_issue: 8,0 W 4096 () 7 + x [dd]\n" + ISSUE + COMPLETE
                + "dd-100 [001] d..1. 5120.000003: block_rq_issue: 8,0 W 4096 () 7 + -8 [dd]\n");
        try (TraceReader reader = open(file, ReadOptions.DEFAULTS.withSkipBad(2))) {
            assertEquals(List.of(record(T0 + 1_000, T0 + 2_000, 100 * 512, 4096, Op.WRITE, SDA, "dd")), readAll(reader));
            assertEquals(2, reader.skippedRecords());
        }
        SbenchException e = assertThrows(SbenchException.class, () -> readAll(file, ReadOptions.DEFAULTS.withSkipBad(1)));
        assertEquals(file + ":4: expected a sector count, found '-8' (more than 1 bad records, the --skip-bad allowance)",
                e.getMessage());
    }

    @Test
    void sniffAcceptsOwnSamples() throws Exception {
        TracefsFormat format = new TracefsFormat();
        assertTrue(format.sniff(TraceInput.of(fixture("trace.txt")).head()));
        assertTrue(format.sniff(TraceInput.of(fixture("perf-script.txt")).head()));
        assertTrue(format.sniff(head(ISSUE + COMPLETE)));
    }

    @Test
    void sniffRejectsOtherFormats() {
        TracefsFormat format = new TracefsFormat();
        for (Map.Entry<String, String> e : FOREIGN.entrySet()) {
            assertFalse(format.sniff(head(e.getValue())), e.getKey());
        }
        assertFalse(format.sniff(head("# tracer: nop\n#\n")), "header only");
        assertFalse(format.sniff(head("bash-1 [000] .... 10.000001: sched_switch: prev_comm=bash\n")), "no block events");
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
        return new TracefsFormat().openReader(TraceInput.of(file), options);
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
        Path file = dir.resolve("trace");
        Files.writeString(file, text, StandardCharsets.UTF_8);
        return file;
    }

    private static TraceHead head(String text) {
        return new TraceHead(text.getBytes(StandardCharsets.UTF_8));
    }

    private static Path fixture(String name) throws URISyntaxException {
        return Path.of(TracefsReaderTest.class.getResource(name).toURI());
    }
}
