// Tests of the blkparse text reader and its format detection.
package org.sbench.trace.format.blkparse;

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
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;
import org.sbench.trace.RequestAccounts;
import org.sbench.trace.TraceReader;
import org.sbench.trace.format.FormatSamples;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.input.TraceHead;
import org.sbench.trace.input.TraceInput;

class BlkparseReaderTest {
    private static final int SDA = 8 << 20;
    private static final int SDB = 8 << 20 | 16;
    private static final String GOOD = "  8,0    1        1     0.000001000   100  D   W 100 + 8 [dd]\n"
            + "  8,0    0        2     0.000002000     0  C   W 100 + 8 [0]\n";

    private static final BlkparseFormat FORMAT = new BlkparseFormat();

    @TempDir
    Path dir;

    @Test
    void pairsIssuesWithCompletionsInIssueOrder() throws Exception {
        try (TraceReader reader = open(fixture("blkparse/two-disks.txt"), ReadOptions.DEFAULTS)) {
            assertEquals(List.of(
                    record(10_000, 300_000, 223490L * 512, 4096, Op.WRITE, SDA, "kjournald"),
                    record(20_000, 40_000, 5000L * 512, 32 * 512, Op.READ, SDA, "Web Content"),
                    record(50_000, 400_000, 0, 0, Op.FLUSH, SDA, "kworker/1:1H"),
                    record(310_000, 600_000, 2048L * 512, 2048 * 512, Op.TRIM, SDB, "fstrim"),
                    record(500_000, 700_000, 4096L * 512, 4096, Op.WRITE, SDB, "jbd2/sdb1-8"),
                    record(1_000_000, 1_500_000, 800L * 512, 4096, Op.WRITE, SDA, "postgres"),
                    record(2_000_000, 2_100_000, 0, 0, Op.FLUSH, SDA, "kworker/u8:0"),
                    record(3_000_000, IoRecord.NO_TIME, 9999L * 512, 4096, Op.READ, SDA, "lost")), readAll(reader));
            assertEquals(0, reader.skippedRecords(), "the D that never completed is an IO without a completion time");
            assertEquals(new RequestAccounts.Counts(3, 0, 0, List.of()), reader.requestAccounts().counts(),
                    "two passthrough commands and a zone command (N) are counted");
        }
    }

    /**
     * A file none of whose lines is blkparse's (a tracefs capture, an fio iolog read with --from blkparse) read as 0 IOs,
     * exit 0 (fuzz audit); events of no block IO, a closing summary alone and a blank file still read as none.
     */
    @Test
    void aFileWithNoLineOfBlkparseIsRefused() throws Exception {
        FormatSamples.assertEachRefused(FORMAT, ": no line is blkparse's (an event 'maj,min cpu seq seconds pid action ...',"
                + " or its summary): not blkparse output", fixture("tracefs/trace.txt"),
                write(dir, "fio version 2 iolog\n/dev/sda add\n/dev/sda open\n/dev/sda read 0 4096\n"));
        FormatSamples.assertEachReadsAsNoIo(FORMAT, dir, "  8,0    1        1     0.000001000   100  Q   W 100 + 8 [dd]\n",
                "Total (8,0):\n Reads Queued:           0,        0KiB\n", "\n \n");
    }

    @Test
    void aProcessNameWithSpacesIsItsUtf8TextAsPrinted() throws Exception {
        Path file = write(dir, "  8,0 1 1 0.000001000 9 D R 100 + 8 [Web Cont\u00e9nt]\n"
                + "  8,0 0 2 0.000002000 0 C R 100 + 8 [0]\n");
        assertEquals(List.of("Web Cont\u00e9nt"),
                readAll(FORMAT, file, ReadOptions.DEFAULTS).stream().map(r -> r.process).toList());
    }

    /** blkparse prints the kernel's 16-bit error as it is: -5 as 65531, or as -5; both are EIO. */
    @Test
    void failedIosAreKeptAndCountedByError() throws Exception {
        Path file = write(dir, "  8,0 1 1 0.000001000 9 D R 100 + 8 [dd]\n"
                + "  8,0 0 2 0.000002000 0 C R 100 + 8 [65531]\n"
                + "  8,0 1 3 0.000003000 9 D R 200 + 8 [dd]\n"
                + "  8,0 0 4 0.000004000 0 C R 200 + 8 (    1000) [-5]\n" + GOOD);
        try (TraceReader reader = open(file, ReadOptions.DEFAULTS)) {
            assertEquals(3, readAll(reader).size());
            assertEquals(new RequestAccounts.Counts(0, 0, 2, List.of(new RequestAccounts.Failure("EIO", 2))),
                    reader.requestAccounts().counts());
        }
    }

