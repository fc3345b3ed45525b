package org.sbench.spark.inspect;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.repeat;
import static org.apache.spark.sql.functions.when;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.spark.CliReference;
import org.sbench.spark.LocalSparkTest;
import org.sbench.spark.MultiVolumeTraces;
import org.sbench.spark.convert.ExportSettings;
import org.sbench.spark.convert.ParquetExport;
import org.sbench.spark.convert.SbtExtraction;
import org.sbench.spark.source.IoColumn;
import org.sbench.spark.source.ParquetArchive;
import org.sbench.spark.source.ReadSettings;
import org.sbench.trace.IoRecord;
import org.sbench.trace.input.ReadOptions;

/**
 * The Parquet table {@code convert} writes is an input of {@code inspect} and {@code convert}: the
 * same statistics, per file and per volume, and the same .sbt as of the traces it was written from.
 */
class ParquetInputTest extends LocalSparkTest {
    /** Small enough that the splittable fixtures are cut into several ranges, and the table into many part files. */
    private static final long SPLIT_BYTES = 97;
    private static final int STREAMS_PER_TRACE = 1;
    /** Splits of the generated traces: several per file, each a part file of the table. */
    private static final long MULTI_SPLIT_BYTES = 16384;
    private static final String MAX_RECORDS_PER_FILE = "spark.sql.files.maxRecordsPerFile";

    @TempDir
    static Path dir;

    /** The fixtures the CLI reads (the conversions, gzip copies and blktrace trace too), as paths. */
    private static List<String> readable(Path into) throws IOException {
        List<String> good = new ArrayList<>();
        for (Path trace : FixtureParity.traces(Files.createDirectories(into))) {
            try {
                CliReference.inspect(trace, ReadOptions.DEFAULTS);
                good.add(trace.toString());
            } catch (SbenchException e) {
                // The CLI's error is FixtureParity's business.
            }
        }
        return good;
    }

    private static String table(List<String> in, Path out) {
        return table(in, out, SPLIT_BYTES);
    }

    private static String table(List<String> in, Path out, long splitBytes) {
        ParquetExport.write(spark, in, ExportSettings.ALL.withRead(new ReadSettings(null, 0, splitBytes)), out.toString());
        return out.toString();
    }

    /** Inspects a Parquet table, which takes no split size. */
    private static ArchiveStatistics inspect(List<String> paths, boolean volumesPerFile) {
        return inspect(paths, volumesPerFile, InspectSettings.DEFAULTS.read().splitBytes());
    }

    private static ArchiveStatistics inspect(List<String> paths, boolean volumesPerFile, long splitBytes) {
        return new ArchiveInspection(spark, InspectSettings.DEFAULTS.withRead(new ReadSettings(null, 0, splitBytes))
                .withVolumesPerFile(volumesPerFile))
                .inspect(paths);
    }

    /** Each row as its keys and statistics, which compare by value. */
    private static List<String> keyed(List<Row> rows) {
        return rows.stream().map(r -> r.get(0) + " " + r.get(1) + " " + StatisticsRows.toStatistics(r)).toList();
    }

    @Test
    void theTableOfTheFixturesGivesTheirStatisticsPerFileAndPerVolume() throws IOException {
        List<String> traces = readable(dir.resolve("stats"));
        String table = table(traces, dir.resolve("fixtures.parquet"));
        for (boolean perFile : new boolean[] {true, false}) {
            ArchiveStatistics fromTraces = inspect(traces, perFile, SPLIT_BYTES);
            ArchiveStatistics fromTable = inspect(List.of(table), perFile);
            assertEquals(keyed(fromTraces.files()), keyed(fromTable.files()), "files, volumes per file " + perFile);
            assertEquals(keyed(fromTraces.volumes().collectAsList()), keyed(fromTable.volumes().collectAsList()), "volumes, volumes per file " + perFile);
        }
    }

