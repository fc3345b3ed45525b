package org.sbench.trace.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorOutputStream;
import org.apache.commons.compress.compressors.gzip.GzipCompressorOutputStream;
import org.apache.commons.compress.compressors.xz.XZCompressorOutputStream;
import org.apache.commons.compress.compressors.zstandard.ZstdCompressorOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.trace.Field;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;
import org.sbench.trace.TestRecords;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.TraceReader;
import org.sbench.trace.input.ReadOptions;

class TraceFormatsTest {
    private static final String CSV = "# source: test\n# fields: complete,stream\n"
            + "issue_ns,complete_ns,offset,length,op,stream,qd,process\n"
            + "1000,1100,0,4096,R,0,,\n"
            + "1050,1500,4096,4096,R,0,,\n"   // QD 2 on stream 0
            + "1060,1070,0,4096,W,1,,\n"      // stream 1 has its own queue: QD 1
            + "1040,1045,8192,512,W,0,,\n";   // out of order: sorted before the second record

    private final TraceFormats formats = TraceFormats.standard();

    /**
     * Two IOs more than 2^63 ns (292 years) apart, each time valid by itself (a damaged timestamp):
     * no time on the trace's clock holds the later one, so the trace is refused in one line naming
     * the file, rather than its later records dropped (convert wrote 58 of 293,229) or given a
     * negative duration (inspect).
     */
    @ParameterizedTest
    @ValueSource(strings = {
        // 1690 and 1990: issues 300 years apart.
        "28100000000000000,hm,0,Read,0,4096,10\n122760000000000000,hm,0,Read,4096,4096,10\n",
        // 1690 and 1960, the second completing in 2260: its completion is 570 years after the first issue.
        "28100000000000000,hm,0,Read,0,4096,10\n113290000000000000,hm,0,Read,4096,4096,94600000000000000\n",
    })
    void iosMoreThan292YearsApartAreRefusedNotDropped(String lines, @TempDir Path dir) throws IOException {
        Path file = dir.resolve("far.msr.csv");
        Files.writeString(file, lines);
        SbenchException e = assertThrows(SbenchException.class, () -> {
            try (TraceReader r = formats.open(file, "msr", ReadOptions.DEFAULTS)) {
                TestRecords.readAll(r);
            }
        });
        assertTrue(e.getMessage().startsWith(file + ": IOs more than 292 years apart ("), e.getMessage());
        assertTrue(e.getMessage().endsWith("a damaged timestamp?"), e.getMessage());
    }