    @Test
    void requeuedRequestOfAnotherKindIsCountedOnceWithItsSpan() throws Exception {
        Path file = write(dir, "  7,0 1 1 0.000001000 9 D N 524288 + 8192 [kworker/1:1H]\n"
                + "  7,0 1 2 0.000002000 9 R N 524288 + 8192 [0]\n"
                + "  7,0 1 3 0.000003000 9 D N 524288 + 8192 [kworker/1:1H]\n"
                + "  7,0 0 4 0.000004000 0 C N 524288 + 8192 [0]\n" + GOOD);
        try (TraceReader reader = open(file, ReadOptions.DEFAULTS)) {
            assertEquals(1, readAll(reader).size());
            assertEquals(new RequestAccounts.Counts(1, 4 << 20, 0, List.of()), reader.requestAccounts().counts());
        }
    }

    @Test
    void flushPrintedWithoutSectorAndBlocksIsAFlush() throws Exception {
        // blkparse 1.2.0 prints a request that moves no data without "sector + blocks": the D with
        // the process name alone, the C with the sector alone (as it printed a sync's flush).
        Path file = write(dir, "  8,0    0        1     0.000000000  4100  Q FWS [sync]\n"
                + "  8,0    0        2     0.000004000   310  D  FN [kworker/0:2H]\n"
                + "  8,0    0        3     0.000068000     0  C  FN 0 [0]\n"
                + "  8,0    0        4     0.000069000     0  C  WS 0 [0]\n"
                + "  8,0    0        5     0.000070000   310  D  FN [kworker/0:2H]\n"
                + "  8,0    0        6     0.000080000     0  R  FN 0 [0]\n"
                + "  8,0    0        7     0.000090000   310  D  FN [kworker/0:2H]\n"
                + "  8,0    0        8     0.000095000     0  C  FN 0 [0]\n"
                + "  8,0    1        9     0.000100000   310  D   W [kworker/1:1H]\n");
        try (TraceReader reader = open(file, ReadOptions.DEFAULTS)) {
            assertEquals(List.of(
                    record(4_000, 68_000, 0, 0, Op.FLUSH, SDA, "kworker/0:2H"),
                    record(90_000, 95_000, 0, 0, Op.FLUSH, SDA, "kworker/0:2H")), readAll(reader));
            assertEquals(new RequestAccounts.Counts(1, 0, 0, List.of()), reader.requestAccounts().counts(),
                    "a write without data that is no flush (a zone reset) is a request of another kind");
        }
    }

    @Test
    void processBlkparseNeverLearnedIsNoProcess() throws Exception {
        // blkparse prints "(null)" for a pid whose name no notify record gave (as the blktrace
        // file it read has none): the IO has no process, as read from that file itself.
        Path file = write(dir, "  7,0    1        1     0.000000000  1234  D   R 7904 + 80 [(null)]\n"
                + "  7,0    1        2     0.000046000  1234  C   R 7904 + 80 [0]\n" + GOOD);
        try (TraceReader reader = open(file, ReadOptions.DEFAULTS)) {
            assertEquals(List.of(
                    record(0, 46_000, 7904L * 512, 80 * 512, Op.READ, 7 << 20, null),
                    record(1_000, 2_000, 100L * 512, 4096, Op.WRITE, SDA, "dd")), readAll(reader));
        }
    }

    @Test
    void completionBelongsToTheOldestIssueOfItsRequestAndEarlierCompletionsAreIgnored() throws Exception {
        assertEquals(List.of(
                record(1_000, 3_000, 10 * 512, 4096, Op.WRITE, SDA, "dd"),
                record(2_000, 4_000, 10 * 512, 4096, Op.WRITE, SDA, "dd")),
                readAll(FORMAT, fixture("blkparse/mid-flight.txt"), ReadOptions.DEFAULTS));
    }

    @Test
    void infoNamesFormatAndFields() throws Exception {
        try (TraceReader reader = open(fixture("blkparse/two-disks.txt"), ReadOptions.DEFAULTS)) {
            assertEquals("blkparse", reader.info().sourceFormat());
            assertEquals(EnumSet.of(Field.COMPLETE, Field.STREAM, Field.PROCESS), reader.info().fields());
        }
    }