    @Test
    void theTableOfATraceGivesItsSbtWholeAndOfAStream() throws IOException {
        int compared = 0;
        for (String trace : readable(dir.resolve("sbt"))) {
            Path name = Path.of(trace).getFileName();
            String table = table(List.of(trace), dir.resolve(name + ".parquet"));
            List<ExportSettings> cuts = new ArrayList<>(List.of(ExportSettings.ALL));
            for (int stream : streams(Path.of(trace))) {
                cuts.add(ExportSettings.ALL.withStream(Integer.toString(stream)));
            }
            for (ExportSettings cut : cuts) {
                Path fromTrace = dir.resolve("t-" + compared + ".sbt");
                Path fromTable = dir.resolve("p-" + compared + ".sbt");
                SbtExtraction.write(spark, List.of(trace), cut.withRead(new ReadSettings(null, 0, SPLIT_BYTES)), fromTrace);
                SbtExtraction.write(spark, List.of(table), cut, fromTable);
                assertArrayEquals(Files.readAllBytes(fromTrace), Files.readAllBytes(fromTable), trace + " " + cut);
                compared++;
            }
        }
    }

    /** A trace's first stream (a block trace's MAJOR:MINOR as its number), none for a trace without; slices: below. */
    private static List<Integer> streams(Path trace) {
        TreeSet<Integer> all = CliReference.streams(trace);
        all.remove(IoRecord.NO_STREAM);
        return all.stream().limit(STREAMS_PER_TRACE).toList();
    }

    /** A volume spread over two files, in a time slice, and the files and volumes of the pair. */
    @Test
    void aVolumeAcrossFilesComesOutOfTheTableAsOfTheFiles() throws IOException {
        List<String> files = List.of(MultiVolumeTraces.write(dir.resolve("a.csv"), MultiVolumeTraces.msr(31, 2000, 3)).toString(),
                MultiVolumeTraces.write(dir.resolve("b.csv"), MultiVolumeTraces.msr(32, 1500, 2)).toString());
        String table = table(files, dir.resolve("ab.parquet"), MULTI_SPLIT_BYTES);
        ExportSettings slice = ExportSettings.ALL.withStream("1").withTimes(1_000_000L, 3_000_000L);
        SbtExtraction.write(spark, files, slice.withRead(new ReadSettings(null, 0, MULTI_SPLIT_BYTES)), dir.resolve("ab.sbt"));
        SbtExtraction.write(spark, List.of(table), slice, dir.resolve("ab-table.sbt"));
        assertArrayEquals(Files.readAllBytes(dir.resolve("ab.sbt")), Files.readAllBytes(dir.resolve("ab-table.sbt")));
        ArchiveStatistics fromFiles = inspect(files, false, MULTI_SPLIT_BYTES);
        ArchiveStatistics fromTable = inspect(List.of(table), false);
        assertEquals(keyed(fromFiles.files()), keyed(fromTable.files()));
        assertEquals(keyed(fromFiles.volumes().collectAsList()), keyed(fromTable.volumes().collectAsList()));
    }

