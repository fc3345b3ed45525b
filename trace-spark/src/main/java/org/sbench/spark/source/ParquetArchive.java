// The Parquet table sbench-spark convert writes, read back as an Archive.
package org.sbench.spark.source;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.element_at;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.map;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.spark.split.HadoopFiles;
import org.sbench.spark.split.TraceDescription;
import org.sbench.spark.split.TraceSource;
import org.sbench.trace.Field;
import org.sbench.trace.PhaseMarker;
import org.sbench.trace.RequestAccounts;
import org.sbench.trace.TraceInfo;

/**
 * A directory holding Parquet part files is read as the table {@code convert} wrote: its rows must
 * have the columns of {@link IoColumn}, and its traces' descriptions and tallies are in
 * {@link #TRACES_FILE} beside them. Spark writes one part file per split, {@code part-N-...}, the
 * splits in file order (several per split, {@code -c000}, {@code -c001}, ..., with
 * {@code spark.sql.files.maxRecordsPerFile}); so a row's place in file order is its part's number,
 * its file's counter, then its row within that file ({@link PartFiles}), whatever partitions Spark
 * reads the files in.
 */
public final class ParquetArchive implements Archive {
    /** The file in the table's directory that describes its traces ({@link StoredTrace}, one per trace, in input order). */
    public static final String TRACES_FILE = "_sbench-traces.json";
    private static final String PARQUET = ".parquet";

    private final TableRowCheck rows;
    private final Dataset<Row> io;
    private final List<StoredTrace> stored;

    private ParquetArchive(String table, PartFiles parts, Dataset<Row> io, List<StoredTrace> stored) {
        this.rows = parts.rowCheck(table);
        this.io = io;
        this.stored = List.copyOf(stored);
    }

    /**
     * One trace as the table stores it: its name (the {@code file} column), format and description,
     * and what reading it counted.
     */
    public record StoredTrace(String file, String format, String sourceFormat, List<Field> fields, Map<String, String> metadata,
                              List<StoredPhase> phases, long skipped, long incompleteLastLine, RequestAccounts.Counts requests) {
        public static StoredTrace of(TraceSource trace, TraceTally tally) {
            TraceInfo info = trace.description().info();
            return new StoredTrace(trace.name(), trace.format(), info.sourceFormat(), List.copyOf(info.fields()), info.metadata(),
                    info.phases().stream().map(p -> new StoredPhase(p.name(), p.timeNs())).toList(), tally.skipped(),
                    tally.incompleteLastLine(), tally.requests());
        }

        TraceSource source() {
            TraceInfo info = new TraceInfo(sourceFormat, fields.isEmpty() ? EnumSet.noneOf(Field.class) : EnumSet.copyOf(fields),
                    metadata, phases.stream().map(p -> new PhaseMarker(p.name(), p.timeNs())).toList());
            return new TraceSource(List.of(file), List.of(file), 0, format, false, new TraceDescription(info));
        }
    }

    /** A phase marker of a stored trace. */
    public record StoredPhase(String name, long timeNs) {
    }

    /** Writes {@link #TRACES_FILE} of {@code traces} into the table directory {@code dir}. */
    public static void writeTraces(FileSystem fs, Path dir, List<StoredTrace> traces) throws IOException {
        try (OutputStream o = fs.create(new Path(dir, TRACES_FILE))) {
            new ObjectMapper().writerWithDefaultPrettyPrinter().writeValue(o, traces);
        }
    }

    /**
     * The table {@code paths} name when one of them is a directory of Parquet part files (then it
     * must be the only input, given without {@code --from}: it was read as it was written), else null.
     */
    static ParquetArchive find(SparkSession spark, List<String> paths, SourceOptions options) {
        String table = tableAmong(spark, paths);
        if (table == null) {
            return null;
        }
        if (paths.size() > 1) {
            throw SbenchException.usage(table + " is a Parquet table: it is read alone, not with other inputs");
        }
        if (options.from() != null) {
            throw SbenchException.usage("--from: " + table + " is a Parquet table of sbench-spark, read as it was written");
        }
        return read(spark, table);
    }

    /** The last of {@code paths} that is a directory of Parquet part files (a table of sbench-spark), or null. */
    public static String tableAmong(SparkSession spark, List<String> paths) {
        String table = null;
        for (String p : paths) {
            if (isTable(p, spark)) {
                table = p;
            }
        }
        return table;
    }

