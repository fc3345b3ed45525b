// Tests of the blktrace binary reader, its per-CPU merge and its format detection.
package org.sbench.trace.format.blktrace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.sbench.trace.TestRecords.readAll;
import static org.sbench.trace.TestRecords.readError;
import static org.sbench.trace.TestRecords.record;
import static org.sbench.trace.format.blktrace.BlktraceBuilder.CGROUP;
import static org.sbench.trace.format.blktrace.BlktraceBuilder.COMPLETE;
import static org.sbench.trace.format.blktrace.BlktraceBuilder.ISSUE;
import static org.sbench.trace.format.blktrace.BlktraceBuilder.QUEUE;
import static org.sbench.trace.format.blktrace.BlktraceBuilder.REQUEUE;
import static org.sbench.trace.format.blktrace.BlktraceBuilder.TC_DISCARD;
import static org.sbench.trace.format.blktrace.BlktraceBuilder.TC_FLUSH;
import static org.sbench.trace.format.blktrace.BlktraceBuilder.TC_FS;
import static org.sbench.trace.format.blktrace.BlktraceBuilder.TC_ISSUE;
import static org.sbench.trace.format.blktrace.BlktraceBuilder.TC_PC;
import static org.sbench.trace.format.blktrace.BlktraceBuilder.TC_READ;
import static org.sbench.trace.format.blktrace.BlktraceBuilder.TC_SYNC;
import static org.sbench.trace.format.blktrace.BlktraceBuilder.TC_WRITE;
import static org.sbench.trace.format.blktrace.BlktraceBuilder.TC_ZONE_APPEND;
import static org.sbench.trace.format.blktrace.BlktraceBuilder.TC_ZONE_RESET;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import org.apache.commons.compress.compressors.xz.XZCompressorOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.sbench.SbenchException;
import org.sbench.trace.Field;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;
import org.sbench.trace.RequestAccounts;
import org.sbench.trace.TestRecords;
import org.sbench.trace.TraceReader;
import org.sbench.trace.format.FormatSamples;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.input.TraceHead;
import org.sbench.trace.input.TraceInput;

class BlktraceReaderTest {
    private static final int SDA = BlktraceBuilder.device(8, 0);
    private static final int SDB = BlktraceBuilder.device(8, 16);
    private static final long T0 = 7_000_000_000L;
    private static final String MAGIC_EXPECTED =
            "expected a blktrace record magic (bytes 65 61 74 07|08, or 07|08 74 61 65 from a little-endian machine)";

    private static final BlktraceFormat FORMAT = new BlktraceFormat();

    @TempDir
    Path dir;

    /** Every kind of event the reader meets, on two devices, in time order. */
    private static BlktraceBuilder scenario(BlktraceBuilder b) {
        byte[] cgroupId = ByteBuffer.allocate(8).putLong(0x1234).array();
        return b.process(T0, 100, "fio", null, SDA)
                .process(T0 + 1, 300, "kworker/1:1H", 0x1234L, SDA)
                .message(T0 + 2, "bfq1234 insert_request", SDA)
                .io(T0 + 1100, QUEUE, TC_WRITE | TC_SYNC, 2048, 4096, 100, SDA)
                .io(T0 + 1200, ISSUE, TC_WRITE | TC_SYNC, 2048, 4096, 100, SDA)
                .io(T0 + 1250, ISSUE, TC_WRITE, 10, 512, 100, SDB)
                .io(T0 + 1260, COMPLETE, TC_WRITE, 10, 512, 0, SDB)
                .io(T0 + 1300, ISSUE, TC_READ, 800_000, 16384, 200, SDA)
                .io(T0 + 1350, COMPLETE, TC_READ, 5, 4096, 0, SDA)
                .io(T0 + 1400, COMPLETE, TC_READ, 800_000, 16384, 0, SDA)
                .io(T0 + 1500, COMPLETE, TC_WRITE | TC_SYNC, 2048, 4096, 0, SDA)
                .io(T0 + 1600, ISSUE, TC_READ | TC_FLUSH, -1, 0, 300, SDA)
                .io(T0 + 1700, COMPLETE, TC_READ | TC_FLUSH, -1, 0, 0, SDA)
                .io(T0 + 1800, ISSUE, TC_WRITE | TC_DISCARD, 4096, 1 << 20, 100, SDA)
                .io(T0 + 1900, COMPLETE, TC_WRITE | TC_DISCARD, 4096, 1 << 20, 0, SDA)
                .io(T0 + 2000, ISSUE, TC_READ | TC_PC, 0, 36, 100, SDA)
                .record(T0 + 2100, BlktraceBuilder.action(ISSUE | CGROUP, TC_WRITE | TC_ISSUE | TC_FS), 64, 4096, 100, SDA, cgroupId)
                .io(T0 + 2150, REQUEUE, TC_WRITE, 64, 4096, 0, SDA)
                .record(T0 + 2200, BlktraceBuilder.action(ISSUE | CGROUP, TC_WRITE | TC_ISSUE | TC_FS), 64, 4096, 100, SDA, cgroupId)
                .io(T0 + 2300, COMPLETE, TC_WRITE, 64, 4096, 0, SDA)
                .io(T0 + 2400, ISSUE, TC_READ, 99_999, 4096, 100, SDA);
    }