    /**
     * A table converted to Parquet again, whole (in other part files) or one stream of it, is the
     * table of the traces: the same statistics and the same .sbt (it was refused, exit 2).
     */
    @Test
    void aTableConvertedAgainIsTheTableOfTheTraces() throws IOException {
        List<String> files = List.of(MultiVolumeTraces.write(dir.resolve("d.csv"), MultiVolumeTraces.msr(41, 2500, 3)).toString(),
                MultiVolumeTraces.write(dir.resolve("e.csv"), MultiVolumeTraces.msr(42, 1200, 2)).toString());
        String table = table(files, dir.resolve("de.parquet"), MULTI_SPLIT_BYTES);
        String again = dir.resolve("de-again.parquet").toString();
        ParquetExport.write(spark, List.of(table), ExportSettings.ALL, again);
        for (boolean perFile : new boolean[] {true, false}) {
            ArchiveStatistics ofTable = inspect(List.of(table), perFile);
            ArchiveStatistics ofAgain = inspect(List.of(again), perFile);
            assertEquals(keyed(ofTable.files()), keyed(ofAgain.files()), "files, volumes per file " + perFile);
            assertEquals(keyed(ofTable.volumes().collectAsList()), keyed(ofAgain.volumes().collectAsList()), "volumes, volumes per file " + perFile);
        }
        ExportSettings one = ExportSettings.ALL.withStream("1");
        String ofFiles = dir.resolve("de-1.parquet").toString();
        String ofTable = dir.resolve("de-1-of-table.parquet").toString();
        ParquetExport.write(spark, files, one.withRead(new ReadSettings(null, 0, MULTI_SPLIT_BYTES)), ofFiles);
        ParquetExport.write(spark, List.of(table), one, ofTable);
        assertEquals(keyed(inspect(List.of(ofFiles), false).files()), keyed(inspect(List.of(ofTable), false).files()));
        assertEquals(keyed(inspect(List.of(ofFiles), false).volumes().collectAsList()), keyed(inspect(List.of(ofTable), false).volumes().collectAsList()));
        SbtExtraction.write(spark, files, ExportSettings.ALL.withRead(new ReadSettings(null, 0, MULTI_SPLIT_BYTES)), dir.resolve("de.sbt"));
        SbtExtraction.write(spark, List.of(again), ExportSettings.ALL, dir.resolve("de-again.sbt"));
        assertArrayEquals(Files.readAllBytes(dir.resolve("de.sbt")), Files.readAllBytes(dir.resolve("de-again.sbt")));
        SbtExtraction.write(spark, files, one.withRead(new ReadSettings(null, 0, MULTI_SPLIT_BYTES)), dir.resolve("de-1.sbt"));
        SbtExtraction.write(spark, List.of(ofTable), one, dir.resolve("de-1-of-table.sbt"));
        assertArrayEquals(Files.readAllBytes(dir.resolve("de-1.sbt")), Files.readAllBytes(dir.resolve("de-1-of-table.sbt")));
    }

    /**
     * A table Spark wrote in several files per part (spark.sql.files.maxRecordsPerFile: {@code part-N-UUID-c000...},
     * {@code -c001...}) is read in file order: the part's number, then the file's, then the row. Until 2026-12-08 the
     * rows of a part's files took the same places in file order, and inspect of such a table of a 5,000-line MSR file
     * counted 4,003 {@code reordered} records against the file's 45.
     */
    @Test
    void aTableOfSeveralFilesPerPartIsReadInFileOrder() throws IOException {
        List<String> files = List.of(MultiVolumeTraces.write(dir.resolve("capped.csv"), MultiVolumeTraces.msr(51, 2500, 3)).toString());
        Path capped = dir.resolve("capped.parquet");
        withMaxRecordsPerFile(300, () -> table(files, capped, MULTI_SPLIT_BYTES));
        assertTrue(partFiles(capped).stream().anyMatch(f -> f.contains("-c001.")), "several files per part: " + partFiles(capped));
        for (boolean perFile : new boolean[] {true, false}) {
            ArchiveStatistics fromFiles = inspect(files, perFile, MULTI_SPLIT_BYTES);
            ArchiveStatistics fromTable = inspect(List.of(capped.toString()), perFile);
            assertEquals(keyed(fromFiles.files()), keyed(fromTable.files()), "files, volumes per file " + perFile);
            assertEquals(keyed(fromFiles.volumes().collectAsList()), keyed(fromTable.volumes().collectAsList()),
                    "volumes, volumes per file " + perFile);
        }
    }

    /**
     * A bad row in the second file of a part is named in that file, at its row there. Until 2026-12-08 the message
     * named whichever file of the part the listing gave first.
     */
    @Test
    void aBadRowInAPartsSecondFileIsNamedInThatFile() throws IOException {
        Path base = baseTable();
        Path bad = dir.resolve("bad-in-c001.parquet");
        Column changed = when(col("issue_ns").equalTo(2000), lit(-1L)).otherwise(col("offset"));
        withMaxRecordsPerFile(1, () -> spark.read().parquet(base.toString()).withColumn("offset", changed).coalesce(1)
                .write().parquet(bad.toString()));
        Files.copy(base.resolve(ParquetArchive.TRACES_FILE), bad.resolve(ParquetArchive.TRACES_FILE));
        String second = partFiles(bad).stream().filter(f -> f.contains("-c001.")).findFirst().orElseThrow();
        SbenchException e = assertThrows(SbenchException.class, () -> SbtExtraction.write(spark, List.of(bad.toString()),
                ExportSettings.ALL, dir.resolve("bad-in-c001.sbt")));
        assertEquals(bad + "/" + second + ": row 1: expected a non-negative offset, found a write of 4096 bytes at -1, issued at 2000 ns, "
                + "completed at 3000 ns, stream 0, qd 0", e.getMessage());
    }