    private static boolean isTable(String path, SparkSession spark) {
        try {
            FileSystem fs = HadoopFiles.fileSystem(path, spark.sparkContext().hadoopConfiguration());
            Path p = HadoopFiles.path(path);
            if (!fs.exists(p) || !fs.getFileStatus(p).isDirectory()) {
                return false;
            }
            for (FileStatus s : fs.listStatus(p)) {
                if (s.isFile() && (s.getPath().getName().endsWith(PARQUET) || s.getPath().getName().equals(TRACES_FILE))) {
                    return true;
                }
            }
            return false;
        } catch (IOException e) {
            // Listed again, and its error said, as the traces it may hold.
            return false;
        }
    }

    private static ParquetArchive read(SparkSession spark, String table) {
        try {
            FileSystem fs = HadoopFiles.fileSystem(table, spark.sparkContext().hadoopConfiguration());
            Path dir = HadoopFiles.path(table);
            List<String> names = new ArrayList<>();
            for (FileStatus s : fs.listStatus(dir)) {
                names.add(s.getPath().getName());
            }
            PartFiles parts = PartFiles.of(table, names);
            Dataset<Row> rows = spark.read().parquet(table);
            checkSchema(table, rows.schema());
            Path traces = new Path(dir, TRACES_FILE);
            if (!fs.exists(traces)) {
                throw SbenchException.badInput(table, "expected " + TRACES_FILE + ", the description of its traces that sbench-spark "
                        + "convert writes beside the rows (since 2026-12-06); convert the traces again");
            }
            List<StoredTrace> stored;
            try (InputStream in = fs.open(traces)) {
                stored = new ObjectMapper().readValue(in, new TypeReference<List<StoredTrace>>() { });
            } catch (JacksonException e) {
                throw SbenchException.badInput(table + "/" + TRACES_FILE, "expected the traces sbench-spark convert describes: "
                        + e.getOriginalMessage());
            }
            return new ParquetArchive(table, parts, withPlace(rows, parts, stored), stored);
        } catch (IOException e) {
            throw new SbenchException(ErrorKind.SYSTEM_FAILURE, "cannot read " + table + ": " + SbenchException.reason(e), e);
        }
    }

    private static void checkSchema(String table, StructType schema) {
        for (IoColumn c : IoColumn.values()) {
            StructField expected = IoColumn.SCHEMA.apply(c.column());
            String type = expected.dataType().simpleString();
            if (!List.of(schema.fieldNames()).contains(c.column())) {
                throw SbenchException.badInput(table, "a Parquet table of another schema: expected column " + c.column() + " (" + type
                        + "), found none");
            }
            StructField found = schema.apply(c.column());
            if (!found.dataType().equals(expected.dataType())) {
                throw SbenchException.badInput(table, "a Parquet table of another schema: expected column " + c.column() + " (" + type
                        + "), found " + found.dataType().simpleString());
            }
        }
    }

    /** The rows' columns of {@link IoColumn}, their place in file order and their trace (by the {@code file} column). */
    private static Dataset<Row> withPlace(Dataset<Row> rows, PartFiles parts, List<StoredTrace> stored) {
        List<Column> byName = new ArrayList<>();
        for (int t = 0; t < stored.size(); t++) {
            byName.add(lit(stored.get(t).file()));
            byName.add(lit(t));
        }
        Column trace = element_at(map(byName.toArray(new Column[0])), col(IoColumn.FILE.column()));
        List<Column> columns = new ArrayList<>();
        for (IoColumn c : IoColumn.values()) {
            columns.add(col(c.column()));
        }
        columns.add(parts.place().as(ORDER));
        columns.add(trace.as(TRACE));
        return rows.select(columns.toArray(new Column[0]));
    }

    @Override
    public Dataset<Row> io() {
        return io;
    }

    @Override
    public List<TraceSource> traces() {
        return stored.stream().map(StoredTrace::source).toList();
    }

    /** The table's rows: a count Parquet answers from its files' footers. */
    @Override
    public long records() {
        return io.count();
    }

    @Override
    public List<TraceTally> tallies() {
        return stored.stream().map(s -> new TraceTally(s.skipped(), s.incompleteLastLine(), s.requests())).toList();
    }

    /** None: a cut last line was said when the table was written; the files' statistics carry its number. */
    @Override
    public List<String> warnings() {
        return List.of();
    }

    /** Nothing to check: the table holds the records that were within the allowance when it was written. */
    @Override
    public void checkAllowance() {
        // Checked when the table was written.
    }

    /** The readers' checks, at the row's part file and row: any program may have written the table. */
    @Override
    public RowCheck rowCheck() {
        return rows;
    }

    @Override
    public RuntimeException unwrap(Exception failure) {
        return BadRecords.jobFailure(failure);
    }
}
