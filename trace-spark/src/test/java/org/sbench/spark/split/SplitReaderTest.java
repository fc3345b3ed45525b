package org.sbench.spark.split;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.SbenchException;
import org.sbench.trace.Field;
import org.sbench.trace.IoRecord;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.TraceReader;
import org.sbench.trace.format.TraceFormats;
import org.sbench.trace.format.sbt.SbtFormat;
import org.sbench.trace.format.sbt.SbtWriter;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.input.TraceInput;

/** Splits cut at any offsets deliver every record once, in file order, with the CLI's errors. */
class SplitReaderTest {
    private static final HadoopFiles FILES = new HadoopFiles(new Configuration());
    private static final TraceFormats FORMATS = TraceFormats.standard();

    @TempDir
    Path dir;

    /** Header, comment, blank and CRLF lines, a space-padded line and a last line without a line end (not read: a cut line). */
    private Path msrSample() throws IOException {
        String text = "Timestamp,Hostname,DiskNumber,Type,Offset,Size,ResponseTime\n"
                + "128166372003061629,hm,1,Read,3154137088,4096,8921\n"
                + "# a comment\n"
                + "128166372002061629,hm,0,Write,0,65536,120000\r\n"
                + "\n"
                + "128166372015061629,hm,2,Write,8589934592000,512,0\n"
                + "128166372015061629, hm, 1, Read, 4096, 8192, 1\n"
                + "128166372016061629,hm,1,Read,12288,4096,40\n"
                + "128166372017061629,hm,0,Write,65536,4096,77";
        return Files.writeString(dir.resolve("hm_9.csv"), text);
    }

    private static List<IoRecord> read(TraceSplit split) {
        return read(split, true);
    }

    private static List<IoRecord> read(TraceSplit split, boolean names) {
        List<IoRecord> out = new ArrayList<>();
        try (SplitReader r = SplitReader.open(split, FILES, FORMATS, ReadOptions.DEFAULTS, names)) {
            IoRecord rec = new IoRecord();
            while (r.next(rec)) {
                out.add(new IoRecord().copyFrom(rec));
            }
        }
        return out;
    }

    private static List<IoRecord> readAll(Path file) {
        List<IoRecord> out = new ArrayList<>();
        try (TraceReader r = FORMATS.byName("msr").openReader(TraceInput.of(file), ReadOptions.DEFAULTS)) {
            IoRecord rec = new IoRecord();
            while (r.next(rec)) {
                out.add(new IoRecord().copyFrom(rec));
            }
        }
        return out;
    }

    private static TraceSource source(Path file, String format) throws IOException {
        return new TraceSource(List.of(file.toString()), List.of(file.toString()), Files.size(file), format, false, null);
    }

    /** The records of {@code trace} read in the splits the planner makes of {@code size} bytes. */
    private static List<IoRecord> readPlanned(TraceSource trace, long size) {
        return readPlanned(trace, size, true);
    }

    /** As {@link #readPlanned(TraceSource, long)}, the records with their process names or ({@code names} false) without. */
    private static List<IoRecord> readPlanned(TraceSource trace, long size, boolean names) {
        List<IoRecord> got = new ArrayList<>();
        for (TraceSplit s : new SplitPlanner(FILES, size).plan(List.of(trace), List.of(FORMATS.byName(trace.format())))) {
            got.addAll(read(s, names));
        }
        return got;
    }

    private static List<IoRecord> readCut(TraceSource trace, long... cuts) {
        List<IoRecord> out = new ArrayList<>();
        for (int i = 0; i + 1 < cuts.length; i++) {
            out.addAll(read(new TraceSplit(i, 0, trace, TraceSplit.Kind.LINES, cuts[i], cuts[i + 1], new String[0])));
        }
        return out;
    }

    @Test
    void twoSplitsCutAtEveryByteGiveEveryRecordOnce() throws IOException {
        Path file = msrSample();
        long length = Files.size(file);
        List<IoRecord> whole = readAll(file);
        assertEquals(5, whole.size());
        TraceSource trace = source(file, "msr");
        for (long cut = 0; cut <= length; cut++) {
            assertEquals(whole, readCut(trace, 0, cut, length), "cut at " + cut);
        }
    }

    @Test
    void splitsOfEverySizeGiveEveryRecordOnce() throws IOException {
        Path file = msrSample();
        long length = Files.size(file);
        List<IoRecord> whole = readAll(file);
        TraceSource trace = source(file, "msr");
        for (long size = 1; size <= length; size++) {
            assertEquals(whole, readPlanned(trace, size), "splits of " + size + " bytes");
        }
    }