    /** Runs {@code write} with Spark writing at most {@code records} rows a file. */
    private static void withMaxRecordsPerFile(int records, Runnable write) {
        spark.conf().set(MAX_RECORDS_PER_FILE, records);
        try {
            write.run();
        } finally {
            spark.conf().unset(MAX_RECORDS_PER_FILE);
        }
    }

    /** The names of a table's part files. */
    private static List<String> partFiles(Path table) throws IOException {
        try (var files = Files.list(table)) {
            return files.map(f -> f.getFileName().toString()).filter(f -> f.endsWith(".parquet")).sorted().toList();
        }
    }

    @Test
    void aParquetTableOfAnotherSchemaIsRefusedNamingTheColumn() throws IOException {
        Path other = dir.resolve("other.parquet");
        spark.range(3).write().parquet(other.toString());
        SbenchException e = assertThrows(SbenchException.class, () -> inspect(List.of(other.toString()), false));
        assertEquals(other + ": a Parquet table of another schema: expected column file (string), found none", e.getMessage());
        Path trace = MultiVolumeTraces.write(dir.resolve("c.csv"), MultiVolumeTraces.msr(33, 50, 1));
        String table = table(List.of(trace.toString()), dir.resolve("c.parquet"));
        Files.delete(Path.of(table, ParquetArchive.TRACES_FILE));
        e = assertThrows(SbenchException.class, () -> SbtExtraction.write(spark, List.of(table), ExportSettings.ALL, dir.resolve("c.sbt")));
        assertEquals(table + ": expected " + ParquetArchive.TRACES_FILE + ", the description of its traces that sbench-spark convert "
                + "writes beside the rows (since 2026-12-06); convert the traces again", e.getMessage());
        e = assertThrows(SbenchException.class, () -> inspect(List.of(table, trace.toString()), false));
        assertEquals(table + " is a Parquet table: it is read alone, not with other inputs", e.getMessage());
    }
    /**
     * A table's process name longer than sbench's readers take (256 bytes) is bad input at its row, naming the part file
     * and the row (counted from 1), and no .sbt is left. Until 2026-12-07 convert wrote it into the .sbt, whose reader
     * then refused the record, as did the CSV reader of a CSV converted from it.
     */
    @Test
    void aProcessNameLongerThanReadersTakeIsBadInputAtItsRow() throws IOException {
        // inspect reads no process name.
        assertRowRefused("renamed", "process", repeat(lit("p"), 300), false, "expected a process name of at most 256 bytes, found one of 300 "
                + "bytes, '" + "p".repeat(60) + "...' (300 characters)");
    }

