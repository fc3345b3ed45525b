// Tests of the tracefs block-event reader and its format detection.
package org.sbench.trace.format.tracefs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.sbench.trace.TestRecords.assertBadInput;
import static org.sbench.trace.TestRecords.readAll;
import static org.sbench.trace.TestRecords.readError;
import static org.sbench.trace.TestRecords.record;
import static org.sbench.trace.format.FormatSamples.fixture;
import static org.sbench.trace.format.FormatSamples.head;
import static org.sbench.trace.format.FormatSamples.write;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.sbench.SbenchException;
import org.sbench.trace.Field;
import org.sbench.trace.Op;
import org.sbench.trace.TraceReader;
import org.sbench.trace.format.FormatSamples;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.input.TraceInput;

class TracefsReaderTest {
    private static final int NVME = 259 << 20;
    private static final int SDA = 8 << 20;
    private static final long T0 = 5120L * 1_000_000_000L;
    private static final String ISSUE = "dd-100 [001] d..1. 5120.000001: block_rq_issue: 8,0 W 4096 () 100 + 8 [dd]\n";
    private static final String COMPLETE = "<idle>-0 [001] ..s1. 5120.000002: block_rq_complete: 8,0 W () 100 + 8 [0]\n";

    private static final TracefsFormat FORMAT = new TracefsFormat();

    @TempDir
    Path dir;

    @Test
    void pairsIssuesWithCompletionsInIssueOrder() throws Exception {
        try (TraceReader reader = open(fixture("tracefs/trace.txt"), ReadOptions.DEFAULTS)) {
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
                readAll(FORMAT, fixture("tracefs/perf-script.txt"), ReadOptions.DEFAULTS));
    }

    @Test
    void readsOldKernelLinesWithoutIoprioOrCommand() throws Exception {
        Path file = write(dir, "kworker/0:1-50 [000] 100.500000: block_rq_issue: 8,16 W 0 () 18 + 8 [kworker/0:1]\n"
                + "<idle>-0 [000] 100.500250: block_rq_complete: 8,16 W 18 + 8 [0]\n");
        assertEquals(List.of(record(100_500_000_000L, 100_500_250_000L, 18 * 512, 4096, Op.WRITE, SDA | 16, "kworker/0:1")),
                readAll(FORMAT, file, ReadOptions.DEFAULTS));
    }

    @Test
    void infoNamesFormatAndFields() throws Exception {
        try (TraceReader reader = open(fixture("tracefs/trace.txt"), ReadOptions.DEFAULTS)) {
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
        Path file = write(dir, ISSUE + COMPLETE + line + "\n");
        assertBadInput(file + ":3: " + message, FORMAT, file);
    }

    @Test
    void completionBeforeItsIssueIsABadRecord() throws Exception {
        Path file = write(dir, "dd-100 [001] d..1. 5120.000009: block_rq_issue: 8,0 W 4096 () 100 + 8 [dd]\n" + COMPLETE);
        SbenchException e = readError(FORMAT, file, ReadOptions.DEFAULTS);
        assertEquals(file + ":2: expected a completion time no earlier than its issue at 5120000009000 ns,"
                + " found '5120.000002:'", e.getMessage());
    }

    @Test
    void binaryDataIsNotText() throws Exception {
        Path file = dir.resolve("garbage.bin");
        Files.write(file, new byte[] {0x00, 0x74, 0x61, 0x65, 0x07, '\n'});
        SbenchException e = readError(FORMAT, file, ReadOptions.DEFAULTS);
        assertEquals(file + ":1: expected a text line, found 'binary data'", e.getMessage());
    }

    @Test
    void skipsAndCountsBadRecordsWithinTheAllowance() throws Exception {
        Path file = write(dir, "dd-100 [001] d..1. 5120.000000: block_rq_issue: 8,0 W 4096 () 7 + x [dd]\n" + ISSUE + COMPLETE
                + "dd-100 [001] d..1. 5120.000003: block_rq_issue: 8,0 W 4096 () 7 + -8 [dd]\n");
        try (TraceReader reader = open(file, ReadOptions.DEFAULTS.withSkipBad(2))) {
            assertEquals(List.of(record(T0 + 1_000, T0 + 2_000, 100 * 512, 4096, Op.WRITE, SDA, "dd")), readAll(reader));
            assertEquals(2, reader.skippedRecords());
        }
        SbenchException e = readError(FORMAT, file, ReadOptions.DEFAULTS.withSkipBad(1));
        assertEquals(file + ":4: expected a sector count, found '-8' (more than 1 bad records, the --skip-bad allowance)",
                e.getMessage());
    }

    @Test
    void sniffAcceptsOwnSamples() throws Exception {
        TracefsFormat format = new TracefsFormat();
        assertTrue(format.sniff(TraceInput.of(fixture("tracefs/trace.txt")).head()));
        assertTrue(format.sniff(TraceInput.of(fixture("tracefs/perf-script.txt")).head()));
        assertTrue(format.sniff(head(ISSUE + COMPLETE)));
    }

    @Test
    void sniffRejectsOtherFormats() {
        TracefsFormat format = new TracefsFormat();
        FormatSamples.assertOtherFormatsRejected(format);
        assertFalse(format.sniff(head("# tracer: nop\n#\n")), "header only");
        assertFalse(format.sniff(head("bash-1 [000] .... 10.000001: sched_switch: prev_comm=bash\n")), "no block events");
    }

    private static TraceReader open(Path file, ReadOptions options) {
        return FORMAT.openReader(TraceInput.of(file), options);
    }
}