    @Test
    void aBadLineInALaterSplitIsNamedByItsLineInTheFile() throws IOException {
        Path file = Files.writeString(dir.resolve("bad.csv"), "128166372003061629,hm,1,Read,3154137088,4096,8921\r\n"
                + "128166372003061630,hm,1,Read,3154137088,4096,8921\r\n"
                + "128166372003061631,hm,1,Read,3154137088,4096,8921\n"
                + "\n"
                + "128166372003061632,hm,1,Wrte,3154137088,4096,8921\n");
        String cli = assertThrows(SbenchException.class, () -> readAll(file)).getMessage();
        assertEquals(file + ":5: expected Read or Write, found 'Wrte'", cli);
        long length = Files.size(file);
        TraceSource trace = source(file, "msr");
        for (long cut = 1; cut < length; cut++) {
            long at = cut;
            SbenchException e = assertThrows(SbenchException.class, () -> readCut(trace, 0, at, length), "cut at " + cut);
            assertEquals(cli, e.getMessage(), "cut at " + cut);
        }
    }

    /**
     * The sample's last line (9) has no line end: at every cut, the split that owns it names it, and
     * with the line ends of the split before it that is the CLI's number; the other names none.
     */
    @Test
    void theCutLastLineIsNamedByItsLineInTheFile() throws IOException {
        Path file = msrSample();
        long cli;
        try (TraceReader r = FORMATS.byName("msr").openReader(TraceInput.of(file), ReadOptions.DEFAULTS)) {
            while (r.next(new IoRecord())) {
                // To the end, where the cut line is found.
            }
            cli = r.incompleteLastLine();
        }
        assertEquals(9, cli);
        long length = Files.size(file);
        TraceSource trace = source(file, "msr");
        for (long cut = 1; cut < length; cut++) {
            long[] first = cutLine(trace, 0, cut);
            long[] second = cutLine(trace, cut, length);
            long inFile = second[0] == 0 ? 0 : first[1] + second[0];
            assertEquals(List.of(cli, 0L), List.of(Math.max(first[0], inFile), Math.min(first[0], inFile)), "cut at " + cut);
        }
    }

    /** A split's cut last line, counted from its first line, and its line ends. */
    private static long[] cutLine(TraceSource trace, long start, long end) {
        try (SplitReader r = SplitReader.open(new TraceSplit(0, 0, trace, TraceSplit.Kind.LINES, start, end, new String[0]), FILES, FORMATS,
                ReadOptions.DEFAULTS, true)) {
            while (r.next(new IoRecord())) {
                // To the end of the split.
            }
            return new long[] {r.incompleteLastLine(), r.lineEnds()};
        }
    }

    /**
     * Every split size gives every record once, with its process name, or without names (inspect's scan, which reads none)
     * the same records with none.
     */
    @Test
    void sbtRecordRangesGiveEveryRecordOnce() throws IOException {
        List<IoRecord> whole = readAll(msrSample());
        for (int i = 0; i < whole.size(); i++) {
            whole.get(i).process = i % 3 == 2 ? null : "proc " + i % 2;
        }
        Path sbt = dir.resolve("hm_9.sbt");
        try (SbtWriter w = new SbtFormat().openWriter(sbt, new TraceInfo("msr", EnumSet.allOf(Field.class), Map.of(), List.of()))) {
            whole.forEach(w::write);
            w.finish();
        }
        List<IoRecord> unnamed = new ArrayList<>();
        for (IoRecord r : whole) {
            IoRecord c = new IoRecord().copyFrom(r);
            c.process = null;
            unnamed.add(c);
        }
        TraceSource trace = source(sbt, "sbt");
        for (long size = 1; size <= Files.size(sbt); size += 7) {
            assertEquals(whole, readPlanned(trace, size), "splits of " + size + " bytes");
            assertEquals(unnamed, readPlanned(trace, size, false), "splits of " + size + " bytes, without names");
        }
    }

    @Test
    void everyFormatIsClassifiedForSplitting() {
        for (var f : FORMATS.all()) {
            SplitPlanner.kindOf(f);
        }
        assertEquals(FORMATS.all().size(), SplitPlanner.LINE_FORMATS.size() + SplitPlanner.WHOLE_FORMATS.size() + 1);
    }

    @Test
    void linesBeforeCountsLineEndsAsTheTextReadersDo() throws IOException {
        Path file = Files.write(dir.resolve("ends.txt"), "a\r\nb\rc\n\nd\r\re\n".getBytes(StandardCharsets.US_ASCII));
        try (LineRange r = new LineRange(FILES, file.toString(), 13, 14)) {
            assertEquals(13, r.firstLineStart());
            assertEquals(4, r.linesBefore());
        }
    }
}
