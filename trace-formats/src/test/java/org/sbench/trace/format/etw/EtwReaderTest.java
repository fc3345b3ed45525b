package org.sbench.trace.format.etw;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.sbench.trace.TestRecords.assertBadInput;
import static org.sbench.trace.TestRecords.readAll;
import static org.sbench.trace.TestRecords.record;
import static org.sbench.trace.format.FormatSamples.fixture;
import static org.sbench.trace.format.FormatSamples.write;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.sbench.trace.format.ReaderChecks;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.SbenchException;
import org.sbench.trace.Field;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;
import org.sbench.trace.TraceReader;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.input.TraceInput;

class EtwReaderTest {
    private static final EtwFormat FORMAT = new EtwFormat();
    private static final long US = 1_000L;
    private static final String HEADER = "BeginHeader\n"
            + "  DiskRead,  TimeStamp,  Process Name ( PID),  ThreadID,  IrpPtr,  ByteOffset,  IOSize,  ElapsedTime,  DiskNum,  IrpFlags\n"
            + "EndHeader\n";
    /** A sound row after {@link #HEADER}, with the numbers to vary. */
    private static final String ROW = "DiskRead, %s, a.exe (1), 2, 0xfffffa8000000010, %s, %s, %s, 0, 0x60043";
    /** Where messages cut a quoted line (SbenchException keeps 60 characters). */
    private static final int QUOTE_CHARS = 60;

    @TempDir
    Path dir;

    @Test
    void readsDiskEventsByHeaderColumns() throws Exception {
        assertEquals(List.of(
                io(1_750 * US, 2_000 * US, Op.READ, 0x12340000L, 4096, 0, "notepad.exe"),
                // a comma inside the quoted FileName only adds a field past the ones used
                io(1_400 * US, 2_600 * US, Op.WRITE, 0x100000L, 65536, 1, "System"),
                io(2_925 * US, 3_000 * US, Op.FLUSH, 0, 0, 1, "System"),
                // a process name with a comma, rejoined
                io(3_490 * US, 3_500 * US, Op.READ, 0x2000L, 512, 0, "My,App.exe"),
                // fractional microseconds and a quoted process name
                io(3_900_250, 4_000_500, Op.READ, 0x4000L, 512, 3, "quoted.exe"),
                io(0, 4_100 * US, Op.WRITE, 0x8000L, 1024, 0, "notepad.exe")),
                readAll(FORMAT, fixture("etw/dump.txt"), ReadOptions.DEFAULTS));
    }

    @Test
    void findsColumnsMovedByANewerXperfsCpuColumn() throws Exception {
        assertEquals(List.of(
                io(9_880 * US, 10_000 * US, Op.READ, 0xa0000000L, 32768, 2, "svchost.exe"),
                io(10_250 * US, 10_300 * US, Op.WRITE, 0xa0008000L, 8192, 2, "svchost.exe"),
                io(10_370 * US, 10_400 * US, Op.FLUSH, 0, 0, 2, "System")),
                readAll(FORMAT, fixture("etw/dump-cpu.txt"), ReadOptions.DEFAULTS));
    }

    @Test
    void readsRowsWithoutHeaderInTheUsualLayoutWithOrWithoutCpu() throws Exception {
        assertEquals(List.of(
                io(4_900 * US, 5_000 * US, Op.READ, 0x1000L, 4096, 0, "a.exe"),
                io(5_800 * US, 6_000 * US, Op.WRITE, 0x2000L, 2048, 1, "b.exe"),
                io(6_960 * US, 7_000 * US, Op.FLUSH, 0, 0, 1, "b.exe")),
                readAll(FORMAT, fixture("etw/rows-only.txt"), ReadOptions.DEFAULTS));
    }

    @Test
    void headerLineOutsideHeaderBlockDefinesColumns() throws Exception {
        Path f = write(dir, "DiskRead, TimeStamp, ElapsedTime, DiskNum, IOSize, ByteOffset\n"
                + "DiskRead, 100, 10, 4, 0x200, 0x400\n");
        assertEquals(List.of(io(90 * US, 100 * US, Op.READ, 0x400, 0x200, 4, null)), readAll(FORMAT, f, ReadOptions.DEFAULTS));
    }

    @Test
    void infoNamesFormatAndFields() throws Exception {
        try (TraceReader r = open(fixture("etw/dump.txt"), ReadOptions.DEFAULTS)) {
            assertEquals("etw", r.info().sourceFormat());
            assertEquals(EnumSet.of(Field.COMPLETE, Field.STREAM, Field.PROCESS), r.info().fields());
        }
    }

    @Test
    void repeatedProcessNamesShareOneString() throws Exception {
        List<IoRecord> records = readAll(FORMAT, fixture("etw/dump.txt"), ReadOptions.DEFAULTS);
        assertSame(records.get(0).process, records.get(5).process);
    }