    @Test
    void repeatedProcessNamesShareOneString() throws Exception {
        Path file = write(dir, "  8,0 1 1 0.000001000 1 D W 100 + 8 [kworker/0:1H]\n"
                + "  8,0 1 2 0.000002000 1 D W 200 + 8 [kworker/0:1H]\n"
                + "  8,0 0 3 0.000003000 0 C W 100 + 8 [0]\n  8,0 0 4 0.000004000 0 C W 200 + 8 [0]\n");
        List<IoRecord> records = readAll(FORMAT, file, ReadOptions.DEFAULTS);
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
        "huge sector|8,0 1 1 0.000001000 1 D W 36028797018963968 + 8 [a]|"
                + "expected a sector below 2^54, found '36028797018963968'",
    })
    void badLineIsReportedWithFileLineAndText(String name, String line, String message) throws Exception {
        Path file = write(dir, GOOD + line + "\n");
        assertBadInput(file + ":3: " + message, FORMAT, file);
    }

    @Test
    void completionBeforeItsIssueIsABadRecord() throws Exception {
        Path file = write(dir, "  8,0 1 1 0.000500000 1 D W 100 + 8 [a]\n  8,0 0 2 0.000400000 0 C W 100 + 8 [0]\n");
        SbenchException e = readError(FORMAT, file, ReadOptions.DEFAULTS);
        assertEquals(file + ":2: expected a completion time no earlier than its issue at 500000 ns, found '0.000400000'",
                e.getMessage());
    }

    @Test
    void binaryDataIsNotText() throws Exception {
        Path file = dir.resolve("garbage.bin");
        Files.write(file, new byte[] {'8', ',', '0', ' ', 0, 1, 2, (byte) 0xff, '\n'});
        SbenchException e = readError(FORMAT, file, ReadOptions.DEFAULTS);
        assertEquals(file + ":1: expected a text line, found 'binary data'", e.getMessage());
    }

    @Test
    void skipsAndCountsBadRecordsWithinTheAllowance() throws Exception {
        Path file = write(dir, "  8,0 1 1 0.000001000 1 D W -5 + 8 [a]\n" + GOOD
                + "  8,0 1 3 0.00000x000 1 D W 300 + 8 [a]\n");
        try (TraceReader reader = open(file, ReadOptions.DEFAULTS.withSkipBad(2))) {
            assertEquals(List.of(record(1_000, 2_000, 100 * 512, 4096, Op.WRITE, SDA, "dd")), readAll(reader));
            assertEquals(2, reader.skippedRecords());
        }
        SbenchException e = readError(FORMAT, file, ReadOptions.DEFAULTS.withSkipBad(1));
        assertEquals(file + ":4: expected a time in seconds, found '0.00000x000'"
                + " (more than 1 bad records, the --skip-bad allowance)", e.getMessage());
    }

    @Test
    void sniffAcceptsOwnSamples() throws Exception {
        BlkparseFormat format = new BlkparseFormat();
        assertTrue(format.sniff(TraceInput.of(fixture("blkparse/two-disks.txt")).head()));
        assertTrue(format.sniff(TraceInput.of(fixture("blkparse/mid-flight.txt")).head()));
        assertTrue(format.sniff(head(GOOD)));
    }

    /**
     * blkparse ends its output with a summary of some 18 lines (per CPU, and a total when there are
     * several): a capture of a few requests, a sync's flush, is more summary than events, and
     * detection called it no trace format.
     */
    @Test
    void sniffLooksAtTheEventsBeforeTheSummaryOnly() throws Exception {
        String capture = "  8,0    0        1     0.000000000  4100  Q FWS [sync]\n"
                + "  8,0    0        2     0.000001000  4100  G FWS [sync]\n"
                + "  8,0    0        3     0.000004000   310  D  FN [kworker/0:2H]\n"
                + "  8,0    0        4     0.000068000     0  C  FN 0 [0]\n"
                + "  8,0    0        5     0.000069000     0  C  WS 0 [0]\n"
                + "CPU0 (8,0):\n"
                + " Reads Queued:           0,        0KiB\t Writes Queued:           1,        0KiB\n"
                + " Read Dispatches:        1,        0KiB\t Write Dispatches:        0,        0KiB\n"
                + " Reads Requeued:         0\t\t Writes Requeued:         0\n"
                + " Reads Completed:        1,        0KiB\t Writes Completed:        1,        0KiB\n"
                + " Read Merges:            0,        0KiB\t Write Merges:            0,        0KiB\n"
                + " Read depth:             1        \t Write depth:             1\n"
                + " IO unplugs:             0        \t Timer unplugs:           0\n"
                + "\n"
                + "Throughput (R/W): 0KiB/s / 0KiB/s\n"
                + "Events (8,0): 5 entries\n"
                + "Skips: 0 forward (0 -   0.0%)\n";
        assertTrue(new BlkparseFormat().sniff(head(capture)));
        assertEquals(List.of(record(4_000, 68_000, 0, 0, Op.FLUSH, SDA, "kworker/0:2H")),
                readAll(FORMAT, write(dir, capture), ReadOptions.DEFAULTS));
    }

    @Test
    void sniffRejectsOtherFormats() {
        BlkparseFormat format = new BlkparseFormat();
        FormatSamples.assertOtherFormatsRejected(format);
        assertFalse(format.sniff(head("CPU0 (8,0):\n Reads Queued: 0, 0KiB\nTotal (8,0):\n")), "summary only");
        assertFalse(format.sniff(new TraceHead(new byte[] {0x07, 0x74, 0x61, 0x65, 0, 0, 0, 0})), "binary");
    }

    private static TraceReader open(Path file, ReadOptions options) {
        return FORMAT.openReader(TraceInput.of(file), options);
    }
}