    private static final List<IoRecord> SCENARIO_RECORDS = List.of(
            record(T0 + 1200, T0 + 1500, 2048L * 512, 4096, Op.WRITE, SDA, "fio"),
            record(T0 + 1250, T0 + 1260, 10 * 512, 512, Op.WRITE, SDB, "fio"),
            record(T0 + 1300, T0 + 1400, 800_000L * 512, 16384, Op.READ, SDA, null),
            record(T0 + 1600, T0 + 1700, 0, 0, Op.FLUSH, SDA, "kworker/1:1H"),
            record(T0 + 1800, T0 + 1900, 4096L * 512, 1 << 20, Op.TRIM, SDA, "fio"),
            record(T0 + 2200, T0 + 2300, 64 * 512, 4096, Op.WRITE, SDA, "fio"),
            record(T0 + 2400, IoRecord.NO_TIME, 99_999L * 512, 4096, Op.READ, SDA, "fio"));

    /**
     * One CPU's file of a capture whose completions another CPU took (or {@code blktrace -a
     * issue}) holds issues only: each is an IO without a completion time, none is dropped.
     */
    @Test
    void aFileOfIssuesOnlyReadsAsIosWithoutCompletionTimes() throws Exception {
        BlktraceBuilder b = new BlktraceBuilder(ByteOrder.LITTLE_ENDIAN, 7);
        for (int i = 0; i < 5; i++) {
            b.io(T0 + 10 * i, ISSUE, i % 2 == 0 ? TC_READ : TC_WRITE, 8L * i, 4096, 1, SDA);
        }
        Path file = b.writeTo(dir.resolve("issues.blktrace.1"));
        try (TraceReader reader = open(file, ReadOptions.DEFAULTS)) {
            List<IoRecord> got = readAll(reader);
            assertEquals(5, got.size());
            for (int i = 0; i < 5; i++) {
                assertEquals(record(T0 + 10 * i, IoRecord.NO_TIME, 8L * i * 512, 4096, i % 2 == 0 ? Op.READ : Op.WRITE, SDA, null),
                        got.get(i));
            }
            assertEquals(0, reader.skippedRecords());
        }
    }

    @ParameterizedTest(name = "version {1}, {0}")
    @CsvSource({"LITTLE_ENDIAN, 7", "BIG_ENDIAN, 7", "LITTLE_ENDIAN, 8", "BIG_ENDIAN, 8"})
    void pairsIssuesWithCompletionsInIssueOrder(String order, int version) throws Exception {
        Path file = scenario(new BlktraceBuilder(order(order), version)).writeTo(dir.resolve("sda.bin"));
        try (TraceReader reader = open(file, ReadOptions.DEFAULTS)) {
            assertEquals(SCENARIO_RECORDS, readAll(reader));
            assertEquals(0, reader.skippedRecords(), "the issue that never completed is an IO without a completion time");
            assertEquals(new RequestAccounts.Counts(1, 0, 0, List.of()), reader.requestAccounts().counts(), "the passthrough request is counted");
        }
    }

