package org.sbench.trace.convert;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.trace.Field;
import org.sbench.trace.IoRecord;
import org.sbench.trace.ListReader;
import org.sbench.trace.Op;
import org.sbench.trace.PhaseMarker;
import org.sbench.trace.TestRecords;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.TraceReader;
import org.sbench.trace.format.TraceFormats;
import org.sbench.trace.input.ReadOptions;

/** What {@link TraceConverter} keeps of a trace: every record the settings keep, with the phases they fall in. */
class TraceConverterTest {
    private static final TraceFormats FORMATS = TraceFormats.standard();

    private static TraceInfo info(List<PhaseMarker> phases) {
        return new TraceInfo("test", EnumSet.allOf(Field.class), Map.of(), phases);
    }

    private static IoRecord write(long issueNs) {
        return TestRecords.record(issueNs, IoRecord.NO_TIME, 4096, 4096, Op.WRITE, 0);
    }

    private static TraceReader readBack(Path out) {
        return FORMATS.open(out, null, ReadOptions.DEFAULTS);
    }

    /** The last time a trace can hold, 2^63 - 1 ns after its first IO, was once outside the default end: its record was dropped. */
    @Test
    void aRecordAtTheGreatestTimeIsKeptByDefault(@TempDir Path dir) {
        List<IoRecord> records = List.of(write(0), write(Long.MAX_VALUE));
        Path out = dir.resolve("out.sbt");
        TraceConverter.Summary s = TraceConverter.convert(new ListReader(info(List.of()), records), FORMATS.byName("sbt"), out,
                ConvertSettings.ALL);
        assertEquals(2, s.written());
        try (TraceReader r = readBack(out)) {
            assertEquals(records, TestRecords.readAll(r));
        }
    }

    @Test
    void theRecordsFromStartKeepThePhaseInEffectAtTheFirstOfThem(@TempDir Path dir) {
        List<PhaseMarker> phases = List.of(new PhaseMarker("boot", 0), new PhaseMarker("browsing", 100), new PhaseMarker("idle", 150),
                new PhaseMarker("gaming", 300));
        List<IoRecord> records = List.of(write(0), write(90), write(160), write(200), write(310), write(400));
        Path out = dir.resolve("out.sbt");
        ConvertSettings from120 = new ConvertSettings(IoRecord.NO_STREAM, EnumSet.allOf(Op.class), 120, 350, Long.MAX_VALUE);
        TraceConverter.Summary s = TraceConverter.convert(new ListReader(info(phases), records), FORMATS.byName("sbt"), out, from120);
        assertEquals(3, s.written());
        try (TraceReader r = readBack(out)) {
            assertEquals(List.of(new PhaseMarker("idle", 0), new PhaseMarker("gaming", 140)), r.info().phases(),
                    "idle began before --start and the first record kept (at 160); gaming at 300, 160 later");
        }
    }

    /** A recorder's mark made before the first IO (at a negative time) became 0 in CSV. */
    @Test
    void wholeTracesKeepTheirPhasesAsTheyAreMarksBeforeTheFirstIoToo(@TempDir Path dir) {
        List<PhaseMarker> phases = List.of(new PhaseMarker("before first", -6_855_000), new PhaseMarker("boot", 0),
                new PhaseMarker("browsing", 100));
        for (String format : new String[] {"sbt", "csv"}) {
            Path out = dir.resolve("out." + format);
            TraceConverter.convert(new ListReader(info(phases), List.of(write(0), write(120))), FORMATS.byName(format), out,
                    ConvertSettings.ALL);
            try (TraceReader r = readBack(out)) {
                assertEquals(phases, r.info().phases(), format);
            }
        }
    }
}
