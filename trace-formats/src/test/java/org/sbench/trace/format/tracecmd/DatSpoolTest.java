package org.sbench.trace.format.tracecmd;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.sbench.trace.format.FormatSamples.fixture;

import com.github.luben.zstd.Zstd;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.trace.CreatedFiles;
import org.sbench.trace.IoRecord;
import org.sbench.trace.TestRecords;
import org.sbench.trace.TraceReader;
import org.sbench.trace.format.TraceFormats;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.input.TraceInput;

/**
 * A trace.dat that cannot be read at its offsets as it is, compressed or from a pipe, is read from one decompressed copy
 * in the temporary directory: the same IOs as the plain file, the input read through once, and no file (nor open
 * descriptor of one) left in the temporary directory once the reader is closed, however the reading ended.
 */
class DatSpoolTest {
    @TempDir
    Path dir;
    @TempDir
    Path tmp;

    private TraceFormats formats() {
        return new TraceFormats(List.of(new TraceCmdFormat(tmp)), tmp);
    }

    /** v7zstd.dat: version 7, sections and chunks zstd-compressed; many6.dat: version 6, 137 plain pages a CPU. */
    @ParameterizedTest
    @CsvSource({"v7zstd.dat,gz", "v7zstd.dat,zst", "v7zstd.dat,stream", "v7zstd.dat,fifo",
        "many6.dat,gz", "many6.dat,zst", "many6.dat,stream", "many6.dat,fifo"})
    void compressedOrPipedReadsAsThePlainFile(String name, String how) throws Exception {
        byte[] plain = plain(name);
        List<IoRecord> expected = TestRecords.readAll(formats().open(Files.write(dir.resolve(name), plain), null, ReadOptions.DEFAULTS));
        List<IoRecord> found = switch (how) {
            case "gz" -> readAll(TraceInput.of(Files.write(dir.resolve(name + ".gz"), gzip(plain))));
            case "zst" -> readAll(TraceInput.of(Files.write(dir.resolve(name + ".zst"), Zstd.compress(plain))));
            case "stream" -> readAll(TraceInput.ofStream("-", new ByteArrayInputStream(plain)));
            default -> readFifo(plain);
        };
        assertTrue(expected.size() > 30, "IOs: " + expected.size());
        assertEquals(expected, found);
        assertEquals(List.of(), leftInTmp(), "nothing left in the temporary directory");
    }

    /** A compressed file was decompressed from its start again for each section and each CPU's data: 9 opens of v7zstd.dat.gz. */
    @Test
    void aCompressedFileIsDecompressedOnce() throws Exception {
        Path gz = Files.write(dir.resolve("v7zstd.dat.gz"), gzip(plain("v7zstd.dat")));
        AtomicInteger opens = new AtomicInteger();
        TraceInput input = TraceInput.of(gz.toString(), () -> {
            opens.incrementAndGet();
            return Files.newInputStream(gz);
        });
        readAll(input);
        assertEquals(3, opens.get(), "opens: its compression, its head, then the one copy");
    }

    /**
     * Formats sharing their copies, as a command reading a trace twice uses them (replay's planning pass and replay):
     * one copy (files created in the temporary directory, watched) for both readings, the same IOs as the plain file's,
     * the second reading's progress counting the copy's bytes; the copy held, deleted, until the formats are closed.
     * Each reading made a copy of its own before.
     */
    @Test
    void readingsOfFormatsSharingTheirCopiesCopyACompressedFileOnce() throws Exception {
        byte[] plain = plain("many6.dat");
        List<IoRecord> expected = TestRecords.readAll(formats().open(Files.write(dir.resolve("many6.dat"), plain), null,
                ReadOptions.DEFAULTS));
        Path zst = Files.write(dir.resolve("many6.dat.zst"), Zstd.compress(plain));
        List<long[]> second = new ArrayList<>();
        try (CreatedFiles files = new CreatedFiles(tmp); DatCopies copies = new DatCopies()) {
            TraceFormats sharing = new TraceFormats(List.of(new TraceCmdFormat(tmp, copies)), tmp);
            assertEquals(expected, TestRecords.readAll(sharing.open(zst, null, ReadOptions.DEFAULTS)));
            try (TraceReader r = sharing.open(TraceInput.of(zst), null, ReadOptions.DEFAULTS.withProgress(
                    (done, total) -> second.add(new long[] {done, total})))) {
                assertEquals(expected, TestRecords.readAll(r));
            }
            assertEquals(1, files.names().size(), "copies made");
            List<String> held = leftInTmp();
            assertEquals(1, held.size(), "the copy kept for a later reading: " + held);
            assertTrue(held.get(0).endsWith(" (deleted)"), held.get(0));
        }
        assertArrayEquals(new long[] {plain.length, plain.length}, second.get(second.size() - 1), "the copy's bytes");
        assertEquals(List.of(), leftInTmp());
    }