    @ParameterizedTest(name = "version {0}")
    @CsvSource({"7", "8"})
    void failedIosAreKeptAndCountedByError(int version) throws Exception {
        Path file = new BlktraceBuilder(ByteOrder.LITTLE_ENDIAN, version)
                .io(T0, ISSUE, TC_READ, 64, 4096, 1, SDA)
                .failed(T0 + 10, TC_READ, 64, 4096, SDA, -5)
                .io(T0 + 20, ISSUE, TC_WRITE, 128, 4096, 1, SDA)
                .failed(T0 + 30, TC_WRITE, 128, 4096, SDA, -110)
                .writeTo(dir.resolve("failed.bin"));
        try (TraceReader reader = open(file, ReadOptions.DEFAULTS)) {
            assertEquals(2, readAll(reader).size());
            assertEquals(new RequestAccounts.Counts(0, 0, 2, List.of(new RequestAccounts.Failure("EIO", 1),
                    new RequestAccounts.Failure("ETIMEDOUT", 1))), reader.requestAccounts().counts());
        }
    }

    @Test
    void version8ZoneAppendIsAWriteAndZoneManagementIsSkipped() throws Exception {
        Path file = new BlktraceBuilder(ByteOrder.LITTLE_ENDIAN, 8)
                .io(T0, ISSUE, TC_WRITE | TC_ZONE_RESET, 524288, 8192, 1, SDA)
                .io(T0 + 10, ISSUE, TC_WRITE | TC_ZONE_APPEND, 524288, 8192, 1, SDA)
                .io(T0 + 20, COMPLETE, TC_WRITE | TC_ZONE_RESET, 524288, 8192, 1, SDA)
                .io(T0 + 30, COMPLETE, TC_WRITE | TC_ZONE_APPEND, 524288, 8192, 1, SDA)
                .writeTo(dir.resolve("zoned.bin"));
        try (TraceReader reader = open(file, ReadOptions.DEFAULTS)) {
            assertEquals(List.of(record(T0 + 10, T0 + 30, 524288L * 512, 8192, Op.WRITE, SDA, null)), readAll(reader));
            assertEquals(new RequestAccounts.Counts(1, 8192, 0, List.of()), reader.requestAccounts().counts(), "the zone reset is counted");
        }
    }

    @Test
    void mergesPerCpuSiblingsByTime() throws Exception {
        ByteOrder le = ByteOrder.LITTLE_ENDIAN;
        new BlktraceBuilder(le, 7).process(T0 + 10, 100, "fio", null, SDA)
                .io(T0 + 100, ISSUE, TC_WRITE, 10, 4096, 100, SDA)
                .io(T0 + 300, ISSUE, TC_READ, 70, 4096, 7, SDA)
                .writeTo(dir.resolve("sda.blktrace.0"));
        new BlktraceBuilder(le, 7).io(T0 + 200, ISSUE, TC_WRITE, 50, 4096, 100, SDA)
                .io(T0 + 250, COMPLETE, TC_WRITE, 10, 4096, 0, SDA)
                .io(T0 + 260, COMPLETE, TC_WRITE, 50, 4096, 0, SDA)
                .writeTo(dir.resolve("sda.blktrace.1"));
        Files.write(dir.resolve("sda.blktrace.2"), new byte[0]);
        new BlktraceBuilder(le, 7).io(T0 + 400, COMPLETE, TC_READ, 70, 4096, 0, SDA)
                .writeTo(dir.resolve("sda.blktrace.10"));
        // Not siblings: another device's trace and a file that does not end in a CPU number.
        Files.writeString(dir.resolve("sdb.blktrace.0"), "not a trace");
        Files.writeString(dir.resolve("sda.blktrace.0.txt"), "not a trace");

        assertEquals(List.of(
                record(T0 + 100, T0 + 250, 10 * 512, 4096, Op.WRITE, SDA, "fio"),
                record(T0 + 200, T0 + 260, 50 * 512, 4096, Op.WRITE, SDA, "fio"),
                record(T0 + 300, T0 + 400, 70 * 512, 4096, Op.READ, SDA, null)),
                readAll(FORMAT, dir.resolve("sda.blktrace.1"), ReadOptions.DEFAULTS));
    }

