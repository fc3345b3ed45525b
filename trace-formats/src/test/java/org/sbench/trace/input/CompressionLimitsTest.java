package org.sbench.trace.input;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Base64;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.SbenchException;
import org.sbench.trace.IoRecord;
import org.sbench.trace.TraceReader;
import org.sbench.trace.format.TraceFormats;

/**
 * Compressed files whose headers ask for more memory than a trace needs: one sbench CSV record
 * (issue_ns,complete_ns,offset,length,op,stream,qd,process / 0,500,0,4096,R,0,1,), compressed by
 * the command named over each.
 */
class CompressionLimitsTest {
    /** {@code xz --lzma2=dict=1536MiB}: 1537 MiB to decompress. */
    private static final String XZ_1536_MIB = "/Td6WFoAAATm1rRGAgAhASUAAAA7eHtB4ABLAEpdADSc7Opmaw32p0+iCDIJ"
            + "+X3QG1cWLnMtWlHlAF0nDSnMopFvnuZfri4Kw9M9Tlw7"
            + "ESFD8Z3pc19e8chHfYODVKCvBrFL5XxFQgAAAAAA6IkqO+UEXSEAAWZMsXRLbB+2830BAAAAAARZWg==";
    /** {@code xz -9}: 65 MiB, the largest preset. */
    private static final String XZ_9 = "/Td6WFoAAATm1rRGAgAhARwAAAAQz1jM4ABLAEpdADSc7Opmaw32p0+iCDIJ"
            + "+X3QG1cWLnMtWlHlAF0nDSnMopFvnuZfri4Kw9M9Tlw7"
            + "ESFD8Z3pc19e8chHfYODVKCvBrFL5XxFQgAAAAAA6IkqO+UEXSEAAWZMsXRLbB+2830BAAAAAARZWg==";
    /** {@code zstd --long=31} of a pipe (no content size in the frame): a 2 GiB window. */
    private static final String ZSTD_LONG_31 = "KLUv/QSoLQIAckQPFZA7B5LdRHYb2Cj76brLmg3D2OV2HceAz4UH4gKf7wTf+RFlUyOM14Ftb00rmzBUXnxK"
            + "uah0JfKZgc2/BAEALpQlIuP6Cw==";
    /** {@code zstd --long=27} of a pipe: a 128 MiB window, zstd's default limit. */
    private static final String ZSTD_LONG_27 = "KLUv/QSILQIAckQPFZA7B5LdRHYb2Cj76brLmg3D2OV2HceAz4UH4gKf7wTf+RFlUyOM14Ftb00rmzBUXnxK"
            + "uah0JfKZgc2/BAEALpQlIuP6Cw==";

    private static long records(Path dir, String name, String base64) throws IOException {
        Path file = Files.write(dir.resolve(name), Base64.getDecoder().decode(base64));
        long n = 0;
        try (TraceReader r = TraceFormats.standard().open(file, null, ReadOptions.DEFAULTS)) {
            IoRecord rec = new IoRecord();
            while (r.next(rec)) {
                n++;
            }
        }
        return n;
    }

    @Test
    void anXzStreamNeedingMoreThanTheLimitIsRefusedBeforeItsDictionaryIsTaken(@TempDir Path dir) {
        Path file = dir.resolve("t.csv.xz");
        SbenchException e = assertThrows(SbenchException.class, () -> records(dir, "t.csv.xz", XZ_1536_MIB));
        assertEquals(file + ": byte 0 of the decompressed data: the xz block there needs 1537 MiB to decompress (its dictionary),"
                + " more than the 128 MiB sbench allows; recompress it: xz -dc " + file + " | xz -9 > NEW.csv.xz", e.getMessage());
        byte[] first = Base64.getDecoder().decode(XZ_9);
        byte[] second = Base64.getDecoder().decode(XZ_1536_MIB);
        byte[] both = Arrays.copyOf(first, first.length + second.length);
        System.arraycopy(second, 0, both, first.length, second.length);
        String concatenated = Base64.getEncoder().encodeToString(both);
        SbenchException later = assertThrows(SbenchException.class, () -> records(dir, "t2.csv.xz", concatenated));
        assertTrue(later.getMessage().startsWith(dir.resolve("t2.csv.xz") + ": byte 76 of the decompressed data: the xz block there"
                + " needs 1537 MiB"), "the second stream, after the first's 76 bytes: " + later.getMessage());
    }

    @Test
    void aZstdFrameWithAWindowOverTheLimitIsRefusedSayingHowToReadIt(@TempDir Path dir) {
        Path file = dir.resolve("t.csv.zst");
        SbenchException e = assertThrows(SbenchException.class, () -> records(dir, "t.csv.zst", ZSTD_LONG_31));
        assertEquals(file + ": byte 0 of the decompressed data: the zstd frame there needs a window of more than 128 MiB"
                + " (written with zstd --long=28 or more), more than sbench allows; decompress it first: zstd -d --long=31 " + file,
                e.getMessage());
    }

    /** A gzip header (flag FNAME) whose file name has no NUL to end it: 200 KiB of 'a' here, 600 MB ran out of the heap. */
    @Test
    void aGzipHeaderWhoseFileNameNeverEndsIsRefused(@TempDir Path dir) throws IOException {
        byte[] header = {0x1f, (byte) 0x8b, 8, 8, 0, 0, 0, 0, 0, 3};
        byte[] file = Arrays.copyOf(header, header.length + 200 * 1024);
        Arrays.fill(file, header.length, file.length, (byte) 'a');
        Path gz = Files.write(dir.resolve("t.csv.gz"), file);
        SbenchException e = assertThrows(SbenchException.class, () -> records(dir, "t.csv.gz", Base64.getEncoder().encodeToString(file)));
        assertEquals(gz + ": a gzip member's header has a file name or comment of more than 65536 bytes (no NUL within them):"
                + " not a gzip file, or a damaged one", e.getMessage());
    }

    @Test
    void theLargestPresetsAreRead(@TempDir Path dir) throws IOException {
        assertEquals(1, records(dir, "t9.csv.xz", XZ_9));
        assertEquals(1, records(dir, "t27.csv.zst", ZSTD_LONG_27));
    }
}
