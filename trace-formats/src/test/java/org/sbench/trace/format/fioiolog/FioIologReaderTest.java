package org.sbench.trace.format.fioiolog;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
import org.sbench.trace.Field;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;
import org.sbench.trace.TraceReader;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.input.TraceInput;

class FioIologReaderTest {
    private static final FioIologFormat FORMAT = new FioIologFormat();
    private static final long MS = 1_000_000L;
    private static final long US = 1_000L;

    @TempDir
    Path dir;

    @Test
    void readsVersion2WithWaitsAsAbsoluteMillisecondDeadlines() throws Exception {
        assertEquals(List.of(
                io(0, Op.WRITE, 0, 4096, 0),
                io(5 * MS, Op.READ, 8192, 512, 0),
                io(5 * MS, Op.TRIM, 1048576, 65536, 1),
                // wait 3 after wait 5: the deadline has passed, the clock stays at 5 ms
                io(5 * MS, Op.FLUSH, 0, 0, 1),
                io(12 * MS, Op.FLUSH, 0, 0, 0),
                io(12 * MS, Op.WRITE, 4096, 4096, 1)),
                read(fixture("fioiolog/v2.iolog"), ReadOptions.DEFAULTS));
    }

    @Test
    void readsVersion3InFileOrderWithMicrosecondTimes() throws Exception {
        assertEquals(List.of(
                io(10 * US, Op.WRITE, 0, 4096, 0),
                io(15 * US, Op.READ, 4096, 8192, 1),
                io(12 * US, Op.TRIM, 65536, 4096, 0),
                io(20 * US, Op.FLUSH, 0, 0, 0),
                io(1234567 * US, Op.FLUSH, 0, 0, 1)),
                read(fixture("fioiolog/v3.iolog"), ReadOptions.DEFAULTS));
    }

    /** Files named as sbench names streams keep their numbers (a round trip renumbered streams 3, 0, 12 as 0, 1, 2); others count up. */
    @Test
    void filesNamedNameDotNAreStreamNAndOthersTakeTheLowestFreeNumber() throws Exception {
        Path f = write(dir, "fio version 3 iolog\n0 t.3 add\n0 t add\n0 /dev/sdb add\n0 t.12 add\n0 x.3 add\n0 t.nostream add\n"
                + "1 t.3 read 0 512\n2 t read 0 512\n3 /dev/sdb read 0 512\n4 t.12 read 0 512\n5 x.3 read 0 512\n"
                + "6 t.nostream read 0 512\n");
        assertEquals(List.of(3, 0, 1, 12, 2, IoRecord.NO_STREAM),
                read(f, ReadOptions.DEFAULTS).stream().map(r -> r.stream).toList(), "t.3 is 3; x.3 finds 3 taken and gets 2");
    }

    @Test
    void infoNamesFormatAndStreamField() throws Exception {
        try (TraceReader r = FORMAT.openReader(TraceInput.of(fixture("fioiolog/v3.iolog")), ReadOptions.DEFAULTS)) {
            assertEquals("fio", r.info().sourceFormat());
            assertEquals(EnumSet.of(Field.STREAM), r.info().fields());
        }
    }

    @Test
    void headerMayFollowBlankLinesAndCarryTrailingText() throws Exception {
        Path f = write(dir, "\n\nfio version 3 iolog (written by hand)\n0 a add\n5 a read 0 512\n");
        assertEquals(List.of(io(5 * US, Op.READ, 0, 512, 0)), read(f, ReadOptions.DEFAULTS));
    }

    @Test
    void readsUppercaseActions() throws Exception {
        Path f = write(dir, "fio version 3 iolog\n0 a ADD\n5 a Write 0 512\n");
        assertEquals(List.of(io(5 * US, Op.WRITE, 0, 512, 0)), read(f, ReadOptions.DEFAULTS));
    }

    @Test
    void wrongHeaderIsAnErrorEvenWhenSkippingBadRecords() throws Exception {
        Path f = write(dir, "fio version 1 iolog\n0 a add\n");
        assertBadInput(f + ":1: expected the header 'fio version 2 iolog' or 'fio version 3 iolog', found 'fio version 1 iolog'",
                FORMAT, f, ReadOptions.DEFAULTS.withSkipBad(10));
    }

    @Test
    void emptyFileIsAnError() throws Exception {
        Path f = write(dir, "\n");
        assertBadInput(f + ": expected the header 'fio version 2 iolog' or 'fio version 3 iolog', found an empty file", FORMAT, f);
    }

    @Test
    void malformedTimestamp() throws Exception {
        Path f = write(dir, "fio version 3 iolog\n0 a add\n1x a read 0 512\n");
        assertBadInput(f + ":3: expected a timestamp in microseconds, found '1x'", FORMAT, f);
    }