    @Test
    void infoNamesFormatAndFields() throws Exception {
        Path file = scenario(new BlktraceBuilder(ByteOrder.LITTLE_ENDIAN, 7)).writeTo(dir.resolve("sda.bin"));
        try (TraceReader reader = open(file, ReadOptions.DEFAULTS)) {
            assertEquals("blktrace", reader.info().sourceFormat());
            assertEquals(EnumSet.of(Field.COMPLETE, Field.STREAM, Field.PROCESS), reader.info().fields());
        }
    }

    @Test
    void textIsNotABlktrace() throws Exception {
        Path file = dir.resolve("trace.txt");
        Files.writeString(file, "  8,0    1        1     0.000000000   697  Q   W 223490 + 8 [kjournald]\n");
        assertBadInput(file, "byte 0: " + MAGIC_EXPECTED + ", found bytes 20 20 38 2c");
    }

    @Test
    void unknownVersionIsRefused() throws Exception {
        byte[] bytes = new BlktraceBuilder(ByteOrder.LITTLE_ENDIAN, 7).io(T0, ISSUE, TC_READ, 8, 4096, 1, SDA).bytes();
        bytes[0] = 0x06;
        assertBadInput(write(bytes), "byte 0: " + MAGIC_EXPECTED + ", found bytes 06 74 61 65");
    }

    @Test
    void wrongMagicInALaterRecordNamesItsByte() throws Exception {
        byte[] one = new BlktraceBuilder(ByteOrder.BIG_ENDIAN, 7).io(T0, ISSUE, TC_READ, 8, 4096, 1, SDA).bytes();
        assertBadInput(write(Arrays.copyOf(one, 96)), "byte 48: " + MAGIC_EXPECTED + ", found bytes 00 00 00 00");
    }

    @ParameterizedTest(name = "version {0} cut after {1} bytes")
    @CsvSource({"7, 30, 48", "7, 2, 48", "8, 56, 64"})
    void truncatedRecordNamesItsByte(int version, int cut, int size) throws Exception {
        BlktraceBuilder b = new BlktraceBuilder(ByteOrder.LITTLE_ENDIAN, version);
        byte[] bytes = b.io(T0, ISSUE, TC_READ, 8, 4096, 1, SDA).io(T0 + 5, COMPLETE, TC_READ, 8, 4096, 1, SDA).bytes();
        assertBadInput(write(Arrays.copyOf(bytes, size + cut)),
                "byte " + size + ": expected a complete " + size + "-byte blktrace record, found the end of the file after "
                        + cut + " bytes");
    }

    @Test
    void truncatedPayloadNamesItsByte() throws Exception {
        byte[] bytes = new BlktraceBuilder(ByteOrder.LITTLE_ENDIAN, 7).message(T0, "0123456789", SDA).bytes();
        assertBadInput(write(Arrays.copyOf(bytes, 48 + 4)),
                "byte 52: expected 10 payload bytes after the 48-byte record, found the end of the file after 4");
    }

    /**
     * A compressed file cut in its first block has no byte to read. Its format named (--from blktrace), it said "byte 0:
     * cannot read further", where detection says what the text formats now say too.
     */
    @Test
    void aCompressedFileWhoseFirstBlockIsCutSaysSo() throws Exception {
        BlktraceBuilder b = new BlktraceBuilder(ByteOrder.LITTLE_ENDIAN, 7);
        for (int i = 0; i < 2000; i++) {
            b.io(T0 + 10 * i, ISSUE, TC_READ, 8L * i, 4096, 1, SDA);
        }
        ByteArrayOutputStream xz = new ByteArrayOutputStream();
        try (OutputStream out = new XZCompressorOutputStream(xz)) {
            out.write(b.bytes());
        }
        Path file = dir.resolve("trace.bin.xz");
        Files.write(file, Arrays.copyOf(xz.toByteArray(), xz.size() * 2 / 3));
        assertBadInput(file, "cannot decompress any of the file (its first xz block is damaged or cut short) (unexpected end of data);"
                + " is it truncated or corrupt?");
    }

