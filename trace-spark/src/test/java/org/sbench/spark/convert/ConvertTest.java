package org.sbench.spark.convert;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;
import org.sbench.spark.LocalSparkTest;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.SbenchException;
import org.sbench.spark.MultiVolumeTraces;
import org.sbench.spark.source.BadRecords;
import org.sbench.spark.source.ReadSettings;
import org.sbench.trace.Op;
import org.sbench.trace.RequestAccounts;
import org.sbench.trace.TraceReader;
import org.sbench.trace.convert.ConvertSettings;
import org.sbench.trace.convert.TraceConverter;
import org.sbench.trace.format.TraceFormats;
import org.sbench.trace.input.ReadOptions;

/** Parquet output holds the source's rows, zstd-compressed; .sbt extraction writes the file `sbench convert` writes. */
class ConvertTest extends LocalSparkTest {
    private static final long SPLIT_BYTES = 8192;

    @TempDir
    static Path dir;

    private static ExportSettings settings() {
        return ExportSettings.ALL.withRead(new ReadSettings(null, 0, SPLIT_BYTES));
    }

    @Test
    void parquetHoldsEveryRowOfTheSourceCompressedWithZstd() throws IOException {
        Path trace = MultiVolumeTraces.write(dir.resolve("pq.csv"), MultiVolumeTraces.msr(7, 1500, 2));
        Path out = dir.resolve("pq.parquet");
        ParquetExport.Summary summary = ParquetExport.write(spark, List.of(trace.toString()), settings(), out.toString());
        assertEquals(1500, summary.records());
        List<Row> source = spark.read().format("sbench").option("splitBytes", SPLIT_BYTES).load(trace.toString())
                .orderBy("issue_ns", "offset").collectAsList();
        List<Row> back = spark.read().parquet(out.toString()).orderBy("issue_ns", "offset").collectAsList();
        assertEquals(source, back);
        try (Stream<Path> parts = Files.list(out)) {
            for (Path part : parts.filter(p -> p.toString().endsWith(".parquet")).toList()) {
                try (ParquetFileReader r = ParquetFileReader.open(HadoopInputFile.fromPath(
                        new org.apache.hadoop.fs.Path(part.toString()), new Configuration()))) {
                    for (BlockMetaData b : r.getFooter().getBlocks()) {
                        for (ColumnChunkMetaData c : b.getColumns()) {
                            assertEquals(CompressionCodecName.ZSTD, c.getCodec(), part.toString());
                        }
                    }
                }
            }
        }
        assertThrows(SbenchException.class, () -> ParquetExport.write(spark, List.of(trace.toString()), settings(), out.toString()));
    }

    @Test
    void aBadRecordLeavesNoParquetOutput() throws IOException {
        Path trace = Files.writeString(dir.resolve("bad.csv"), "128166372003061629,hm,1,Read,3154137088,4096,8921\n".repeat(12)
                + "128166372003061630,hm,1,Wrte,3154137088,4096,8921\n");
        Path out = dir.resolve("bad.parquet");
        SbenchException e = assertThrows(SbenchException.class,
                () -> ParquetExport.write(spark, List.of(trace.toString()), settings(), out.toString()));
        assertEquals(trace + ":13: expected Read or Write, found 'Wrte'", e.getMessage());
        assertFalse(Files.exists(out));
        try (Stream<Path> left = Files.list(dir)) {
            assertEquals(0, left.filter(p -> p.getFileName().toString().contains("bad.parquet")).count());
        }
    }

    private static Path cliConvert(Path in, Path out, int stream, long startNs, long endNs) {
        TraceFormats formats = TraceFormats.standard();
        try (TraceReader r = formats.open(in, null, ReadOptions.DEFAULTS)) {
            TraceConverter.convert(r, formats.byName("sbt"), out, new ConvertSettings(stream, EnumSet.allOf(Op.class),
                    startNs, endNs, Long.MAX_VALUE));
        }
        return out;
    }

