package org.sbench.spark.inspect;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.repeat;
import static org.apache.spark.sql.functions.when;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.spark.CliReference;
import org.sbench.spark.LocalSparkTest;
import org.sbench.spark.MultiVolumeTraces;
import org.sbench.spark.convert.ExportSettings;
import org.sbench.spark.convert.ParquetExport;
import org.sbench.spark.convert.SbtExtraction;
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
        Path trace = Files.writeString(dir.resolve("named.csv"), "issue_ns,complete_ns,offset,length,op,stream,qd,process\n"
                + "1000,2000,0,4096,R,0,,a\n2000,3000,4096,4096,W,0,,b\n3000,4000,8192,4096,R,0,,c\n");
        String table = table(List.of(trace.toString()), dir.resolve("named.parquet"), MULTI_SPLIT_BYTES);
        Path renamed = dir.resolve("renamed.parquet");
        Column longer = when(col("issue_ns").equalTo(2000), repeat(lit("p"), 300)).otherwise(col("process"));
        spark.read().parquet(table).withColumn("process", longer).coalesce(1).write().parquet(renamed.toString());
        Files.copy(Path.of(table, ParquetArchive.TRACES_FILE), renamed.resolve(ParquetArchive.TRACES_FILE));
        String part;
        try (var files = Files.list(renamed)) {
            part = files.map(f -> f.getFileName().toString()).filter(f -> f.endsWith(".parquet")).findFirst().orElseThrow();
        }
        Path out = dir.resolve("renamed.sbt");
        SbenchException e = assertThrows(SbenchException.class, () -> SbtExtraction.write(spark, List.of(renamed.toString()),
                ExportSettings.ALL, out));
        assertEquals(ErrorKind.BAD_INPUT, e.kind());
        assertEquals(renamed + "/" + part + ": row 2: expected a process name of at most 256 bytes, found one of 300 bytes, '"
                + "p".repeat(60) + "...' (300 characters)", e.getMessage());
        assertFalse(Files.exists(out), "no .sbt left");
    }
}
