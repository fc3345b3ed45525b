// Tests of the tracefs block-event reader and its format detection.
package org.sbench.trace.format.tracefs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.sbench.trace.TestRecords.assertBadInput;
import static org.sbench.trace.TestRecords.readAll;
import static org.sbench.trace.TestRecords.readError;
import static org.sbench.trace.TestRecords.record;
import static org.sbench.trace.format.FormatSamples.fixture;
import static org.sbench.trace.format.FormatSamples.head;
import static org.sbench.trace.format.FormatSamples.write;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.sbench.SbenchException;
import org.sbench.trace.Field;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;
import org.sbench.trace.RequestAccounts;
import org.sbench.trace.TraceReader;
import org.sbench.trace.format.FormatSamples;
import org.sbench.trace.format.TraceFormats;
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
                    record(T0 + 6_000_000, T0 + 6_200_000, 4096L * 512, 4096, Op.WRITE, SDA, "dd"),
                    record(T0 + 7_000_000, IoRecord.NO_TIME, 9999L * 512, 4096, Op.WRITE, SDA, "dd")), readAll(reader));
            assertEquals(0, reader.skippedRecords(), "the issue that never completed is an IO without a completion time");
        }
    }

    /**
     * A write whose completion the ring buffer lost, and a later write of the same sector: across
     * a loss line the first is given up, so the second keeps its own 100 us, not the 2 s since the
     * first; without one the two are a rewrite in flight and pair oldest first.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "kernel|CPU:1 [LOST 812 EVENTS]|true",
        "kernel, count unknown|CPU:1 [LOST EVENTS]|true",
        "trace-cmd|CPU:1 [812 EVENTS DROPPED]|true",
        "no loss line|# a comment|false",
    })
    void aWriteWaitingAcrossALossDoesNotTakeTheNextWriteOfItsSector(String name, String lossLine, boolean lost)
            throws Exception {
        Path file = write(dir, "fio-9 [000] ..... 100.000000: block_rq_issue: 8,0 W 4096 () 64 + 8 be,0,4 [fio]\n"
                + "fio-9 [000] ..... 100.000010: block_rq_issue: 8,0 R 4096 () 128 + 8 be,0,4 [fio]\n"
                + lossLine + "\n"
                + "fio-9 [000] ..... 102.000000: block_rq_issue: 8,0 W 4096 () 64 + 8 be,0,4 [fio]\n"
                + "<idle>-0 [000] ..s1. 102.000100: block_rq_complete: 8,0 W () 64 + 8 be,0,4 [0]\n"
                + "<idle>-0 [000] ..s1. 102.000200: block_rq_complete: 8,0 R () 128 + 8 be,0,4 [0]\n");
        IoRecord read = record(100_000_010_000L, 102_000_200_000L, 128 * 512, 4096, Op.READ, SDA, "fio");
        List<IoRecord> expected = lost
                ? List.of(record(100_000_000_000L, IoRecord.NO_TIME, 64 * 512, 4096, Op.WRITE, SDA, "fio"), read,
                        record(102_000_000_000L, 102_000_100_000L, 64 * 512, 4096, Op.WRITE, SDA, "fio"))
                : List.of(record(100_000_000_000L, 102_000_100_000L, 64 * 512, 4096, Op.WRITE, SDA, "fio"), read,
                        record(102_000_000_000L, IoRecord.NO_TIME, 64 * 512, 4096, Op.WRITE, SDA, "fio"));
        assertEquals(expected, readAll(FORMAT, file, ReadOptions.DEFAULTS));
    }

    /**
     * A write-zeroes (as a loop device over ext4 logged it for {@code blkdiscard -z -l 4194304}), a
     * zone reset requeued and issued again, and an old kernel's passthrough command are no IOs:
     * left out, and counted with the bytes they span.
     */
    @Test
    void requestsOfOtherKindsAreLeftOutAndCounted() throws Exception {
        Path file = write(dir, "kworker/1:1H-23789 [001] ..... 13685.707003: block_rq_issue: 7,0 NS 4194304 () 0 + 8192 be,0,4 [kworker/1:1H]\n"
                + "ksoftirqd/1-24 [001] ..s.. 13685.707164: block_rq_complete: 7,0 NS () 0 + 8192 be,0,4 [0]\n"
                + "dd-26558 [001] ..... 13685.746810: block_rq_issue: 7,0 WS 4096 () 16384 + 8 be,0,4 [dd]\n"
                + "blkzone-9 [001] ..... 13685.750000: block_rq_issue: 7,0 N 0 () 524288 + 0 be,0,4 [blkzone]\n"
                + "blkzone-9 [001] ..... 13685.750001: block_rq_requeue: 7,0 N () 524288 + 0 be,0,4 [0]\n"
                + "blkzone-9 [001] ..... 13685.750100: block_rq_issue: 7,0 N 0 () 524288 + 0 be,0,4 [blkzone]\n"
                + "sg_inq-7 [000] 13685.760000: block_rq_issue: 8,0 N 36 (12 00 00 00 24 00) 0 + 0 [sg_inq]\n"
                + "ksoftirqd/1-24 [001] ..s.. 13685.746862: block_rq_complete: 7,0 WS () 16384 + 8 be,0,4 [0]\n");
        try (TraceReader reader = open(file, ReadOptions.DEFAULTS)) {
            assertEquals(List.of(record(13685_746_810_000L, 13685_746_862_000L, 16384L * 512, 4096, Op.WRITE, 7 << 20, "dd")),
                    readAll(reader));
            assertEquals(new RequestAccounts.Counts(3, 4 << 20, 0, List.of()), reader.requestAccounts().counts());
        }
    }

    /**
     * Reads of a loop device whose file was cut short failed with EIO ({@code [-5]}, as the kernel
     * logged them), one with ENODATA: they stay IOs, and are counted by error.
     */
    @Test
    void failedIosAreKeptAndCountedByError() throws Exception {
        Path file = write(dir, "dd-26562 [001] ..... 13685.937847: block_rq_issue: 7,0 RS 4096 () 32768 + 8 be,0,4 [dd]\n"
                + "ksoftirqd/1-24 [001] ..s.. 13685.937880: block_rq_complete: 7,0 RS () 32768 + 8 be,0,4 [-5]\n"
                + "dd-26562 [001] ..... 13685.937900: block_rq_issue: 7,0 RS 4096 () 32776 + 8 be,0,4 [dd]\n"
                + "ksoftirqd/1-24 [001] ..s.. 13685.937910: block_rq_complete: 7,0 RS () 32776 + 8 be,0,4 [-5]\n"
                + "dd-26563 [001] ..... 13685.955572: block_rq_issue: 7,0 RS 4096 () 0 + 8 be,0,4 [dd]\n"
                + "ksoftirqd/1-24 [001] ..s.. 13685.955613: block_rq_complete: 7,0 RS () 0 + 8 be,0,4 [0]\n"
                + "dd-26564 [001] ..... 13685.960000: block_rq_issue: 7,0 R 4096 () 8 + 8 [dd]\n"
                + "ksoftirqd/1-24 [001] ..s.. 13685.960010: block_rq_complete: 7,0 R () 8 + 8 [-61]\n");
        try (TraceReader reader = open(file, ReadOptions.DEFAULTS)) {
            assertEquals(4, readAll(reader).size());
            assertEquals(new RequestAccounts.Counts(0, 0, 3, List.of(new RequestAccounts.Failure("EIO", 2),
                    new RequestAccounts.Failure("ENODATA", 1))), reader.requestAccounts().counts());
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
        "bad error code|<idle>-0 [001] ..s1. 5120.000004: block_rq_complete: 8,0 W () 100 + 8 [-x]|"
                + "expected an error code such as [0] or [-5], found '[-x]'",
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
                + " [ERROR]), found 'dd-100 [001] d..1. 5120.000003: block_rq_complete: 8,0 W () ...' (63 characters)",
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
    void aProcessNameWithSpacesIsItsUtf8TextAsPrinted() throws Exception {
        // The kernel prints a comm as it is: UTF-8, its spaces (two in the second) kept.
        Path file = write(dir, "x-1 [001] ..... 5120.000001: block_rq_issue: 8,0 W 4096 () 100 + 8 [Web Cont\u00e9nt]\n"
                + "x-1 [001] ..... 5120.000002: block_rq_issue: 8,0 W 4096 () 200 + 8 [Web  Content]\n"
                + "x-1 [001] ..... 5120.000003: block_rq_issue: 8,0 W 4096 () 300 + 8 [Web Cont\u00e9nt]\n"
                + "<idle>-0 [001] ..s1. 5120.000004: block_rq_complete: 8,0 W () 100 + 8 [0]\n"
                + "<idle>-0 [001] ..s1. 5120.000005: block_rq_complete: 8,0 W () 200 + 8 [0]\n"
                + "<idle>-0 [001] ..s1. 5120.000006: block_rq_complete: 8,0 W () 300 + 8 [0]\n");
        List<IoRecord> records = readAll(FORMAT, file, ReadOptions.DEFAULTS);
        assertEquals(List.of("Web Cont\u00e9nt", "Web  Content", "Web Cont\u00e9nt"),
                records.stream().map(r -> r.process).toList());
        assertSame(records.get(0).process, records.get(2).process, "one String for a name seen before");
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
    void currentKernelFlushSequencePairs() throws Exception {
        // Linux 6.x: an fsync's write, then the flush issued as sector 0 and completed as 2^64 - 1,
        // then the completion of the data-less write that asked for the flush (never issued).
        Path file = write(dir, "python3-21865 [001] ..... 4050.831731: block_rq_issue: 7,0 WS 4096 () 0 + 8 be,0,4 [python3]\n"
                + "python3-21865 [001] ..... 4050.831740: block_rq_issue: 7,0 W 4096 () 8 + 8 be,0,4 [python3]\n"
                + "ksoftirqd/1-22 [001] ..s.. 4050.831825: block_rq_complete: 7,0 WS () 0 + 8 be,0,4 [0]\n"
                + "kworker/1:1H-44 [001] ..... 4050.831868: block_rq_issue: 7,0 FF 0 () 0 + 0 none,0,0 [kworker/1:1H]\n"
                + "ksoftirqd/1-22 [001] ..s.. 4050.832271: block_rq_complete: 7,0 FF () 18446744073709551615 + 0 none,0,0 [0]\n"
                + "ksoftirqd/1-22 [001] d.s1. 4050.832272: block_rq_complete: 7,0 WS () 0 + 0 be,0,4 [0]\n"
                + "ksoftirqd/1-22 [001] ..s.. 4050.832300: block_rq_complete: 7,0 W () 8 + 8 be,0,4 [0]\n");
        long t = 4050L * 1_000_000_000L;
        int loop0 = 7 << 20;
        assertEquals(List.of(
                record(t + 831_731_000, t + 831_825_000, 0, 4096, Op.WRITE, loop0, "python3"),
                record(t + 831_740_000, t + 832_300_000, 4096, 4096, Op.WRITE, loop0, "python3"),
                record(t + 831_868_000, t + 832_271_000, 0, 0, Op.FLUSH, loop0, "kworker/1:1H")),
                readAll(FORMAT, file, ReadOptions.DEFAULTS));
    }

    @Test
    void aRequeueDropsTheRequestJustIssuedNotAnOlderOneOfItsSectorInFlight() throws Exception {
        // A write in flight at sector 2000; a second write there is issued, requeued by the driver
        // (BLK_STS_RESOURCE after blk_mq_start_request, as SATA's deferral of NCQ commands does) and
        // issued again. Both are recorded once, each with its own times.
        Path file = write(dir, "fio-100 [000] ..... 101.000100: block_rq_issue: 8,0 W 4096 () 2000 + 8 be,0,4 [fio]\n"
                + "dd-200 [001] ..... 101.000200: block_rq_issue: 8,0 W 4096 () 2000 + 8 be,0,4 [dd]\n"
                + "dd-200 [001] ..... 101.000210: block_rq_requeue: 8,0 W () 2000 + 8 be,0,4 [0]\n"
                + "<idle>-0 [000] ..s.. 101.000500: block_rq_complete: 8,0 W () 2000 + 8 be,0,4 [0]\n"
                + "kworker/1:1H-60 [001] ..... 101.000600: block_rq_issue: 8,0 W 4096 () 2000 + 8 be,0,4 [kworker/1:1H]\n"
                + "<idle>-0 [001] ..s.. 101.000900: block_rq_complete: 8,0 W () 2000 + 8 be,0,4 [0]\n");
        long t = 101L * 1_000_000_000L;
        assertEquals(List.of(
                record(t + 100_000, t + 500_000, 2000L * 512, 4096, Op.WRITE, SDA, "fio"),
                record(t + 600_000, t + 900_000, 2000L * 512, 4096, Op.WRITE, SDA, "kworker/1:1H")),
                readAll(FORMAT, file, ReadOptions.DEFAULTS));
    }

    @Test
    void aRequeueOfARequestNeverIssuedDropsNoIssueInFlight() throws Exception {
        // A write in flight at sector 2000, a read issued after it; a second write at 2000 is refused
        // before it was started (SCSI host busy: block_rq_requeue without block_rq_issue) and issued
        // later. All three are recorded, each with its own times: the requeue dropped the write in
        // flight, whose completion then found no issue.
        Path file = write(dir, "fio-100 [000] ..... 101.000100: block_rq_issue: 8,0 W 4096 () 2000 + 8 be,0,4 [fio]\n"
                + "cat-300 [000] ..... 101.000150: block_rq_issue: 8,0 R 4096 () 5000 + 8 be,0,4 [cat]\n"
                + "dd-200 [001] ..... 101.000200: block_rq_requeue: 8,0 W () 2000 + 8 be,0,4 [0]\n"
                + "<idle>-0 [000] ..s.. 101.000500: block_rq_complete: 8,0 W () 2000 + 8 be,0,4 [0]\n"
                + "kworker/1:1H-60 [001] ..... 101.000600: block_rq_issue: 8,0 W 4096 () 2000 + 8 be,0,4 [kworker/1:1H]\n"
                + "<idle>-0 [000] ..s.. 101.000650: block_rq_complete: 8,0 R () 5000 + 8 be,0,4 [0]\n"
                + "<idle>-0 [001] ..s.. 101.000900: block_rq_complete: 8,0 W () 2000 + 8 be,0,4 [0]\n");
        long t = 101L * 1_000_000_000L;
        assertEquals(List.of(
                record(t + 100_000, t + 500_000, 2000L * 512, 4096, Op.WRITE, SDA, "fio"),
                record(t + 150_000, t + 650_000, 5000L * 512, 4096, Op.READ, SDA, "cat"),
                record(t + 600_000, t + 900_000, 2000L * 512, 4096, Op.WRITE, SDA, "kworker/1:1H")),
                readAll(FORMAT, file, ReadOptions.DEFAULTS));
    }

    @Test
    void liveReaderHandsMarkersOverAndEndsWhereTheSinkSays() throws Exception {
        String text = "java-7 [000] ...1. 5119.999000: tracing_mark_write: sbench-mark boot done\n"
                + ISSUE
                + "java-7 [000] ...1. 5120.000001: tracing_mark_write: \n"
                + "dd-100 [001] d..1. 5120.000005: block_rq_issue: 8,0 R 4096 () 300 + 8 [dd]\n"
                + COMPLETE
                + "java-7 [000] ...1. 5120.000010: tracing_mark_write: sbench-end\n"
                + "<idle>-0 [001] ..s1. 5120.000020: block_rq_complete: 8,0 R () 300 + 8 [0]\n";
        List<String> seen = new ArrayList<>();
        TraceInput input = TraceInput.live("trace_pipe", new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)));
        try (TracefsReader reader = TracefsReader.live(input, ReadOptions.DEFAULTS, (timeNs, marker) -> {
            seen.add(timeNs + " '" + marker + "'");
            return marker.equals("sbench-end");
        })) {
            assertEquals(List.of(record(T0 + 1_000, T0 + 2_000, 100 * 512, 4096, Op.WRITE, SDA, "dd")), readAll(reader));
            assertEquals(List.of((T0 - 1_000_000) + " 'sbench-mark boot done'", (T0 + 1_000) + " ''", (T0 + 10_000) + " 'sbench-end'"), seen);
            assertEquals(1, reader.skippedRecords(), "the read still waiting at the end marker is dropped");
        }
    }

    /**
     * A file none of whose lines is a kernel trace's (an MSR trace, a blkparse capture read with --from tracefs) read
     * as 0 IOs, exit 0 (fuzz audit); a header alone, events of no block IO, and a blank file still read as none.
     */
    @Test
    void aFileWithNoLineOfATraceIsRefused() throws Exception {
        FormatSamples.assertEachRefused(FORMAT, ": no line is a kernel trace's (a header from '# tracer:', or an event"
                + " 'TASK-PID [CPU] SECONDS: EVENT: ...'): not a tracefs trace", fixture("msr/hm_1.csv"),
                write(dir, "# source: msr\nissue_ns,complete_ns,offset,length,op,stream,qd,process\n0,1,0,4096,R,0,1,\n"),
                fixture("blkparse/two-disks.txt"));
        FormatSamples.assertEachReadsAsNoIo(FORMAT, dir, "# tracer: nop\n#\n",
                "CPU 0 is empty\ncpus=2\n  bash-1 [000] ..... 5120.000001: sched_switch: prev_comm=bash\nCPU:1 [LOST 3 EVENTS]\n",
                "\n \n");
    }

    @Test
    void markerLinesAreNotEventsForAFileReader() throws Exception {
        Path file = write(dir, ISSUE + "java-7 [000] ...1. 5120.000001: tracing_mark_write: sbench-end\n" + COMPLETE);
        assertEquals(List.of(record(T0 + 1_000, T0 + 2_000, 100 * 512, 4096, Op.WRITE, SDA, "dd")),
                readAll(FORMAT, file, ReadOptions.DEFAULTS));
    }

    @Test
    void liveInputOpensOnceAndHasNoHead() {
        TraceInput input = TraceInput.live("trace_pipe", new ByteArrayInputStream(new byte[0]));
        assertThrows(IllegalStateException.class, input::head);
        input.openStream();
        assertEquals("trace_pipe: is a pipe or a stream, read once, and its reader needs to read it again; save it to a file first",
                assertThrows(org.sbench.SbenchException.class, input::openStream).getMessage());
    }

    @Test
    void sniffAcceptsOwnSamples() throws Exception {
        TracefsFormat format = new TracefsFormat();
        assertTrue(format.sniff(TraceInput.of(fixture("tracefs/trace.txt")).head()));
        assertTrue(format.sniff(TraceInput.of(fixture("tracefs/perf-script.txt")).head()));
        assertTrue(format.sniff(head(ISSUE + COMPLETE)));
    }

    /**
     * A trace_clock that counts rather than keeping time (uptime in jiffies, counter, x86-tsc in
     * cycles) prints the timestamp without a fraction: such a capture is a tracefs trace whose
     * times are not seconds. Detection said "not a trace format", and {@code --from tracefs} read
     * 6883689 jiffies as 6883689 s.
     */
    @Test
    void countingClockIsDetectedAndRefusedAtItsFirstEvent() throws Exception {
        String uptime = "              dd-23563   [000] .....      6883689: block_rq_issue: 7,0 RS 65536 () 0 + 128 be,0,4 [dd]\n"
                + "     ksoftirqd/0-14      [000] ..s..      6883689: block_rq_complete: 7,0 RS () 0 + 128 be,0,4 [0]\n"
                + "              dd-23563   [000] .....      6883690: block_rq_issue: 7,0 RS 65536 () 128 + 128 be,0,4 [dd]\n";
        assertTrue(FORMAT.sniff(head(uptime)));
        Path file = write(dir, uptime);
        assertBadInput(file + ":1: expected a timestamp in seconds with a fraction followed by ':' (a trace_clock that"
                + " counts, uptime, counter or x86-tsc, prints none: capture with trace_clock local), found '6883689:'",
                FORMAT, file);
    }

    /**
     * {@code trace-cmd report} prints a line per CPU that logged nothing before the events; ten of
     * them and {@code cpus=12} (real lines: a {@code trace-cmd report} of a 12-CPU machine posted
     * to linux-kernel, in linux-mailinglist-archives) before block events (real lines of Brendan
     * Gregg's perf heat map page, as trace-cmd names the events) were more than half of the lines
     * detection looked at, and the file was "not a trace format".
     */
    @Test
    void traceCmdReportPreambleOfEmptyCpusIsPassedOverByDetection() throws Exception {
        StringBuilder text = new StringBuilder();
        for (int cpu = 0; cpu < 10; cpu++) {
            text.append("CPU ").append(cpu).append(" is empty\n");
        }
        text.append("cpus=12\n")
                .append("     randread.pl  2522 [010]  6011.824759: block_rq_issue: 254,16 R 0 () 7322849 + 16 [randread.pl]\n")
                .append("     randread.pl  2520 [010]  6011.824866: block_rq_issue: 254,16 R 0 () 26144801 + 16 [randread.pl]\n")
                .append("         swapper     0 [010]  6011.828913: block_rq_complete: 254,16 R () 31262577 + 16 [0]\n")
                .append("     randread.pl  2521 [010]  6011.828970: block_rq_issue: 254,16 R 0 () 70295937 + 16 [randread.pl]\n")
                .append("         swapper     0 [010]  6011.835862: block_rq_complete: 254,16 R () 26144801 + 16 [0]\n")
                .append("     randread.pl  2520 [010]  6011.835932: block_rq_issue: 254,16 R 0 () 5495681 + 16 [randread.pl]\n")
                .append("         swapper     0 [010]  6011.837988: block_rq_complete: 254,16 R () 7322849 + 16 [0]\n")
                .append("     randread.pl  2522 [010]  6011.838051: block_rq_issue: 254,16 R 0 () 108589633 + 16 [randread.pl]\n")
                .append("         swapper     0 [010]  6011.850615: block_rq_complete: 254,16 R () 108589633 + 16 [0]\n");
        Path file = write(dir, text.toString());
        assertEquals("tracefs", TraceFormats.standard().detect(TraceInput.of(file)).name());
        int dm = (254 << 20) | 16;
        long t0 = 6011L * 1_000_000_000L;
        try (TraceReader reader = open(file, ReadOptions.DEFAULTS)) {
            assertEquals(List.of(
                    record(t0 + 824_759_000, t0 + 837_988_000, 7322849L * 512, 8192, Op.READ, dm, "randread.pl"),
                    record(t0 + 824_866_000, t0 + 835_862_000, 26144801L * 512, 8192, Op.READ, dm, "randread.pl"),
                    record(t0 + 828_970_000, IoRecord.NO_TIME, 70295937L * 512, 8192, Op.READ, dm, "randread.pl"),
                    record(t0 + 835_932_000, IoRecord.NO_TIME, 5495681L * 512, 8192, Op.READ, dm, "randread.pl"),
                    record(t0 + 838_051_000, t0 + 850_615_000, 108589633L * 512, 8192, Op.READ, dm, "randread.pl")),
                    readAll(reader));
        }
    }

    /**
     * The latency format ({@code trace-cmd report -l}) writes the CPU without brackets with the
     * flags after it ({@code 2.....}, {@code 4..s1.}). Real lines of a 6.14 kernel (ioprio printed
     * as {@code 0x0,0,0}) from Song Chen's "a question about direct IO", linux-block, 2025-04-29
     * (linux-mailinglist-archives/linux-block.vger.kernel.org), unwrapped: they were "not a trace
     * format" though {@code --from tracefs} read them.
     */
    @Test
    void latencyFormatWithFlagsAfterTheCpuIsDetectedAndRead() throws Exception {
        Path file = write(dir, ""
                + "     test-3136    2.....   284.024657: block_rq_issue:       8,0 RA 1310720 () 505083904 + 2560 0x0,0,0 [test]\n"
                + "     test-3136    2.....   284.024659: scsi_dispatch_cmd_start: host_no=0 channel=0 id=0 lun=0 data_sgl=20"
                + " prot_sgl=0 prot_op=0x0 driver_tag=10 scheduler_tag=12 cmnd=(READ_10 lba=505083904 txlen=2560 protect=0"
                + " raw=28 00 1e 1a f8 00 00 0a 00 00)\n"
                + "     test-3136    2d..1.   284.024672: ata_qc_issue:         [FAILED TO PARSE] ata_port=1 ata_dev=0 tag=10\n"
                + "   <idle>-0       4..s1.   284.025825: block_rq_complete:    8,0 RA () 505081344 + 2560 0x0,0,0 [0]\n"
                + "     test-3136    2.....   284.026912: block_rq_issue:       8,0 RA 1310720 () 505086464 + 2560 0x0,0,0 [test]\n"
                + "   <idle>-0       4d.h2.   284.028033: scsi_dispatch_cmd_done: host_no=0 channel=0 id=0 lun=0\n"
                + "   <idle>-0       4..s1.   284.028039: block_rq_complete:    8,0 RA () 505083904 + 2560 0x0,0,0 [0]\n");
        assertEquals("tracefs", TraceFormats.standard().detect(TraceInput.of(file)).name());
        long t0 = 284L * 1_000_000_000L;
        try (TraceReader reader = open(file, ReadOptions.DEFAULTS)) {
            assertEquals(List.of(
                    record(t0 + 24_657_000, t0 + 28_039_000, 505083904L * 512, 2560 * 512, Op.READ, SDA, "test"),
                    record(t0 + 26_912_000, IoRecord.NO_TIME, 505086464L * 512, 2560 * 512, Op.READ, SDA, "test")),
                    readAll(reader));
        }
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
