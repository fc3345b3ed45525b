package org.sbench.trace.format.fiu;

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
import org.sbench.trace.Field;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;
import org.sbench.trace.TraceReader;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.input.TraceInput;

class FiuReaderTest {
    private static final FiuFormat FORMAT = new FiuFormat();
    private static final String MD5 = "0123456789abcdef0123456789abcdef";

    @TempDir
    Path dir;

    @Test
    void readsRecordsInFileOrder() throws Exception {
        assertEquals(List.of(
                io(1000000500L, Op.WRITE, 2048 * 512L, 8 * 512, (8 << 20) | 1, "nfsd"),
                // earlier than the line before it: kept in file order, the pipeline sorts
                io(1000000100L, Op.READ, 4096 * 512L, 16 * 512, (8 << 20) | 1, "nfsd"),
                io(1000000900L, Op.WRITE, 123456 * 512L, 8 * 512, (8 << 20) | 17, "kjournald"),
                io(1000001000L, Op.READ, 10 * 512L, 8 * 512, 253 << 20, "Web Content"),
                io(1000002000L, Op.READ, 64 * 512L, 8 * 512, (8 << 20) | 1, "nfsd"),
                io(98765432109876543L, Op.WRITE, 4294967296L * 512, 256 * 512, (2047 << 20) | 1048575, "dd")),
                readAll(FORMAT, fixture("fiu/homes-sample.txt"), ReadOptions.DEFAULTS));
    }

    @Test
    void infoNamesFormatAndFields() throws Exception {
        try (TraceReader r = open(fixture("fiu/homes-sample.txt"), ReadOptions.DEFAULTS)) {
            assertEquals("fiu", r.info().sourceFormat());
            assertEquals(EnumSet.of(Field.STREAM, Field.PROCESS), r.info().fields());
        }
    }

    @Test
    void repeatedProcessNamesShareOneString() throws Exception {
        List<IoRecord> records = readAll(FORMAT, fixture("fiu/homes-sample.txt"), ReadOptions.DEFAULTS);
        assertSame(records.get(0).process, records.get(1).process);
        assertSame(records.get(0).process, records.get(4).process);
    }

    /** A name with spaces is the line's text between the pid and the LBA, its blanks as printed, read once per name. */
    @Test
    void aProcessNameWithSpacesKeepsThemAsPrintedAndIsShared() throws Exception {
        Path f = write(dir, "1 900 Web  Content\tx 10 8 R 253 0 " + MD5 + "\n2 900 Web  Content\tx 18 8 R 253 0 " + MD5 + "\n");
        List<IoRecord> records = readAll(FORMAT, f, ReadOptions.DEFAULTS);
        assertEquals("Web  Content\tx", records.get(0).process);
        assertSame(records.get(0).process, records.get(1).process);
    }

    @Test
    void malformedTimestamp() throws Exception {
        Path f = write(dir, "12a 1 p 0 8 R 8 0 " + MD5 + "\n");
        assertBadInput(f + ":1: expected a timestamp in ns, found '12a'", FORMAT, f);
    }

    @Test
    void tooFewFields() throws Exception {
        Path f = write(dir, "1 1 p 0 8 R 8 0\n");
        assertBadInput(f + ":1: expected 9 fields (TS PID PROCESS LBA SECTORS R|W MAJOR MINOR MD5), found '1 1 p 0 8 R 8 0'", FORMAT, f);
    }

    @Test
    void truncatedLastLine() throws Exception {
        ReaderChecks.assertCutLastLineLeftOut(FORMAT, dir, "1 1 p 0 8 R 8 0 " + MD5 + "\n2 1 p 8 8 W", 1);
    }

    @Test
    void badOp() throws Exception {
        Path f = write(dir, "1 1 p 0 8 X 8 0 " + MD5 + "\n");
        assertBadInput(f + ":1: expected R or W, found 'X'", FORMAT, f);
    }

    @Test
    void negativeLba() throws Exception {
        Path f = write(dir, "1 1 p -8 8 R 8 0 " + MD5 + "\n");
        assertBadInput(f + ":1: expected an LBA in 512-byte sectors, found '-8'", FORMAT, f);
    }

    @Test
    void majorTooLargeForAStream() throws Exception {
        Path f = write(dir, "1 1 p 0 8 R 4095 0 " + MD5 + "\n");
        assertBadInput(f + ":1: expected a major device number below 2048, found '4095'", FORMAT, f);
    }

    @Test
    void lbaPastTwoToTheSixtyThreeBytes() throws Exception {
        Path f = write(dir, "1 1 p 18014398509481984 8 R 8 0 " + MD5 + "\n");
        assertBadInput(f + ":1: expected an LBA below 2^63 bytes, found '18014398509481984'", FORMAT, f);
    }

    @Test
    void binaryGarbage() throws Exception {
        Path f = dir.resolve("garbage");
        Files.write(f, new byte[] {0x1f, 0x00, 0x7f, 0x45, '\n'});
        assertBadInput(f + ":1: expected a text line, found 'binary data'", FORMAT, f);
    }

    @Test
    void skipsAndCountsBadRecordsWithinAllowance() throws Exception {
        Path f = write(dir, "1 1 p 0 8 R 8 0 " + MD5 + "\n2 1 p 0 8 Q 8 0 " + MD5 + "\n3 1 p 0 x W 8 0 " + MD5
                + "\n4 1 p 8 8 W 8 0 " + MD5 + "\n");
        try (TraceReader r = open(f, ReadOptions.DEFAULTS.withSkipBad(2))) {
            assertEquals(List.of(io(1, Op.READ, 0, 4096, 8 << 20, "p"), io(4, Op.WRITE, 4096, 4096, 8 << 20, "p")), readAll(r));
            assertEquals(2, r.skippedRecords());
        }
    }

    @Test
    void badRecordPastAllowanceIsAnError() throws Exception {
        Path f = write(dir, "2 1 p 0 8 Q 8 0 " + MD5 + "\n3 1 p 0 8 Z 8 0 " + MD5 + "\n");
        assertBadInput(f + ":2: expected R or W, found 'Z' (more than 1 bad records, the --skip-bad allowance)", FORMAT, f,
                ReadOptions.DEFAULTS.withSkipBad(1));
    }

    private static IoRecord io(long issueNs, Op op, long offsetBytes, long lengthBytes, int stream, String process) {
        return record(issueNs, IoRecord.NO_TIME, offsetBytes, lengthBytes, op, stream, process);
    }

    private static TraceReader open(Path f, ReadOptions options) {
        return FORMAT.openReader(TraceInput.of(f), options);
    }
}