    /**
     * A file none of whose lines is a dump's (an MSR trace read with --from etw) read as 0 IOs, exit 0 (fuzz audit);
     * a dump whose header is all it holds still reads as none.
     */
    @Test
    void aFileWithNoLineOfADumpIsRefused() throws Exception {
        Path f = write(dir, "128166372003061629,hm,1,Read,4096,4096,100\n");
        assertBadInput(f + ": no line is an xperf dump's (a BeginHeader block, or a DiskRead, DiskWrite or DiskFlush row):"
                + " not an ETW dump", FORMAT, f);
        assertEquals(List.of(), readAll(FORMAT, write(dir, "BeginHeader\nEndHeader\n"), ReadOptions.DEFAULTS));
    }

    @Test
    void malformedTimeStamp() throws Exception {
        Path f = write(dir, HEADER + String.format(ROW, "12x4", "0x0", "0x1000", "5") + "\n");
        assertBadInput(f + ":4: expected a TimeStamp in microseconds, found '12x4'", FORMAT, f);
    }

    @Test
    void malformedHexSize() throws Exception {
        Path f = write(dir, HEADER + String.format(ROW, "100", "0x0", "0xZZ", "5") + "\n");
        assertBadInput(f + ":4: expected a hexadecimal IOSize, found '0xZZ'", FORMAT, f);
    }

    @Test
    void tooFewFields() throws Exception {
        Path f = write(dir, HEADER + "DiskRead, 100, a.exe (1), 2, 0x1, 0x0\n");
        assertBadInput(f + ":4: expected 9 fields (DiskRead row with the columns named in the header), found "
                + "'DiskRead, 100, a.exe (1), 2, 0x1, 0x0'", FORMAT, f);
    }

    @Test
    void truncatedLastLine() throws Exception {
        ReaderChecks.assertCutLastLineLeftOut(FORMAT, dir, HEADER + String.format(ROW, "100", "0x0", "0x1000", "5")
                + "\nDiskRead, 200, a.exe (1), 2, 0xff", 1);
    }

    @Test
    void negativeElapsedTime() throws Exception {
        Path f = write(dir, HEADER + String.format(ROW, "100", "0x0", "0x1000", "-5") + "\n");
        assertBadInput(f + ":4: expected an ElapsedTime in microseconds, found '-5'", FORMAT, f);
    }

    @Test
    void headerWithoutNeededColumnIsAnErrorEvenWhenSkippingBadRecords() throws Exception {
        String header = "  DiskWrite,  TimeStamp,  Process Name ( PID),  ByteOffset,  IOSize,  ElapsedTime";
        Path f = write(dir, "BeginHeader\n" + header + "\nEndHeader\n");
        assertBadInput(f + ":2: expected a DiskWrite header naming the columns TimeStamp, ByteOffset, IOSize, ElapsedTime and DiskNum, "
                + "found '" + header.substring(0, QUOTE_CHARS) + "...' (" + header.length() + " characters)", FORMAT, f,
                ReadOptions.DEFAULTS.withSkipBad(5));
    }

    @Test
    void binaryGarbage() throws Exception {
        Path f = dir.resolve("trace.etl");
        Files.write(f, new byte[] {'D', 'i', 's', 'k', 0, 0, 1, (byte) 0x80, '\n'});
        assertBadInput(f + ":1: expected a text line, found 'binary data'", FORMAT, f);
    }

    @Test
    void skipsAndCountsBadRecordsWithinAllowance() throws Exception {
        Path f = write(dir, HEADER
                + String.format(ROW, "100", "0x0", "0x1000", "5") + "\n"
                + String.format(ROW, "x", "0x0", "0x1000", "5") + "\n"
                + String.format(ROW, "300", "0x0", "0xzz", "5") + "\n"
                + String.format(ROW, "400", "0x1000", "0x200", "5") + "\n");
        try (TraceReader r = open(f, ReadOptions.DEFAULTS.withSkipBad(2))) {
            assertEquals(List.of(io(95 * US, 100 * US, Op.READ, 0, 4096, 0, "a.exe"),
                    io(395 * US, 400 * US, Op.READ, 4096, 512, 0, "a.exe")), readAll(r));
            assertEquals(2, r.skippedRecords());
        }
    }

    @Test
    void badRecordPastAllowanceIsAnError() throws Exception {
        Path f = write(dir, HEADER + String.format(ROW, "x", "0x0", "0x1000", "5") + "\n"
                + String.format(ROW, "y", "0x0", "0x1000", "5") + "\n");
        assertBadInput(f + ":5: expected a TimeStamp in microseconds, found 'y' (more than 1 bad records, the --skip-bad allowance)",
                FORMAT, f, ReadOptions.DEFAULTS.withSkipBad(1));
    }

    private static IoRecord io(long issueNs, long completeNs, Op op, long offsetBytes, long lengthBytes, int stream,
            String process) {
        return record(issueNs, completeNs, offsetBytes, lengthBytes, op, stream, process);
    }

    private static TraceReader open(Path f, ReadOptions options) {
        return FORMAT.openReader(TraceInput.of(f), options);
    }
}
