// What inspect and convert make of a generated MSR trace, pinned to the values they gave before their fast paths.
package org.sbench.trace.format.msr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.trace.TraceReader;
import org.sbench.trace.convert.ConvertSettings;
import org.sbench.trace.convert.TraceConverter;
import org.sbench.trace.format.TraceFormats;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.stats.SequentialWindow;
import org.sbench.trace.stats.TraceInspector;
import org.sbench.trace.stats.TraceStatistics;

/**
 * A generated MSR trace with what the readers, the sort, the recorded queue depth and the
 * statistics have to get right (records out of order by more than the sort holds, six streams,
 * sequential runs, IOs crossing 128 MiB regions and covering many, unaligned IOs, a byte-order
 * mark, a header, comments, blank lines, CRLF, spaces and any case, bad lines skipped, a cut last
 * line), inspected and converted to .sbt and CSV. The expected values are those the code gave
 * before the inspect and convert paths were made faster (commit 90ff6e9), so any change of what
 * they compute fails here; the statistics are the same whether the sort spills or not.
 */
class MsrPipelineGoldenTest {
    private static final int LINES = 120_000;
    private static final long SKIP_BAD = 100;

    @TempDir
    Path dir;

    @Test
    void inspectAndConvertGiveWhatTheyGaveBefore() throws IOException {
        Path trace = dir.resolve("golden.csv");
        Files.writeString(trace, generate(new Random(17)), StandardCharsets.UTF_8);
        TraceFormats formats = new TraceFormats(TraceFormats.standard().all(), dir);
        ReadOptions spilling = new ReadOptions(SKIP_BAD, 5_000);

        TraceStatistics stats = inspect(formats, trace, spilling);
        assertEquals(119_949, stats.records());
        assertEquals(1_154, stats.reordered());
        assertEquals(51, stats.skipped());
        assertEquals(120_103, stats.incompleteLastLine());
        assertEquals(15_396_943, stats.distinct4kBlocks());
        assertEquals(29.448348881608016, stats.sequentialPct());
        assertEquals(3.5889002826201137, stats.qd().avg());
        // The statistics' text gained "requests=null" (d44e320): without it, the digest is the one pinned before (c6c80f98...);
        // then each stream's "trims=" (27247dc): without them, the one pinned after that. The streams past the first 65,536,
        // summed, came after ("otherStreams=null" for this trace of fewer): the text without it is the one pinned before.
        assertNull(stats.otherStreams());
        String text = stats.toString().replace(", otherStreams=null", "");
        assertEquals("ee0c367ffd5bf63ed9e6430bb4918dfcfd84f4259003eb05075aad9d6fdba9d4",
                digest(text.replaceAll(", trims=\\d+, bytesRead=", ", bytesRead=").getBytes(StandardCharsets.UTF_8)));
        assertEquals("fb60c8ce33acc7f213b19b9c32407c2756acc6b58bad845e4d17b7342fb25882", digest(text.getBytes(StandardCharsets.UTF_8)));
        assertEquals(stats, inspect(formats, trace, new ReadOptions(SKIP_BAD, ReadOptions.DEFAULT_SORT_MEMORY_RECORDS)));

        assertEquals("bcc06e193c5b21c1a12adc290d5940be90a66f916e54559aa725edb9bffcc630",
                convert(formats, trace, spilling, dir.resolve("golden.sbt")));
        assertEquals("e32d8cf29bee50590fe16d7a3580a929767a65503cb271665cb184567b2374db",
                convert(formats, trace, spilling, dir.resolve("golden-out.csv")));
    }

    private static TraceStatistics inspect(TraceFormats formats, Path trace, ReadOptions options) {
        try (TraceReader reader = formats.open(trace, "msr", options)) {
            return TraceInspector.inspect(reader, SequentialWindow.DEFAULT_WINDOW);
        }
    }

    /** The digest of what {@code convert} writes to {@code out}. */
    private static String convert(TraceFormats formats, Path trace, ReadOptions options, Path out) throws IOException {
        try (TraceReader reader = formats.open(trace, "msr", options)) {
            TraceConverter.convert(reader, formats.forOutput(out, null), out, ConvertSettings.ALL);
        }
        return digest(Files.readAllBytes(out));
    }

    private static String digest(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }

    private static String generate(Random rnd) {
        StringBuilder s = new StringBuilder(LINES * 60);
        s.append('\ufeff').append("Timestamp,Hostname,DiskNumber,Type,Offset,Size,ResponseTime\n");
        String[] ops = {"Read", "Write", "READ", "write"};
        long[] sizes = {512, 4096, 4096, 8192, 16384, 65536, 131072, 1 << 20};
        long[] nextOffset = new long[6];
        long t = 128_166_372_000_000_000L;
        for (int i = 0; i < LINES; i++) {
            t += rnd.nextInt(2000);
            long ts = rnd.nextInt(100) == 0 ? t - rnd.nextInt(5_000_000) : t;
            int disk = rnd.nextInt(10) < 7 ? rnd.nextInt(2) : 2 + rnd.nextInt(4);
            long size = rnd.nextInt(8) == 0 ? 1 + rnd.nextInt(300_000) : sizes[rnd.nextInt(sizes.length)];
            long offset;
            int kind = rnd.nextInt(100);
            if (kind < 30) {
                offset = nextOffset[disk];
            } else if (kind < 80) {
                offset = (long) rnd.nextInt(1 << 22) * 4096;
            } else if (kind < 90) {
                offset = ((long) rnd.nextInt(1 << 12) << 27) - rnd.nextInt(8192);
            } else if (kind < 99) {
                offset = (long) rnd.nextInt(1 << 30) * 16 + rnd.nextInt(16);
            } else {
                offset = (long) rnd.nextInt(64) << 27;
                size = (1L + rnd.nextInt(6)) << 27;
            }
            offset = Math.max(0, offset);
            nextOffset[disk] = offset + size;
            String line = ts + ",hm," + disk + "," + ops[rnd.nextInt(ops.length)] + "," + offset + "," + size + "," + rnd.nextInt(20_000);
            switch (rnd.nextInt(4000)) {
                case 0 -> s.append("# a comment\n");
                case 1 -> s.append("\n   \n");
                case 2 -> line = " " + line.replace(",", " , ") + "\t";
                case 3 -> line = line.replace("hm", "host");
                case 4 -> line = line.replace(",hm,", ",hm,x,");
                case 5 -> line = line.replace("Read", "Trim").replace("Write", "Trim");
                default -> { }
            }
            s.append(line).append(rnd.nextInt(50) == 0 ? "\r\n" : "\n");
        }
        s.append(t + 1).append(",hm,0,Read,0,4096,1"); // cut: no line end
        return s.toString();
    }
}