    @Test
    void absurdPayloadLengthIsRefused() throws Exception {
        byte[] bytes = new BlktraceBuilder(ByteOrder.LITTLE_ENDIAN, 7).io(T0, ISSUE, TC_READ, 8, 4096, 1, SDA).bytes();
        ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).putShort(46, (short) 5000);
        assertBadInput(write(bytes), "byte 46: expected a payload length (pdu_len) of at most 4096 bytes, found 5000");
    }

    @Test
    void badRecordsAreErrorsOrSkippedWithinTheAllowance() throws Exception {
        Path file = new BlktraceBuilder(ByteOrder.LITTLE_ENDIAN, 7)
                .io(T0, ISSUE, TC_WRITE | TC_DISCARD, 100, 0, 1, SDA)
                .io(T0 + 10, ISSUE, TC_WRITE, 1L << 55, 4096, 1, SDA)
                .io(T0 + 20, ISSUE, TC_READ, 8, 4096, 1, SDA)
                .io(T0 + 30, COMPLETE, TC_READ, 8, 4096, 1, SDA)
                .io(T0 + 50, ISSUE, TC_READ, 16, 4096, 1, SDA)
                .record(T0 + 40, BlktraceBuilder.action(COMPLETE, TC_READ | (1L << 7) | TC_FS), 16, 4096, 1, SDA, new byte[0])
                .writeTo(dir.resolve("bad.bin"));
        try (TraceReader reader = open(file, ReadOptions.DEFAULTS.withSkipBad(3))) {
            assertEquals(List.of(record(T0 + 20, T0 + 30, 8 * 512, 4096, Op.READ, SDA, null)), readAll(reader));
            assertEquals(3, reader.skippedRecords());
        }
        assertBadInput(file, "byte 0: expected a positive length for a trim, found a trim of 0 bytes at 51200, issued at "
                + T0 + " ns, no completion, stream " + SDA + ", qd 0");
        SbenchException e = readError(FORMAT, file, ReadOptions.DEFAULTS.withSkipBad(1));
        assertEquals(file + ": byte 64: expected a sector below 2^54, found 36028797018963968"
                + " (more than 1 bad records, the --skip-bad allowance)", e.getMessage());
        e = readError(FORMAT, file, ReadOptions.DEFAULTS.withSkipBad(2));
        assertEquals(file + ": byte 240: expected a completion no earlier than its issue, found completion at "
                + (T0 + 40) + " ns, issue at " + (T0 + 50) + " ns (more than 2 bad records, the --skip-bad allowance)",
                e.getMessage());
    }

    @Test
    void sniffAcceptsOwnSamples() {
        BlktraceFormat format = new BlktraceFormat();
        for (ByteOrder order : new ByteOrder[] {ByteOrder.LITTLE_ENDIAN, ByteOrder.BIG_ENDIAN}) {
            for (int version : new int[] {7, 8}) {
                assertTrue(format.sniff(new TraceHead(scenario(new BlktraceBuilder(order, version)).bytes())),
                        order + " v" + version);
            }
        }
        byte[] one = new BlktraceBuilder(ByteOrder.LITTLE_ENDIAN, 7).io(T0, ISSUE, TC_READ, 8, 4096, 1, SDA).bytes();
        assertTrue(format.sniff(new TraceHead(one)), "a single record");
    }

    @Test
    void sniffRejectsOtherFormatsAndDamagedStarts() {
        BlktraceFormat format = new BlktraceFormat();
        FormatSamples.assertOtherFormatsRejected(format);
        byte[] one = new BlktraceBuilder(ByteOrder.LITTLE_ENDIAN, 7).io(T0, ISSUE, TC_READ, 8, 4096, 1, SDA).bytes();
        assertFalse(format.sniff(new TraceHead(Arrays.copyOf(one, 47))), "shorter than a record");
        assertFalse(format.sniff(new TraceHead(Arrays.copyOf(one, 200))), "garbage after the first record");
        byte[] absurd = one.clone();
        ByteBuffer.wrap(absurd).order(ByteOrder.LITTLE_ENDIAN).putShort(46, (short) 5000);
        assertFalse(format.sniff(new TraceHead(absurd)), "absurd payload length");
    }

    private void assertBadInput(Path file, String message) {
        TestRecords.assertBadInput(file + ": " + message, FORMAT, file);
    }

    private static ByteOrder order(String name) {
        return "BIG_ENDIAN".equals(name) ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;
    }

    private static TraceReader open(Path file, ReadOptions options) {
        return FORMAT.openReader(TraceInput.of(file), options);
    }

    private Path write(byte[] bytes) throws IOException {
        Path file = dir.resolve("trace.bin");
        Files.write(file, bytes);
        return file;
    }
}