    @Test
    void oneStreamAsSbtIsTheFileTheCliWrites() throws IOException {
        Path trace = MultiVolumeTraces.write(dir.resolve("ex.csv"), MultiVolumeTraces.msr(8, 3000, 3));
        for (int stream = 0; stream < 3; stream++) {
            Path spark1 = dir.resolve("spark-" + stream + ".sbt");
            SbtExtraction.write(spark, List.of(trace.toString()), settings().withStream(Integer.toString(stream)), spark1);
            Path cli = cliConvert(trace, dir.resolve("cli-" + stream + ".sbt"), stream, 0, Long.MAX_VALUE);
            assertArrayEquals(Files.readAllBytes(cli), Files.readAllBytes(spark1), "stream " + stream);
        }
    }

    /**
     * Named as typed, as the CLI names it: a device of a trace of numbered streams was "--stream 8388624";
     * and the streams it has are named, as the CLI names them (it said "it has no IOs" of 60 IOs).
     */
    @Test
    void aStreamTheTraceHasNotIsNamedAsTyped() throws IOException {
        Path trace = MultiVolumeTraces.write(dir.resolve("named.csv"), MultiVolumeTraces.msr(8, 30, 2));
        SbenchException e = assertThrows(SbenchException.class,
                () -> SbtExtraction.write(spark, List.of(trace.toString()), settings().withStream("8:16"), dir.resolve("named.sbt")));
        assertEquals("--stream 8:16: the trace has no such stream; its streams: 0, 1", e.getMessage());
        TraceFormats formats = TraceFormats.standard();
        try (TraceReader r = formats.open(trace, null, ReadOptions.DEFAULTS)) {
            assertEquals(e.getMessage(), assertThrows(SbenchException.class, () -> TraceConverter.convert(r, formats.byName("sbt"),
                    dir.resolve("named-cli.sbt"), ConvertSettings.ALL.withStream("8:16"))).getMessage());
        }
    }

    @Test
    void aTimeSliceAsSbtIsTheFileTheCliWrites() throws IOException {
        Path trace = MultiVolumeTraces.write(dir.resolve("slice.csv"), MultiVolumeTraces.msr(9, 3000, 2));
        long start = 2_000_000L;
        long end = 4_000_000L;
        Path out = dir.resolve("slice.sbt");
        SbtExtraction.write(spark, List.of(trace.toString()), settings().withStream("1").withTimes(start, end), out);
        Path cli = cliConvert(trace, dir.resolve("slice-cli.sbt"), 1, start, end);
        assertArrayEquals(Files.readAllBytes(cli), Files.readAllBytes(out));
        Path all = dir.resolve("slice-all.sbt");
        SbtExtraction.write(spark, List.of(trace.toString()), settings().withTimes(start, end), all);
        assertArrayEquals(Files.readAllBytes(cliConvert(trace, dir.resolve("slice-all-cli.sbt"), -1, start, end)),
                Files.readAllBytes(all));
        // A slice after the trace's end: no IO of the stream in it, an empty .sbt, as the CLI writes.
        long hour = 3_600_000_000_000L;
        Path late = dir.resolve("slice-late.sbt");
        SbtExtraction.Summary s = SbtExtraction.write(spark, List.of(trace.toString()), settings().withStream("1").withTimes(hour, 2 * hour), late);
        assertEquals(0, s.converted().written());
        assertArrayEquals(Files.readAllBytes(cliConvert(trace, dir.resolve("slice-late-cli.sbt"), 1, hour, 2 * hour)),
                Files.readAllBytes(late));
    }

