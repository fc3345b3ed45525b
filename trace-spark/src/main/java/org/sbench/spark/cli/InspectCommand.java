// sbench-spark inspect PATH...: the statistics of sbench inspect, per file and per volume.
package org.sbench.spark.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.apache.hadoop.fs.FileSystem;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.spark.convert.NewDirectory;
import org.sbench.spark.inspect.ArchiveInspection;
import org.sbench.spark.inspect.ArchiveStatistics;
import org.sbench.spark.inspect.InspectSettings;
import org.sbench.spark.inspect.StatisticsRows;
import org.sbench.trace.stats.SequentialWindow;
import org.sbench.trace.stats.TraceStatistics;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code sbench-spark inspect PATH...}: files and volumes of an archive, as {@code sbench inspect} states them. */
@Command(name = "inspect", mixinStandardHelpOptions = true,
        description = "The statistics of sbench inspect for every file and every volume (stream) of the traces.")
final class InspectCommand implements Callable<Integer> {
    private static final double MB = 1e6;
    private static final long BLOCK_BYTES = 4096;
    private static final double NS_PER_S = 1e9;

    @Parameters(arity = "1..*", paramLabel = "PATH", description = "Trace files, directories or globs (local, hdfs://, s3a://, ...), or the Parquet table convert wrote of them.")
    List<String> paths;

    @Mixin
    SparkOptions spark;

    @Option(names = "--json", description = "Print one JSON object {files: [...], volumes: [...]}, each element the keys of sbench inspect --json.")
    boolean json;

    @Option(names = "--seq-window", paramLabel = "N", defaultValue = "" + SequentialWindow.DEFAULT_WINDOW,
            description = "An IO is sequential if it starts where one of the previous N IOs ended (default: ${DEFAULT-VALUE}).")
    int seqWindow;

    @Option(names = "--volumes-per-file", description = "Each file's streams are its own volumes (MSR Cambridge); default: a stream "
            + "number is the same volume in every file (Alibaba, Tencent).")
    boolean volumesPerFile;

    @Option(names = "--no-file-stats", negatable = false, description = "Volumes only: skip the per-file statistics, which read "
            + "each file a second time, whole, in one task (for one huge file, as long as sbench inspect of it).")
    boolean noFileStats;

    @Option(names = "--out", paramLabel = "TABLE", description = "Also write the per-volume table: TABLE.parquet (zstd) or TABLE.json (JSON lines), a new directory.")
    String out;

    @Spec
    CommandSpec spec;

    @ParentCommand
    SbenchSparkCommand parent;

    @Override
    public Integer call() throws Exception {
        SparkOptions.checkPaths("PATH", paths);
        if (out != null && !out.endsWith(".parquet") && !out.endsWith(".json")) {
            throw SbenchException.usage("--out takes a name ending in .parquet or .json, found " + out);
        }
        SequentialWindow.option(seqWindow, spark.typedWord("--seq-window"));
        InspectSettings settings = InspectSettings.DEFAULTS.withRead(spark.read()).withSequentialWindow(seqWindow)
                .withVolumesPerFile(volumesPerFile).withFileStatistics(!noFileStats);
        SparkSession session = spark.session(paths);
        FileSystem outFs = out == null ? null : NewDirectory.check(session, "--out", out);
        ArchiveStatistics stats = new ArchiveInspection(session, settings).inspect(paths);
        SparkOptions.warn(spec.commandLine().getErr(), stats.warnings());
        if (out != null) {
            writeTable(outFs, stats.volumes());
            parent.wrote(out);
        }
        PrintWriter o = spec.commandLine().getOut();
        // The volumes reach the driver one partition at a time, printed as they come.
        if (json) {
            ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
                    .disable(SerializationFeature.FLUSH_AFTER_WRITE_VALUE);
            RowJson rows = new RowJson(mapper);
            try (JsonGenerator g = mapper.createGenerator(o).disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET)) {
                g.writeStartObject();
                rows.array(g, "files", stats.files().iterator(), StatisticsRows.KEYED_SCHEMA);
                rows.array(g, "volumes", stats.volumes().toLocalIterator(), StatisticsRows.KEYED_SCHEMA);
                g.writeEndObject();
            }
            o.println();
        } else {
            print(o, "file", stats.files().iterator(), true);
            o.println();
            print(o, "volume", stats.volumes().toLocalIterator(), false);
        }
        o.flush();
        return 0;
    }

    /** The volumes' table at {@code out}, whole: written beside it and renamed into place (two inspects to one --out: one is refused). */
    private void writeTable(FileSystem fs, Dataset<Row> volumes) throws Exception {
        // One file, in the rows' order: coalesce keeps the sorted partitions in turn.
        Dataset<Row> table = volumes.coalesce(1);
        try {
            NewDirectory.write(fs, "--out", out, at -> {
                if (out.endsWith(".parquet")) {
                    table.write().option("compression", "zstd").parquet(at);
                } else {
                    table.write().option("ignoreNullFields", "false").json(at);
                }
            });
        } catch (IOException e) {
            throw new SbenchException(ErrorKind.SYSTEM_FAILURE, "cannot write " + out + ": " + SbenchException.reason(e), e);
        }
    }

    private static void print(PrintWriter o, String what, Iterator<Row> rows, boolean byFile) {
        o.println(String.format(Locale.ROOT, "%12s %12s %12s %11s %11s %6s %6s %6s %12s %10s  %s",
                "IOs", "reads", "writes", "read MB", "written MB", "seq %", "QD", "QD1 %",
                "footprint MB", "duration s", byFile ? "file" : "stream"));
        boolean none = !rows.hasNext();
        while (rows.hasNext()) {
            Row r = rows.next();
            TraceStatistics s = StatisticsRows.toStatistics(r);
            String key = byFile ? r.getString(0) : (r.isNullAt(1) ? "-" : Integer.toString(r.getInt(1)))
                    + (r.isNullAt(0) ? "" : " " + r.getString(0));
            o.println(String.format(Locale.ROOT, "%12d %12d %12d %11.1f %11.1f %6.1f %6s %6s %12.1f %10.3f  %s",
                    s.records(), s.reads(), s.writes(), s.bytesRead() / MB, s.bytesWritten() / MB, s.sequentialPct(),
                    s.qd().known() ? String.format(Locale.ROOT, "%.2f", s.qd().avg()) : "-",
                    s.qd().known() ? String.format(Locale.ROOT, "%.1f", s.qd().qd1Pct()) : "-",
                    s.distinct4kBlocks() * BLOCK_BYTES / MB, s.durationNs() / NS_PER_S, key));
        }
        if (none) {
            o.println("(no " + what + "s)");
        }
    }
}