    /**
     * A phase mark more than 2^63 ns before the first IO (a damaged time) once wrapped round on the
     * trace's clock: "boot", marked before every IO, came after "end" at 9223372036854775708 ns, so
     * replay gave its IOs to no phase and convert wrote the wrapped time. Refused in one line now.
     */
    @Test
    void aPhaseMarkMoreThan292YearsFromTheFirstIoIsRefused(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("ph.csv"), "# phase: -9223372036854775808 boot\n"
                + "issue_ns,complete_ns,offset,length,op,stream,qd,process\n100,200,0,4096,R,0,1,\n");
        SbenchException e = assertThrows(SbenchException.class, () -> formats.open(file, null, ReadOptions.DEFAULTS).close());
        assertEquals(ErrorKind.BAD_INPUT, e.kind());
        assertTrue(e.getMessage().startsWith(file + ": phase 'boot' more than 292 years from the first IO ("), e.getMessage());
    }

    /**
     * 2^23 reads and 2^23 writes of 1 TiB each (each valid by itself) move 2^64 bytes: inspect
     * showed the >128K class as -9223372036854775808 B and -0.0% of the bytes, the sums having
     * overflowed. A trace whose IOs together reach 2^63 bytes is refused in one line naming it.
     */
    @Test
    void iosThatTogetherMove2To63BytesAreRefused() {
        long tib = 1L << 40;
        TraceReader huge = new TraceReader() {
            private long n;

            @Override
            public TraceInfo info() {
                return TraceInfo.of("test", EnumSet.noneOf(Field.class));
            }

            @Override
            public boolean next(IoRecord into) {
                into.clear();
                into.issueNs = n;
                into.op = n % 2 == 0 ? Op.READ : Op.WRITE;
                into.lengthBytes = tib;
                return n++ < (1L << 24);
            }

            @Override
            public boolean inIssueOrder() {
                return true;
            }

            @Override
            public void close() {
            }
        };
        SbenchException e = assertThrows(SbenchException.class, () -> {
            try (TraceReader r = formats.inIssueOrder(huge, ReadOptions.DEFAULTS)) {
                IoRecord into = new IoRecord();
                for (long read = 0; r.next(into); read++) {
                    assertTrue(read < (1L << 23), "the record reaching 2^63 bytes read");
                }
            }
        });
        assertEquals(ErrorKind.BAD_INPUT, e.kind());
        assertTrue(e.getMessage().startsWith("test trace: IOs that together move 2^63 bytes or more"), e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"none", "gz", "xz", "bz2", "zst"})
    void opensCompressedTracesSortedRebasedWithQd(String compression, @TempDir Path dir) throws IOException {
        Path file = dir.resolve("t.csv." + compression);
        try (OutputStream out = compress(compression, Files.newOutputStream(file))) {
            out.write(CSV.getBytes(StandardCharsets.UTF_8));
        }
        try (TraceReader r = formats.open(file, null, ReadOptions.DEFAULTS)) {
            assertTrue(r.info().has(Field.QD));
            List<IoRecord> got = TestRecords.readAll(r);
            assertEquals(4, got.size());
            long[][] expected = {{0, 100, 0, 1}, {40, 45, 8192, 2}, {50, 500, 4096, 2}, {60, 70, 0, 1}};
            for (int i = 0; i < 4; i++) {
                assertEquals(expected[i][0], got.get(i).issueNs, "issue " + i);
                assertEquals(expected[i][1], got.get(i).completeNs, "complete " + i);
                assertEquals(expected[i][2], got.get(i).offsetBytes, "offset " + i);
                assertEquals(expected[i][3], got.get(i).qd, "qd " + i);
            }
            assertEquals(1, r.reorderedRecords());
        }
    }

    /**
     * A FIFO (as {@code <(zcat ...)} gives) is opened once and read on from the head detection
     * looked at: compressed, and longer than a pipe holds, its records all arrive; it never hangs.
     */
    @ParameterizedTest
    @ValueSource(strings = {"none", "gz"})
    void aFifoIsReadOnceFromItsHead(String compression, @TempDir Path dir) throws Exception {
        StringBuilder csv = new StringBuilder("issue_ns,complete_ns,offset,length,op,stream,qd,process\n");
        int records = 30_000; // about 1 MB, far more than a pipe's buffer
        for (int i = 0; i < records; i++) {
            csv.append(1000L * i).append(",,").append(4096L * i).append(",4096,R,,,\n");
        }
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        try (OutputStream out = compress(compression, bytes)) {
            out.write(csv.toString().getBytes(StandardCharsets.UTF_8));
        }
        Path fifo = Fifos.fed(dir.resolve("trace.fifo"), bytes.toByteArray());
        List<IoRecord> got = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            try (TraceReader r = formats.open(fifo, null, ReadOptions.DEFAULTS)) {
                return TestRecords.readAll(r);
            }
        });
        assertEquals(records, got.size());
        assertEquals(4096L * (records - 1), got.get(records - 1).offsetBytes);
    }

    @Test
    void anSbtFileFromAPipeIsRefusedInOneLine(@TempDir Path dir) throws Exception {
        Path sbt = dir.resolve("t.sbt");
        try (org.sbench.trace.TraceWriter w = formats.forOutput(sbt, null).openWriter(sbt, org.sbench.trace.TraceInfo.of("test", java.util.Set.of()))) {
            w.write(TestRecords.record(0, IoRecord.NO_TIME, 0, 4096, org.sbench.trace.Op.READ, IoRecord.NO_STREAM));
            w.finish();
        }
        Path fifo = Fifos.fed(dir.resolve("sbt.fifo"), Files.readAllBytes(sbt));
        SbenchException e = assertTimeoutPreemptively(Duration.ofSeconds(60),
                () -> assertThrows(SbenchException.class, () -> formats.open(fifo, null, ReadOptions.DEFAULTS)));
        assertEquals(fifo + ": an .sbt trace keeps its process names and phases after its records, so it cannot be read from a"
                + " pipe; give the file itself (compressed, it is read as it is)", e.getMessage());
    }

    /** An IO without a completion time gets no recorded depth (none is invented); the others count what completed. */
    @Test
    void anIoWithoutACompletionTimeHasNoRecordedDepth(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("partial.csv");
        Files.writeString(file, "# fields: complete\nissue_ns,complete_ns,offset,length,op,stream,qd,process\n"
                + "0,100,0,4096,R,,,\n10,,4096,4096,R,,,\n20,200,8192,4096,R,,,\n");
        try (TraceReader r = formats.open(file, null, ReadOptions.DEFAULTS)) {
            List<IoRecord> got = TestRecords.readAll(r);
            assertEquals(1, got.get(0).qd);
            assertEquals(IoRecord.NO_QD, got.get(1).qd);
            assertEquals(2, got.get(2).qd, "the first is outstanding; the second's completion was not recorded");
        }
    }

    private static OutputStream compress(String kind, OutputStream raw) throws IOException {
        switch (kind) {
            case "gz": return new GzipCompressorOutputStream(raw);
            case "xz": return new XZCompressorOutputStream(raw);
            case "bz2": return new BZip2CompressorOutputStream(raw);
            case "zst": return new ZstdCompressorOutputStream(raw);
            default: return raw;
        }
    }

    @Test
    void unknownContentListsTheFormatsTried(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("mystery.txt");
        Files.writeString(file, "hello world\nthis is not a trace\n");
        SbenchException e = assertThrows(SbenchException.class, () -> formats.open(file, null, ReadOptions.DEFAULTS));
        assertEquals(file + ": not a trace format sbench recognises (tried " + formats.names(false) + "); name one with --from",
                e.getMessage());
    }

    @Test
    void aHoleOfNulBytesInTheHeadIsNamedAtItsLineAndByte(@TempDir Path dir) throws IOException {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 500; i++) {
            text.append(128166372003061629L + i).append(",hm,1,Read,").append(4096L * i).append(",4096,8921\n");
        }
        byte[] lines = text.toString().getBytes(StandardCharsets.US_ASCII);
        int cut = lines.length / 2;
        int line = 1 + (int) text.substring(0, cut).chars().filter(c -> c == '\n').count();
        Path damaged = dir.resolve("damaged.csv");
        Files.write(damaged, concat(concat(java.util.Arrays.copyOf(lines, cut), new byte[100_000]),
                java.util.Arrays.copyOfRange(lines, cut, lines.length)));
        SbenchException e = assertThrows(SbenchException.class, () -> formats.open(damaged, null, ReadOptions.DEFAULTS));
        assertEquals(damaged + ":" + line + ": binary data (a NUL byte) at byte " + cut + " after text (a damaged file?), so the format"
                + " cannot be detected (tried " + formats.names(false) + ")", e.getMessage());

        Path binary = dir.resolve("binary.bin");
        Files.write(binary, concat(new byte[] {0x7f, 'E', 'L', 'F', 2, 1, 1, 0}, new byte[4096]));
        assertEquals(binary + ": not a trace format sbench recognises (tried " + formats.names(false) + "); name one with --from",
                assertThrows(SbenchException.class, () -> formats.open(binary, null, ReadOptions.DEFAULTS)).getMessage(),
                "binary from its first bytes: no text before the NUL, nothing to name");
    }

    /** Tencent's CBS traces come as .tgz: the archive's header is named for what it is, not "binary data". */
    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void aTarArchiveIsNamed(boolean gnu, @TempDir Path dir) throws IOException {
        Path tgz = dir.resolve("cbs.tgz");
        byte[] trace = "1538323200,12345,8,1,1063\n".getBytes(StandardCharsets.US_ASCII);
        try (TarArchiveOutputStream tar = new TarArchiveOutputStream(new GzipCompressorOutputStream(Files.newOutputStream(tgz)))) {
            tar.setLongFileMode(gnu ? TarArchiveOutputStream.LONGFILE_GNU : TarArchiveOutputStream.LONGFILE_POSIX);
            TarArchiveEntry entry = new TarArchiveEntry(gnu ? "x".repeat(120) + ".csv" : "1063.csv");
            entry.setSize(trace.length);
            tar.putArchiveEntry(entry);
            tar.write(trace);
            tar.closeArchiveEntry();
        }
        assertEquals(tgz + ": a tar archive, not a trace (some trace sets come as .tar.gz or .tgz); extract it (tar xf) and"
                + " name the trace files in it", assertThrows(SbenchException.class,
                        () -> formats.open(tgz, null, ReadOptions.DEFAULTS)).getMessage());
    }

    @Test
    void aUtf16TraceIsNamedSoAndRefusedWithHowToConvertIt(@TempDir Path dir) throws IOException {
        String msr = "128166372000000000,hm,0,Read,0,4096,20000\r\n";
        Path le = Files.write(dir.resolve("le.csv"), ("\ufeff" + msr).getBytes(StandardCharsets.UTF_16LE));
        Path be = Files.write(dir.resolve("be.csv"), ("\ufeff" + msr).getBytes(StandardCharsets.UTF_16BE));
        String expected = "%s:1: expected UTF-8 text, found UTF-16 (byte-order mark %s, as Windows tools save \"Unicode\"); convert it:"
                + " iconv -f UTF-16 -t UTF-8 %1$s > NEW.csv";
        assertEquals(String.format(expected, le, "FF FE"),
                assertThrows(SbenchException.class, () -> formats.open(le, null, ReadOptions.DEFAULTS)).getMessage(), "detection");
        assertEquals(String.format(expected, be, "FE FF"),
                assertThrows(SbenchException.class, () -> formats.open(be, null, ReadOptions.DEFAULTS)).getMessage(), "detection");
        assertEquals(String.format(expected, le, "FF FE"), assertThrows(SbenchException.class, () -> {
            try (TraceReader r = formats.open(le, "msr", ReadOptions.DEFAULTS)) {
                r.next(new IoRecord());
            }
        }).getMessage(), "--from msr");
    }

    @Test
    void emptyMissingAndDirectoryInputs(@TempDir Path dir) throws IOException {
        Path empty = Files.createFile(dir.resolve("empty.csv"));
        assertEquals(empty + ": empty file, expected a trace",
                assertThrows(SbenchException.class, () -> formats.open(empty, null, ReadOptions.DEFAULTS)).getMessage());
        Path missing = dir.resolve("missing.csv");
        assertEquals(missing + ": no such file",
                assertThrows(SbenchException.class, () -> formats.open(missing, null, ReadOptions.DEFAULTS)).getMessage());
        assertEquals(dir + ": is a directory, expected a trace file",
                assertThrows(SbenchException.class, () -> formats.open(dir, null, ReadOptions.DEFAULTS)).getMessage());
    }

    @Test
    void aDamagedRecordAmongTheFirstLinesIsNamedByTheFormatsReaderOrSkipped(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("damaged.csv"), "128166372003061629,hm,1,Read,383003648,32768,8163\n"
                + "128166372016382155,hm,1,Wrte,3221266432,4096,51404\n128166372026382245,hm,1,Write,3221266432,4096,51404\n");
        SbenchException e = assertThrows(SbenchException.class, () -> {
            try (TraceReader r = formats.open(file, null, ReadOptions.DEFAULTS)) {
                TestRecords.readAll(r);
            }
        });
        assertTrue(e.getMessage().startsWith(file + ":2: "), e.getMessage());
        try (TraceReader r = formats.open(file, null, ReadOptions.DEFAULTS.withSkipBad(1))) {
            assertEquals("msr", r.info().sourceFormat());
            assertEquals(2, TestRecords.readAll(r).size());
            assertEquals(1, r.skippedRecords());
        }
        Path twoBad = Files.writeString(dir.resolve("two.csv"), "128166372003061629,hm,1,Read,383003648,32768,8163\n"
                + "128166372016382155,hm,1,Wrte,3221266432,4096,51404\n128166372026382245,hm,1,Wirte,3221266432,4096,51404\n");
        SbenchException none = assertThrows(SbenchException.class, () -> formats.open(twoBad, null, ReadOptions.DEFAULTS));
        assertTrue(none.getMessage().contains("not a trace format sbench recognises"), "one damaged line is the most a second look"
                + " takes: " + none.getMessage());
    }

    @Test
    void aUtf8ByteOrderMarkIsDropped(@TempDir Path dir) throws IOException {
        byte[] bom = {(byte) 0xef, (byte) 0xbb, (byte) 0xbf};
        String msr = "128166372003061629,hm,1,Read,3154137088,4096,8921\n128166372016382155,hm,1,Write,0,512,1331\n";
        for (String text : new String[] {msr, CSV}) {
            Path file = dir.resolve("bom.csv");
            Files.write(file, concat(bom, text.getBytes(StandardCharsets.UTF_8)));
            try (TraceReader r = formats.open(file, null, ReadOptions.DEFAULTS)) {
                assertEquals(text == msr ? "msr" : "test", r.info().sourceFormat());
                assertEquals(text == msr ? 2 : 4, TestRecords.readAll(r).size());
            }
        }
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    @Test
    void aFileThatCannotBeOpenedNamesTheReason(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("plain.csv"), CSV);
        Path under = file.resolve("child.csv");
        SbenchException e = assertThrows(SbenchException.class, () -> formats.open(under, null, ReadOptions.DEFAULTS));
        assertEquals("cannot read " + under + ": not a directory", e.getMessage());
    }

    @Test
    void anUnreadableFileSaysPermissionDenied(@TempDir Path dir) throws IOException {
        org.junit.jupiter.api.Assumptions.assumeFalse("root".equals(System.getProperty("user.name")),
                "root reads files whatever their mode");
        Path file = Files.writeString(dir.resolve("secret.csv"), CSV);
        Files.setPosixFilePermissions(file, java.util.Set.of());
        SbenchException e = assertThrows(SbenchException.class, () -> formats.open(file, null, ReadOptions.DEFAULTS));
        assertEquals("cannot read " + file + ": permission denied", e.getMessage());
    }

    @Test
    void truncatedCompressedInputIsReportedWithTheLine(@TempDir Path dir) throws IOException {
        Path full = dir.resolve("t.csv.gz");
        StringBuilder b = new StringBuilder("issue_ns,complete_ns,offset,length,op,stream,qd,process\n");
        for (int i = 0; i < 20000; i++) {
            b.append(i).append(",,").append(i * 4096L).append(",4096,R,,,\n");
        }
        try (OutputStream out = new GzipCompressorOutputStream(Files.newOutputStream(full))) {
            out.write(b.toString().getBytes(StandardCharsets.UTF_8));
        }
        byte[] bytes = Files.readAllBytes(full);
        Path cut = dir.resolve("cut.csv.gz");
        Files.write(cut, java.util.Arrays.copyOf(bytes, bytes.length / 2));
        SbenchException e = assertThrows(SbenchException.class, () -> {
            try (TraceReader r = formats.open(cut, null, ReadOptions.DEFAULTS)) {
                TestRecords.readAll(r);
            }
        });
        assertTrue(e.getMessage().startsWith(cut.toString()), e.getMessage());
        assertTrue(e.getMessage().contains("truncated"), e.getMessage());
    }

    /**
     * A file of one compressed block cut near its end has no readable byte: "cannot read the start of the file" sent
     * users to its start (xz), and bzip2, whose decompressor decodes its first block as it is made, said "cannot open
     * the bzip2 stream (Unexpected end of stream)", as for a header cut short. Its format named (--from) skipped
     * detection, which alone said so: "line 1: cannot read further".
     */
    @ParameterizedTest
    @CsvSource({"xz, xz,", "bz2, bzip2,", "zst, zstd,", "xz, xz, csv", "bz2, bzip2, csv", "zst, zstd, csv"})
    void aCompressedFileWhoseFirstBlockIsCutSaysSo(String kind, String name, String from, @TempDir Path dir) throws IOException {
        Path full = dir.resolve("t.csv." + kind);
        try (OutputStream out = compress(kind, Files.newOutputStream(full))) {
            for (int i = 0; i < 2000; i++) {
                out.write((i + ",,4096,4096,R,,,\n").getBytes(StandardCharsets.US_ASCII));
            }
        }
        byte[] bytes = Files.readAllBytes(full);
        Path cut = dir.resolve("cut.csv." + kind);
        Files.write(cut, java.util.Arrays.copyOf(bytes, bytes.length * 2 / 3));
        SbenchException e = assertThrows(SbenchException.class, () -> {
            try (TraceReader r = formats.open(cut, from, ReadOptions.DEFAULTS)) {
                TestRecords.readAll(r);
            }
        });
        assertTrue(e.getMessage().startsWith(cut + ": cannot decompress any of the file (its first " + name + " block is damaged or cut short) ("),
                e.getMessage());
        assertTrue(e.getMessage().endsWith("); is it truncated or corrupt?"), e.getMessage());
    }

    /**
     * A small compressed file damaged after some of its data (garbage after a whole gzip or bzip2 stream, or the
     * stream cut short) was "cannot decompress any of the file": the decompressor's bytes of a read that failed were
     * lost, and under 256 KiB that read was the whole file. Its lines before the damage are read now, and the error
     * names the line where it is.
     */
    @ParameterizedTest
    @ValueSource(strings = {"gz garbage", "gz cut", "bz2 garbage", "xz garbage", "zst garbage"})
    void aSmallCompressedFileDamagedPastItsStartReadsUpToTheDamage(String damage, @TempDir Path dir) throws IOException {
        String kind = damage.substring(0, damage.indexOf(' '));
        Path full = dir.resolve("t.csv." + kind);
        int records = 2000;
        try (OutputStream out = compress(kind, Files.newOutputStream(full))) {
            out.write("Timestamp,Hostname,DiskNumber,Type,Offset,Size,ResponseTime\n".getBytes(StandardCharsets.US_ASCII));
            for (int i = 0; i < records; i++) {
                out.write(((128166400000000000L + i) + ",hm,0,Read," + i * 4096L + ",4096,100\n").getBytes(StandardCharsets.US_ASCII));
            }
        }
        byte[] bytes = Files.readAllBytes(full);
        boolean garbage = damage.endsWith("garbage");
        Path damaged = dir.resolve("damaged.csv." + kind);
        Files.write(damaged, garbage ? concat(bytes, "GARBAGE\n".getBytes(StandardCharsets.US_ASCII))
                : java.util.Arrays.copyOf(bytes, bytes.length * 2 / 3));
        List<IoRecord> read = new java.util.ArrayList<>();
        SbenchException e = assertThrows(SbenchException.class, () -> {
            try (TraceReader r = formats.byName("msr").openReader(org.sbench.trace.input.TraceInput.of(damaged), ReadOptions.DEFAULTS)) {
                IoRecord rec = new IoRecord();
                while (r.next(rec)) {
                    read.add(new IoRecord().copyFrom(rec));
                }
            }
        });
        if (garbage) {
            assertEquals(records, read.size(), e.getMessage());
        } else {
            assertTrue(read.size() > 0 && read.size() < records, read.size() + " records, " + e.getMessage());
        }
        assertTrue(e.getMessage().startsWith(damaged + ": line " + (read.size() + 2) + ": cannot read further ("), e.getMessage());
        // Garbage after the stream is no cut: "is the file truncated?" alone sent users looking for a shorter file.
        assertTrue(e.getMessage().endsWith("); is the file truncated or corrupt?"), e.getMessage());
        assertEquals(e.getMessage(), assertThrows(SbenchException.class, () -> {
            try (TraceReader r = formats.open(damaged, null, ReadOptions.DEFAULTS)) {
                TestRecords.readAll(r);
            }
        }).getMessage(), "detected, and read through the pipeline");
    }

    /**
     * A zstd trace damaged inside its data (a block header made invalid) lost the lines of the read that failed, up to
     * 256 KiB before the damage: zstd-jni's stream decoded the blocks before the damaged one in the same read, and gave
     * none of them with the error. It is now read as far as zstd decodes, here libzstd given the bytes before the
     * damage (all of a cut file's, which was read so before), and the error names the line after the whole ones.
     */
    @ParameterizedTest
    @ValueSource(strings = {"header 1", "header 2", "header 3", "header 6", "header 11", "cut 150", "cut 650", "cut 999"})
    void aZstdTraceDamagedInsideItsDataReadsEveryLineZstdDecodesBeforeTheDamage(String damage, @TempDir Path dir)
            throws IOException {
        Path full = dir.resolve("t.csv.zst");
        try (OutputStream out = compress("zst", Files.newOutputStream(full))) {
            out.write("Timestamp,Hostname,DiskNumber,Type,Offset,Size,ResponseTime\n".getBytes(StandardCharsets.US_ASCII));
            for (int i = 0; i < 40000; i++) {
                out.write(((128166400000000000L + i) + ",hm," + i % 7 + ",Read," + i * 4096L * 31 % 1000003 + ",4096," + i * 37 % 911
                        + "\n").getBytes(StandardCharsets.US_ASCII));
            }
        }
        byte[] bytes = Files.readAllBytes(full);
        int at = Integer.parseInt(damage.substring(damage.indexOf(' ') + 1));
        byte[] damagedBytes;
        int before;
        if (damage.startsWith("cut")) {
            before = (int) ((long) bytes.length * at / 1000);
            damagedBytes = java.util.Arrays.copyOf(bytes, before);
        } else {
            before = zstdBlockHeader(bytes, at);
            damagedBytes = bytes.clone();
            damagedBytes[before] |= 6;   // block type 3, reserved
        }
        Path damaged = Files.write(dir.resolve("damaged.csv.zst"), damagedBytes);
        long wholeLines;
        try (InputStream zstd = new com.github.luben.zstd.ZstdInputStreamNoFinalizer(
                new java.io.ByteArrayInputStream(bytes, 0, before)).setContinuous(true)) {
            wholeLines = new String(zstd.readAllBytes(), StandardCharsets.US_ASCII).chars().filter(c -> c == '\n').count();
        }
        int[] read = {0};
        SbenchException e = assertThrows(SbenchException.class, () -> {
            try (TraceReader r = formats.byName("msr").openReader(org.sbench.trace.input.TraceInput.of(damaged), ReadOptions.DEFAULTS)) {
                IoRecord rec = new IoRecord();
                while (r.next(rec)) {
                    read[0]++;
                }
            }
        });
        assertEquals(wholeLines - 1, read[0], "records (the header is one of the lines zstd decodes); " + e.getMessage());
        assertTrue(e.getMessage().startsWith(damaged + ": line " + (wholeLines + 1) + ": cannot read further ("), e.getMessage());
    }

    /**
     * Where the header of block {@code index} (from 0) of a zstd frame written by commons-compress starts: after the
     * 6-byte frame header (magic, descriptor, window; no content size or dictionary), each block is a 3-byte header
     * (last-block bit, 2 type bits, then its size) and its content, one byte for an RLE block.
     */
    private static int zstdBlockHeader(byte[] frame, int index) {
        assertEquals(0, frame[4] & 0xe3, "a frame header without content size, single segment or dictionary");
        int at = 6;
        for (int i = 0; i < index; i++) {
            int header = (frame[at] & 0xff) | (frame[at + 1] & 0xff) << 8 | (frame[at + 2] & 0xff) << 16;
            assertEquals(0, header & 1, "block " + i + " is not the last");
            at += 3 + (((header >> 1) & 3) == 1 ? 1 : header >>> 3);
        }
        return at;
    }

    @Test
    void binaryGarbageForcedThroughATextReaderIsRefused(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("garbage.bin");
        Files.write(file, new byte[] {1, 0, 2, 0, 3, 10, 0, 0});
        SbenchException e = assertThrows(SbenchException.class, () -> {
            try (TraceReader r = formats.open(file, "csv", ReadOptions.DEFAULTS)) {
                TestRecords.readAll(r);
            }
        });
        assertTrue(e.getMessage().startsWith(file + ":1: expected"), e.getMessage());
    }

    @Test
    void textForcedThroughTheBinaryReaderIsRefused(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("t.csv");
        Files.writeString(file, CSV);
        SbenchException e = assertThrows(SbenchException.class, () -> formats.open(file, "sbt", ReadOptions.DEFAULTS));
        assertEquals(file + ": byte 0: expected the .sbt magic 89 53 42 54 0d 0a 1a 0a, found other bytes", e.getMessage());
    }

    /** A CSV trace of {@code records} 4 KiB reads 1 µs apart, in time order but for {@code late}, moved to the end. */
    private static String csvWithLateRecord(int records, int late) {
        StringBuilder csv = new StringBuilder("issue_ns,complete_ns,offset,length,op,stream,qd,process\n");
        for (int i = 0; i < records; i++) {
            if (i != late) {
                csv.append(1000L * i).append(",,").append(4096L * i).append(",4096,R,,,\n");
            }
        }
        return csv.append(1000L * late).append(",,").append(4096L * late).append(",4096,R,,,\n").toString();
    }

    /** The records read, and how many readings it took. */
    private record Reading(List<IoRecord> records, int readings) {
    }

    /** Reads {@code path} through {@link TraceFormats#read} with a sort of 16 records, its progress heard as "first" or "again". */
    private static Reading readWithSmallSort(TraceFormats formats, Path path, List<String> heard) {
        ReadOptions first = new ReadOptions(0, 16).withProgress((done, total) -> heard.add("first"));
        ReadOptions again = new ReadOptions(0, 16).withProgress((done, total) -> heard.add("again"));
        int[] readings = {0};
        List<IoRecord> got = formats.read(path, null, first, again, r -> {
            readings[0]++;
            return TestRecords.readAll(r);
        });
        return new Reading(got, readings[0]);
    }

    private static void assertInOrder(List<IoRecord> got, int records) {
        assertEquals(records, got.size());
        for (int i = 0; i < records; i++) {
            assertEquals(1000L * i, got.get(i).issueNs, "record " + i);
        }
    }

    /**
     * A file more out of order than the sort holds is read a second time, by a sort that spills, with
     * the second options (their progress heard); one within it is read once and nothing spills.
     */
    @Test
    void aFileMoreOutOfOrderThanTheSortHoldsIsReadAgain(@TempDir Path dir) throws IOException {
        Path spills = Files.createDirectory(dir.resolve("spills"));
        TraceFormats formats = new TraceFormats(TraceFormats.standard().all(), spills);
        Path far = dir.resolve("far.csv");
        Files.writeString(far, csvWithLateRecord(1000, 3));
        List<String> heard = new java.util.ArrayList<>();
        Reading got = readWithSmallSort(formats, far, heard);
        assertInOrder(got.records(), 1000);
        assertEquals(2, got.readings());
        assertTrue(heard.contains("first") && heard.get(heard.size() - 1).equals("again"), heard.toString());

        Path near = dir.resolve("near.csv");
        Files.writeString(near, csvWithLateRecord(1000, 990));
        heard.clear();
        int[] spilled = {-1};
        List<IoRecord> sorted = formats.read(near, null, new ReadOptions(0, 16), ReadOptions.DEFAULTS, r -> {
            List<IoRecord> all = TestRecords.readAll(r);
            try (var files = Files.list(spills)) {
                spilled[0] = (int) files.count();
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            return all;
        });
        assertInOrder(sorted, 1000);
        assertEquals(0, spilled[0], "nothing spilled while reading");
    }

    /** A pipe is read once: its sort spills. */
    @Test
    void aPipeMoreOutOfOrderThanTheSortHoldsIsReadOnce(@TempDir Path dir) throws Exception {
        Path fifo = Fifos.fed(dir.resolve("far.fifo"), csvWithLateRecord(1000, 3).getBytes(StandardCharsets.UTF_8));
        List<String> heard = new java.util.ArrayList<>();
        Reading got = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> readWithSmallSort(formats, fifo, heard));
        assertInOrder(got.records(), 1000);
        assertEquals(1, got.readings());
        assertTrue(!heard.contains("again"), heard.toString());
    }

    @Test
    void outputFormatFromExtensionOrName() {
        assertEquals("sbt", formats.forOutput(Path.of("x.sbt"), null).name());
        assertEquals("csv", formats.forOutput(Path.of("x.CSV"), null).name());
        assertEquals("csv", formats.forOutput(Path.of("x.out"), "csv").name());
        assertEquals("cannot tell the output format from 'x.out'; end the name with .sbt, .csv, .iolog (convert also takes --to with"
                + " one of: " + formats.names(true) + ")",
                assertThrows(SbenchException.class, () -> formats.forOutput(Path.of("x.out"), null)).getMessage());
        // A plain fio log was written under x.iolog.gz, without a word.
        assertEquals("'x.iolog.gz' names a .gz file, and sbench writes traces uncompressed; write 'x.iolog' and compress it after"
                + " (sbench reads it compressed)", assertThrows(SbenchException.class, () -> formats.forOutput(Path.of("d/x.iolog.gz"),
                "fio")).getMessage());
        assertThrows(SbenchException.class, () -> formats.forOutput(Path.of("x.sbt.ZST"), null));
        assertEquals("unknown trace format 'nope'; known formats: " + formats.names(false),
                assertThrows(SbenchException.class, () -> formats.byName("nope")).getMessage());
    }
}