    /**
     * A tracefs trace's write-zeroes (left out) and EIO read (kept) are counted by its reader; the
     * .sbt keeps the counts in its metadata, as the CLI's does, also of one stream (counts of the
     * source). The Spark .sbt of this trace was 184 bytes without them, the CLI's 297.
     */
    @Test
    void theRequestCountsOfABlockTraceAreInTheSbtAsTheCliWritesThem() throws IOException {
        Path trace = Files.writeString(dir.resolve("counted.txt"),
                "kworker/1:1H-23789 [001] ..... 13685.707003: block_rq_issue: 7,0 NS 4194304 () 0 + 8192 be,0,4 [kworker/1:1H]\n"
                + "ksoftirqd/1-24 [001] ..s.. 13685.707164: block_rq_complete: 7,0 NS () 0 + 8192 be,0,4 [0]\n"
                + "dd-26558 [001] ..... 13685.746810: block_rq_issue: 7,0 WS 4096 () 16384 + 8 be,0,4 [dd]\n"
                + "ksoftirqd/1-24 [001] ..s.. 13685.746862: block_rq_complete: 7,0 WS () 16384 + 8 be,0,4 [0]\n"
                + "dd-26562 [001] ..... 13685.937847: block_rq_issue: 7,0 RS 4096 () 32768 + 8 be,0,4 [dd]\n"
                + "ksoftirqd/1-24 [001] ..s.. 13685.937880: block_rq_complete: 7,0 RS () 32768 + 8 be,0,4 [-5]\n");
        Path out = dir.resolve("counted.sbt");
        SbtExtraction.Summary s = SbtExtraction.write(spark, List.of(trace.toString()), settings(), out);
        assertEquals(new RequestAccounts.Counts(1, 4 << 20, 1, List.of(new RequestAccounts.Failure("EIO", 1))),
                s.converted().requests());
        assertArrayEquals(Files.readAllBytes(cliConvert(trace, dir.resolve("counted-cli.sbt"), -1, Long.MIN_VALUE, Long.MAX_VALUE)),
                Files.readAllBytes(out));
        Path one = dir.resolve("counted-7-0.sbt");
        RequestAccounts.Counts ofOne = SbtExtraction.write(spark, List.of(trace.toString()), settings().withStream("7:0"), one)
                .converted().requests();
        assertArrayEquals(Files.readAllBytes(cliConvert(trace, dir.resolve("counted-7-0-cli.sbt"), 7 << 20, Long.MIN_VALUE,
                Long.MAX_VALUE)), Files.readAllBytes(one));
        // The whole file's counts, which the summary printed of the stream kept unmarked.
        assertEquals(s.converted().requests().ofTheSource(), ofOne);
        assertEquals(s.converted().requests(), ParquetExport.write(spark, List.of(trace.toString()), settings(),
                dir.resolve("counted.parquet").toString()).requests());
        assertEquals(s.converted().requests().ofTheSource(), ParquetExport.write(spark, List.of(trace.toString()),
                settings().withStream("7:0"), dir.resolve("counted-7-0.parquet").toString()).requests());
        // The Parquet keeps them beside its rows, as inspect --json gives them; it kept the rows alone.
        ObjectMapper json = new ObjectMapper();
        assertEquals(json.writeValueAsString(s.converted().requests()),
                json.readTree(dir.resolve("counted.parquet").resolve(ParquetExport.REQUESTS_FILE).toFile()).toString());
        assertEquals(json.writeValueAsString(ofOne),
                json.readTree(dir.resolve("counted-7-0.parquet").resolve(ParquetExport.REQUESTS_FILE).toFile()).toString());
        assertEquals(2, spark.read().parquet(dir.resolve("counted.parquet").toString()).count(), "Spark reads the rows alone");
    }

    @Test
    void aFileSkippingMoreThanItsAllowanceFailsAsTheCli() throws IOException {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < 400; i++) {
            b.append("1281663720030").append(61000 + i).append(",hm,1,").append(i % 150 == 7 ? "Wrte" : "Read").append(",0,4096,10\n");
        }
        Path trace = Files.writeString(dir.resolve("three-bad.csv"), b);
        String cli = assertThrows(SbenchException.class, () -> {
            try (TraceReader r = TraceFormats.standard().open(trace, null, ReadOptions.DEFAULTS.withSkipBad(2))) {
                TraceConverter.convert(r, TraceFormats.standard().byName("sbt"), dir.resolve("x.sbt"), ConvertSettings.ALL);
            }
        }).getMessage();
        Path out = dir.resolve("three-bad.sbt");
        SbenchException e = assertThrows(SbenchException.class, () -> SbtExtraction.write(spark, List.of(trace.toString()),
                ExportSettings.ALL.withRead(new ReadSettings(null, 2, 4000)), out));
        assertEquals(cli, e.getMessage());
        assertFalse(Files.exists(out));
        assertEquals(null, BadRecords.sbenchCause(new RuntimeException()));
    }
}