    /** A file changed between two readings (its size, its modification time) is copied again: the second reading reads it as it is. */
    @Test
    void aFileChangedSinceItsCopyIsCopiedAgain() throws Exception {
        Path gz = Files.write(dir.resolve("t.dat.gz"), gzip(plain("v7zstd.dat")));
        try (DatCopies copies = new DatCopies()) {
            TraceFormats sharing = new TraceFormats(List.of(new TraceCmdFormat(tmp, copies)), tmp);
            assertEquals(36, TestRecords.readAll(sharing.open(gz, null, ReadOptions.DEFAULTS)).size());
            Files.write(gz, gzip(plain("many6.dat")));
            assertEquals(6000, TestRecords.readAll(sharing.open(gz, null, ReadOptions.DEFAULTS)).size());
        }
        assertEquals(List.of(), leftInTmp());
    }

    /** Progress counted decompressed bytes of the sections before the CPUs' data, then compressed bytes of the data, of neither size. */
    @Test
    void progressCountsTheCompressedFile() throws Exception {
        Path gz = Files.write(dir.resolve("many6.dat.gz"), gzip(plain("many6.dat")));
        long size = Files.size(gz);
        List<long[]> reports = new ArrayList<>();
        try (TraceReader r = formats().open(TraceInput.of(gz, (done, total) -> reports.add(new long[] {done, total})), null,
                ReadOptions.DEFAULTS)) {
            TestRecords.readAll(r);
        }
        assertTrue(reports.stream().allMatch(p -> p[1] == size && p[0] <= size), "each of the file's size");
        assertArrayEquals(new long[] {size, size}, reports.get(reports.size() - 1));
    }

    /** While read, the copy is a file of the temporary directory already deleted: nothing stays should sbench be killed. */
    @Test
    void theCopyIsDeletedWhileItIsRead() throws Exception {
        Path gz = Files.write(dir.resolve("many6.dat.gz"), gzip(plain("many6.dat")));
        try (TraceReader r = formats().open(TraceInput.of(gz), null, ReadOptions.DEFAULTS)) {
            r.next(new IoRecord());
            assertEquals(List.of(), names(tmp));
            List<String> held = leftInTmp();
            assertEquals(1, held.size(), "one descriptor of the deleted copy: " + held);
            assertTrue(held.get(0).endsWith(" (deleted)"), held.get(0));
        }
        assertEquals(List.of(), leftInTmp());
    }

    @Test
    void aTruncatedGzIsOneLineNamingTheFileAndLeavesNothing() throws Exception {
        byte[] gz = gzip(plain("many6.dat"));
        Path cut = Files.write(dir.resolve("cut.dat.gz"), Arrays.copyOf(gz, gz.length / 2));
        SbenchException e = assertThrows(SbenchException.class, () -> readAll(TraceInput.of(cut)));
        assertEquals(ErrorKind.BAD_INPUT, e.kind());
        assertTrue(e.getMessage().startsWith(cut + ": byte "), e.getMessage());
        assertTrue(e.getMessage().matches("[^\n]*: cannot read further \\([^\n]*\\); is the file truncated or corrupt\\?"),
                e.getMessage());
        assertEquals(List.of(), leftInTmp());
    }

    private List<IoRecord> readAll(TraceInput input) {
        try (TraceReader r = formats().open(input, null, ReadOptions.DEFAULTS)) {
            return TestRecords.readAll(r);
        }
    }

    /** {@code plain} read from a FIFO a thread writes it into. */
    private List<IoRecord> readFifo(byte[] plain) throws Exception {
        Path fifo = dir.resolve("fifo");
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
        Thread writer = new Thread(() -> {
            try (OutputStream out = Files.newOutputStream(fifo)) {
                out.write(plain);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        writer.start();
        try {
            return readAll(TraceInput.of(fifo));
        } finally {
            writer.join();
        }
    }

    /** Names in the temporary directory, and this process's descriptors of files in it (a deleted file held open). */
    private List<String> leftInTmp() throws IOException {
        List<String> left = new ArrayList<>(names(tmp));
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            for (Path fd : fds.toList()) {
                try {
                    String target = Files.readSymbolicLink(fd).toString();
                    if (target.startsWith(tmp.toString())) {
                        left.add(target);
                    }
                } catch (IOException gone) {
                    // the listing's own descriptor, closed by now
                }
            }
        }
        return left;
    }

    private static List<String> names(Path d) throws IOException {
        try (Stream<Path> s = Files.list(d)) {
            return s.map(p -> p.getFileName().toString()).toList();
        }
    }

    /** The fixture NAME's bytes (many6.dat is kept gzipped). */
    private static byte[] plain(String name) throws Exception {
        if (!name.equals("many6.dat")) {
            return Files.readAllBytes(fixture("tracecmd/" + name));
        }
        try (InputStream in = new GZIPInputStream(Files.newInputStream(fixture("tracecmd/" + name + ".gz")))) {
            return in.readAllBytes();
        }
    }

    private static byte[] gzip(byte[] b) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
            gz.write(b);
        }
        return out.toByteArray();
    }
}
