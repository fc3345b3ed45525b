package org.sbench.trace.convert;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.sbench.SbenchException;
import org.sbench.trace.Field;
import org.sbench.trace.IoRecord;
import org.sbench.trace.ListReader;
import org.sbench.trace.Op;
import org.sbench.trace.TestRecords;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.TraceReader;
import org.sbench.trace.format.TraceFormat;
import org.sbench.trace.format.TraceFormats;
import org.sbench.trace.format.fioiolog.FioIologWriter;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.input.RecordChecks;

/**
 * {@code convert} never writes what sbench's own readers refuse: records at the edges of what the
 * record check allows, written in every writable format, are read back (format detected) whole.
 */
class WrittenTracesReadBackTest {
    private static final long[] LENGTHS = {1, 512, 4096, 1 << 20, RecordChecks.MAX_IO_BYTES};
    private static final int[] STREAMS = {IoRecord.NO_STREAM, 0, 8 << 20 | 16, Integer.MAX_VALUE};
    private static final int[] QDS = {IoRecord.NO_QD, 1, 128, Integer.MAX_VALUE};
    private static final String[] PROCESSES = {null, "kworker/0:1H", "a, b", "\"quoted\"", "two\nlines", "ünïcode", "x".repeat(256)};

    @Property(tries = 20)
    void everyWritableFormatReadsBackWhatItWrote(@ForAll long seed) throws IOException {
        TraceFormats formats = TraceFormats.standard();
        List<IoRecord> records = edgeRecords(new Random(seed), 200);
        TraceInfo info = new TraceInfo("test", EnumSet.allOf(Field.class), Map.of(TraceInfo.NAME, "edges"), List.of());
        Path dir = Files.createTempDirectory("readback");
        try {
            for (TraceFormat format : formats.all()) {
                if (!format.writes()) {
                    continue;
                }
                Path out = dir.resolve("out." + format.extensions().get(0));
                List<IoRecord> written = records;
                if (format.name().equals("fio")) {
                    // fio reads a length with %u: a log of a longer IO is refused, not written.
                    written = records.stream().filter(r -> r.lengthBytes <= FioIologWriter.MAX_LENGTH_BYTES).toList();
                    if (written.size() < records.size()) {
                        assertThrows(SbenchException.class,
                                () -> TraceConverter.convert(new ListReader(info, records), format, out, ConvertSettings.ALL));
                        assertFalse(Files.exists(out));
                    }
                }
                TraceConverter.convert(new ListReader(info, written), format, out, ConvertSettings.ALL);
                List<IoRecord> back;
                try (TraceReader r = formats.open(out, null, ReadOptions.DEFAULTS)) {
                    back = TestRecords.readAll(r);
                }
                assertEquals(written.size(), back.size(), format.name());
                for (int i = 0; i < written.size(); i++) {
                    assertEquals(written.get(i).op, back.get(i).op, format.name() + " record " + i);
                    assertEquals(written.get(i).offsetBytes, back.get(i).offsetBytes, format.name() + " record " + i);
                    assertEquals(written.get(i).lengthBytes, back.get(i).lengthBytes, format.name() + " record " + i);
                    if (!format.name().equals("fio")) {
                        assertEquals(written.get(i), back.get(i), format.name() + " record " + i);
                    }
                }
            }
        } finally {
            try (var s = Files.list(dir)) {
                for (Path p : (Iterable<Path>) s::iterator) {
                    Files.delete(p);
                }
            }
            Files.delete(dir);
        }
    }

    /** Sound records in issue order from 0, with every field at its edges now and then. */
    private static List<IoRecord> edgeRecords(Random rnd, int count) {
        List<IoRecord> out = new ArrayList<>();
        long t = 0;
        for (int i = 0; i < count; i++) {
            IoRecord r = new IoRecord();
            r.issueNs = t;
            t += rnd.nextInt(3) == 0 ? 0 : 1000L * rnd.nextInt(1000);
            r.op = Op.values()[rnd.nextInt(Op.values().length)];
            r.lengthBytes = r.op == Op.FLUSH ? 0 : LENGTHS[rnd.nextInt(LENGTHS.length)];
            r.offsetBytes = r.op == Op.FLUSH ? 0 : rnd.nextInt(4) == 0 ? Long.MAX_VALUE - r.lengthBytes : 512L * rnd.nextInt(1 << 30);
            r.completeNs = rnd.nextInt(4) == 0 ? IoRecord.NO_TIME : rnd.nextInt(8) == 0 ? Long.MAX_VALUE : r.issueNs + rnd.nextInt(1 << 20);
            r.stream = STREAMS[rnd.nextInt(STREAMS.length)];
            r.qd = QDS[rnd.nextInt(QDS.length)];
            r.process = PROCESSES[rnd.nextInt(PROCESSES.length)];
            RecordChecks.requireSound(r);
            out.add(r);
        }
        return out;
    }
}
