package org.sbench.trace.input;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Progress;
import org.sbench.trace.TraceReader;
import org.sbench.trace.format.TraceFormats;

/** A reader's position in its file, as commands show it while they read: bytes of the file read, of its size. */
class TraceInputProgressTest {
    private static final int RECORDS = 40_000;

    /** What a progress heard, in order. */
    private static final class Heard implements Progress {
        final List<long[]> calls = new ArrayList<>();

        @Override
        public void at(long done, long total) {
            calls.add(new long[] {done, total});
        }
    }

    private static String csv() {
        StringBuilder b = new StringBuilder("issue_ns,complete_ns,offset,length,op,stream,qd,process\n");
        for (int i = 0; i < RECORDS; i++) {
            b.append(i * 1000L).append(',').append(i * 1000L + 500).append(',').append(i * 4096L).append(",4096,R,0,1,\n");
        }
        return b.toString();
    }

    private static long readAll(Path file, Heard heard) {
        long n = 0;
        try (TraceReader r = TraceFormats.standard().open(file, null, ReadOptions.DEFAULTS.withProgress(heard))) {
            IoRecord rec = new IoRecord();
            while (r.next(rec)) {
                n++;
            }
        }
        return n;
    }

    @Test
    void theReaderReportsTheBytesItReadOfTheFileUpToItsSize(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("t.csv"), csv());
        Heard heard = new Heard();
        assertEquals(RECORDS, readAll(file, heard));
        long size = Files.size(file);
        assertTrue(heard.calls.size() > 2, "more than one buffer of a " + size + "-byte file: " + heard.calls.size());
        long previous = 0;
        for (long[] c : heard.calls) {
            assertEquals(size, c[1], "the file's size");
            assertTrue(c[0] > previous, "the reader's position only grows; detection's look at the head is not counted");
            previous = c[0];
        }
        assertEquals(size, previous, "all of it, once");
    }

    @Test
    void aCompressedFileReportsItsCompressedBytes(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("t.csv.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(file))) {
            out.write(csv().getBytes(StandardCharsets.US_ASCII));
        }
        Heard heard = new Heard();
        assertEquals(RECORDS, readAll(file, heard));
        long[] last = heard.calls.get(heard.calls.size() - 1);
        assertEquals(Files.size(file), last[0]);
        assertEquals(Files.size(file), last[1]);
    }
}
