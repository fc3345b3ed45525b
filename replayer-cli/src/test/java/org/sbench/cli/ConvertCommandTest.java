package org.sbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.trace.Field;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.format.sbt.SbtFormat;
import org.sbench.trace.format.sbt.SbtWriter;

/** {@code sbench convert} on damaged and unusual inputs: what it refuses, and that it leaves nothing behind. */
class ConvertCommandTest {
    /** Where an .sbt header keeps the offset of the first record, and a record its length (docs/trace-formats.md). */
    private static final int RECORDS_OFFSET_AT = 12;
    private static final int RECORD_BYTES = 48;
    private static final int LENGTH_IN_RECORD = 24;

    @Test
    void anSbtRecordWithANegativeLengthIsBadInputForConvertAndReplay(@TempDir Path dir) throws Exception {
        Path sbt = dir.resolve("bad.sbt");
        try (SbtWriter w = new SbtFormat().openWriter(sbt, TraceInfo.of("test", EnumSet.of(Field.COMPLETE)))) {
            for (int i = 0; i < 3; i++) {
                IoRecord r = new IoRecord();
                r.issueNs = 1000L * i;
                r.completeNs = 1000L * i + 500;
                r.offsetBytes = 4096L * i;
                r.lengthBytes = 4096;
                r.op = Op.WRITE;
                w.write(r);
            }
            w.finish();
        }
        byte[] bytes = Files.readAllBytes(sbt);
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        int second = b.getInt(RECORDS_OFFSET_AT) + RECORD_BYTES;
        b.putLong(second + LENGTH_IN_RECORD, -4096);
        Files.write(sbt, bytes);
        String expected = "sbench: " + sbt + ": byte " + second + ": expected a positive length for a write, found a write of"
                + " -4096 bytes at 4096, issued at 1000 ns, completed at 1500 ns, stream -1, qd 0\n";

        Path csv = dir.resolve("out.csv");
        CliTest.Run convert = CliTest.run("convert", sbt.toString(), csv.toString());
        assertEquals(3, convert.code(), convert.err());
        assertEquals(expected, convert.err());
        assertFalse(Files.exists(csv));
        try (var files = Files.list(dir)) {
            assertEquals(1, files.count(), "only the input is left");
        }
        CliTest.Run replay = CliTest.run("replay", sbt.toString(), "--target", "null");
        assertEquals(3, replay.code(), replay.err());
        assertEquals(expected, replay.err());

        CliTest.Run skipping = CliTest.run("convert", sbt.toString(), csv.toString(), "--skip-bad", "1");
        assertEquals(0, skipping.code(), skipping.err());
        assertTrue(skipping.out().startsWith("wrote 2 records to " + csv), skipping.out());
    }
}