    /**
     * A row that sbench's readers would refuse as a record (RecordChecks), with no value in a column a record needs, or of a
     * file the table does not describe, is bad input at its part file and row, with the readers' text, and no .sbt is left. Until 2026-12-07 convert failed on such a
     * row with an internal error (the .sbt writer's "record expected to have ...") or a NullPointerException; inspect took
     * most such rows into its statistics without a word.
     */
    @Test
    void aRowReadersRefuseIsBadInputAtItsRow() throws IOException {
        String found = "found a write of 4096 bytes at 4096, issued at 2000 ns, completed at 3000 ns, stream 0, qd 0";
        List<Executable> rows = new ArrayList<>(List.of(
                () -> assertRowRefused("offset", "offset", lit(-1L), true, "expected a non-negative offset, " + found.replace("at 4096", "at -1")),
                () -> assertRowRefused("length", "length", lit(0L), true, "expected a positive length for a write, "
                        + found.replace("4096 bytes", "0 bytes")),
                () -> assertRowRefused("huge", "length", lit(1L << 41), true, "expected an IO of at most 1 TiB (2^40 bytes), "
                        + found.replace("4096 bytes", (1L << 41) + " bytes")),
                () -> assertRowRefused("complete", "complete_ns", lit(1000L), true, "expected a completion no earlier than the issue, "
                        + found.replace("completed at 3000", "completed at 1000")),
                () -> assertRowRefused("op", "op", lit("X"), true, "expected an op, " + found.replace("a write", "a record")),
                () -> assertRowRefused("noop", "op", lit(""), true, "expected an op, " + found.replace("a write", "a record")),
                () -> assertRowRefused("stream", "stream", lit(-2), true, "expected a stream number of 0 or more, "
                        + found.replace("stream 0", "stream -2")),
                () -> assertRowRefused("qd", "qd", lit(-1), true, "expected a recorded queue depth of 1 or more, " + found.replace("qd 0", "qd -1"))));
        String notATrace = "expected in column file one of the traces " + ParquetArchive.TRACES_FILE + " describes";
        rows.add(() -> assertRowRefused("null-file", "file", lit(null).cast("string"), true, notATrace));
        rows.add(() -> assertRowRefused("other-file", "file", lit("other.csv"), true, notATrace));
        for (IoColumn c : List.of(IoColumn.ISSUE_NS, IoColumn.OFFSET, IoColumn.LENGTH, IoColumn.OP)) {
            rows.add(() -> assertRowRefused("null-" + c.column(), c.column(), lit(null).cast(IoColumn.SCHEMA.apply(c.column()).dataType()), true,
                    "expected a value in column " + c.column() + ", found null"));
        }
        assertAll(rows);
    }

    /**
     * The table of a three-row trace with {@code column} of its second row (issued at 2000 ns) replaced by {@code value}, in
     * one part file, is refused by convert to .sbt with {@code expected} at that part file and row 2, and no .sbt is left;
     * and, {@code byInspect}, by inspect, volumes per file or not.
     */
    private static void assertRowRefused(String name, String column, Column value, boolean byInspect, String expected) throws IOException {
        Path base = baseTable();
        Path bad = dir.resolve(name + ".parquet");
        Column changed = when(col("issue_ns").equalTo(2000), value).otherwise(col(column));
        spark.read().parquet(base.toString()).withColumn(column, changed).coalesce(1).write().parquet(bad.toString());
        Files.copy(base.resolve(ParquetArchive.TRACES_FILE), bad.resolve(ParquetArchive.TRACES_FILE));
        String part;
        try (var files = Files.list(bad)) {
            part = files.map(f -> f.getFileName().toString()).filter(f -> f.endsWith(".parquet")).findFirst().orElseThrow();
        }
        Path out = dir.resolve(name + ".sbt");
        SbenchException e = assertThrows(SbenchException.class, () -> SbtExtraction.write(spark, List.of(bad.toString()),
                ExportSettings.ALL, out), name);
        assertEquals(ErrorKind.BAD_INPUT, e.kind(), name);
        assertEquals(bad + "/" + part + ": row 2: " + expected, e.getMessage(), name);
        assertFalse(Files.exists(out), name + ": no .sbt left");
        for (boolean perFile : byInspect ? new boolean[] {true, false} : new boolean[0]) {
            e = assertThrows(SbenchException.class, () -> inspect(List.of(bad.toString()), perFile), name + " inspect " + perFile);
            assertEquals(bad + "/" + part + ": row 2: " + expected, e.getMessage(), name + " inspect " + perFile);
        }
    }

    /** The table of a three-row trace (issued at 1000, 2000 and 3000 ns) in one part file, written once. */
    private static Path baseTable() throws IOException {
        Path base = dir.resolve("base.parquet");
        if (!Files.exists(base)) {
            Path trace = Files.writeString(dir.resolve("base.csv"), "issue_ns,complete_ns,offset,length,op,stream,qd,process\n"
                    + "1000,2000,0,4096,R,0,,a\n2000,3000,4096,4096,W,0,,b\n3000,4000,8192,4096,R,0,,c\n");
            table(List.of(trace.toString()), base, MULTI_SPLIT_BYTES);
        }
        return base;
    }
}