    @Test
    void malformedLength() throws Exception {
        Path f = write(dir, "fio version 2 iolog\na add\na read 0 4k\n");
        assertBadInput(f + ":3: expected a length in bytes, found '4k'", FORMAT, f);
    }

    @Test
    void tooFewFieldsForVersion3Io() throws Exception {
        Path f = write(dir, "fio version 3 iolog\n0 a add\n10 a write 0\n");
        assertBadInput(f + ":3: expected 5 fields (USEC FILE ACTION OFFSET LENGTH), found '10 a write 0'", FORMAT, f);
    }

    @Test
    void tooFewFieldsForVersion2Io() throws Exception {
        Path f = write(dir, "fio version 2 iolog\na add\na write\n");
        assertBadInput(f + ":3: expected 4 fields (FILE ACTION OFFSET LENGTH), found 'a write'", FORMAT, f);
    }

    @Test
    void truncatedLastLine() throws Exception {
        ReaderChecks.assertCutLastLineLeftOut(FORMAT, dir, "fio version 3 iolog\n0 a add\n10 a write 0 4096\n11 a write 4", 1);
    }

    @Test
    void version2WaitWithoutLengthIsRejectedAsFioDoes() throws Exception {
        Path f = write(dir, "fio version 2 iolog\na add\na wait 100\n");
        assertBadInput(f + ":3: expected 4 fields (FILE wait MS LENGTH; fio ignores a wait line without LENGTH), found 'a wait 100'", FORMAT, f);
    }

    @Test
    void badAction() throws Exception {
        Path f = write(dir, "fio version 2 iolog\na add\na frob 0 512\n");
        assertBadInput(f + ":3: expected add, open, close, read, write, trim, sync, datasync or wait, found 'frob'", FORMAT, f);
    }

    @Test
    void version3HasNoWait() throws Exception {
        Path f = write(dir, "fio version 3 iolog\n0 a add\n10 a wait 100 0\n");
        assertBadInput(f + ":3: expected add, open, close, read, write, trim, sync or datasync (version 3 has no wait), found 'wait'", FORMAT, f);
    }

    @Test
    void negativeOffset() throws Exception {
        Path f = write(dir, "fio version 3 iolog\n0 a add\n10 a read -4096 512\n");
        assertBadInput(f + ":3: expected an offset in bytes, found '-4096'", FORMAT, f);
    }

    @Test
    void ioOnFileNeverAdded() throws Exception {
        Path f = write(dir, "fio version 3 iolog\n0 a add\n10 b read 0 512\n");
        assertBadInput(f + ":3: expected a file named in an earlier add line, found 'b'", FORMAT, f);
    }

    @Test
    void openOfFileNeverAdded() throws Exception {
        Path f = write(dir, "fio version 2 iolog\nb open\n");
        assertBadInput(f + ":2: expected a file named in an earlier add line, found 'b'", FORMAT, f);
    }

    @Test
    void binaryGarbage() throws Exception {
        Path f = dir.resolve("garbage.iolog");
        Files.write(f, new byte[] {'f', 'i', 'o', 0, 1, 2, (byte) 0xff, '\n'});
        assertBadInput(f + ":1: expected a text line, found 'binary data'", FORMAT, f);
    }

    @Test
    void skipsAndCountsBadRecordsWithinAllowance() throws Exception {
        Path f = write(dir, "fio version 3 iolog\n0 a add\n1 a read 0 512\n2 a read -1 512\n3 a frob 0 1\n4 a write 512 512\n");
        try (TraceReader r = open(f, ReadOptions.DEFAULTS.withSkipBad(2))) {
            List<IoRecord> records = readAll(r);
            assertEquals(List.of(io(1 * US, Op.READ, 0, 512, 0), io(4 * US, Op.WRITE, 512, 512, 0)), records);
            assertEquals(2, r.skippedRecords());
        }
    }

    @Test
    void badRecordPastAllowanceIsAnError() throws Exception {
        Path f = write(dir, "fio version 3 iolog\n0 a add\n2 a read -1 512\n3 a frob 0 1\n");
        assertBadInput(f + ":4: expected add, open, close, read, write, trim, sync or datasync (version 3 has no wait), found 'frob'"
                + " (more than 1 bad records, the --skip-bad allowance)", FORMAT, f, ReadOptions.DEFAULTS.withSkipBad(1));
    }

    static IoRecord io(long issueNs, Op op, long offsetBytes, long lengthBytes, int stream) {
        return record(issueNs, IoRecord.NO_TIME, offsetBytes, lengthBytes, op, stream);
    }

    static List<IoRecord> read(Path f, ReadOptions options) {
        return readAll(FORMAT, f, options);
    }

    private static TraceReader open(Path f, ReadOptions options) {
        return FORMAT.openReader(TraceInput.of(f), options);
    }
}
