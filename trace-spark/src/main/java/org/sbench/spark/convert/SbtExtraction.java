// One stream or a time slice of an archive as a .sbt file, ready for `sbench replay`.
package org.sbench.spark.convert;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.min;

import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.sbench.spark.source.Archive;
import org.sbench.spark.source.IoRows;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;
import org.sbench.trace.RequestAccounts;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.TraceReader;
import org.sbench.trace.convert.ConvertSettings;
import org.sbench.trace.convert.TraceConverter;
import org.sbench.trace.format.TraceFormats;
import org.sbench.trace.input.ReadOptions;

/**
 * Writes the IOs of one stream (or all) of the input, within a time slice, as one .sbt file on the
 * driver's filesystem: the same file {@code sbench convert IN OUT.sbt --stream N --start S --end E}
 * writes for one input. The IOs are filtered in the tasks, sorted by Spark by issue time (ties in
 * file order, as the CLI's stable sort), and streamed to the driver partition by partition into
 * trace-formats' own pipeline (rebase, recorded queue depth) and {@link TraceConverter}. The
 * description (format, metadata, phases) is the first input's. Times of the slice are since the
 * input's first IO, found by a first pass when a slice is asked for or the trace has phases. The
 * input may be the Parquet table {@code convert} wrote of the traces: the same file comes out.
 */
public final class SbtExtraction {
    private SbtExtraction() {
    }

    /** What an extraction wrote, and the CLI's warnings on reading the input (a cut last line, not read). */
    public record Summary(TraceConverter.Summary converted, List<String> warnings) {
        public Summary {
            warnings = List.copyOf(warnings);
        }
    }

    public static Summary write(SparkSession spark, List<String> in, ExportSettings settings, Path out) {
        TraceFormats formats = TraceFormats.standard();
        Archive archive = Archive.open(spark, in, settings.read().sourceOptions(in));
        Dataset<Row> io = archive.io();
        TraceInfo info = archive.traces().get(0).description().info();
        try {
            Long originNs = settings.sliced() || !info.phases().isEmpty() ? io.agg(min(col("issue_ns"))).first().getLong(0) : null;
            Dataset<Row> kept = io.filter(keep(settings, originNs));
            // Issue order, equal times in file order, as the CLI's stable sort.
            Iterator<Row> sorted = kept.sort(col("issue_ns"), col(Archive.ORDER))
                    .toLocalIterator();
            String stream = settings.stream();
            if (stream != null && !sorted.hasNext()) {
                if (io.filter(col("stream").equalTo(settings.streamId())).isEmpty()) {
                    throw TraceConverter.noSuchStream(ConvertSettings.ALL.withStream(stream), info, streams(io));
                }
                // The stream is there and none of its IOs in the slice: the CLI writes an empty
                // .sbt, the converter too when it is not told to look for the stream.
                stream = null;
            }
            SortedIos ios = new SortedIos(sorted, IoRows.of(kept.schema(), archive.rowCheck()), info, archive);
            try (TraceReader reader = formats.inIssueOrder(ios, ReadOptions.DEFAULTS)) {
                long shift = originNs == null ? 0 : originNs - ios.firstIssueNs();
                ConvertSettings all = new ConvertSettings(IoRecord.NO_STREAM,
                        java.util.EnumSet.allOf(Op.class), originNs == null ? Long.MIN_VALUE : settings.startNs() + shift,
                        settings.endNs() == Long.MAX_VALUE ? Long.MAX_VALUE : settings.endNs() + shift, Long.MAX_VALUE);
                ConvertSettings keep = stream == null ? all : all.withStream(stream);
                TraceConverter.Summary c = TraceConverter.convert(reader, formats.byName("sbt"), out, keep);
                // The converter read only the rows the filter sent here; the CLI's "read" is what the input held.
                TraceConverter.Summary converted = new TraceConverter.Summary(archive.records(), c.written(), c.reordered(), c.skipped(),
                        c.incompleteLastLine(), c.format(), c.requests(), c.leftOut());
                return new Summary(converted, archive.warnings());
            }
        } catch (Exception e) {
            throw archive.unwrap(e);
        }
    }

    /** The lowest of the streams of the IOs, as many as the error naming them takes. */
    private static int[] streams(Dataset<Row> io) {
        return io.select(col("stream")).distinct().sort(col("stream")).limit(TraceConverter.STREAMS_NAMED).collectAsList().stream()
                .mapToInt(r -> r.isNullAt(0) ? IoRecord.NO_STREAM : r.getInt(0)).toArray();
    }

    /**
     * The rows worth sending to the driver: the stream's, issued before the slice's end, and of
     * those before its start only the ones still outstanding at it (they set the recorded queue
     * depth of the IOs in the slice).
     */
    private static Column keep(ExportSettings s, Long originNs) {
        Column c = org.apache.spark.sql.functions.lit(true);
        if (s.stream() != null) {
            c = c.and(col("stream").equalTo(s.streamId()));
        }
        if (originNs != null && s.endNs() != Long.MAX_VALUE) {
            c = c.and(col("issue_ns").lt(originNs + s.endNs()));
        }
        if (originNs != null && s.startNs() > 0) {
            long start = originNs + s.startNs();
            c = c.and(col("issue_ns").geq(start).or(col("complete_ns").gt(start)));
        }
        return c;
    }

    /**
     * The sorted IOs as a reader; at their end, the per-file bad-record allowance is checked, and
     * the requests the inputs' readers counted are known (stored as the CLI stores them).
     */
    private static final class SortedIos implements TraceReader {
        private final Iterator<Row> rows;
        private final IoRows ioRows;
        private final TraceInfo info;
        private final Archive archive;
        private long firstIssueNs;
        private boolean any;

        SortedIos(Iterator<Row> rows, IoRows ioRows, TraceInfo info, Archive archive) {
            this.rows = rows;
            this.ioRows = ioRows;
            this.info = info;
            this.archive = archive;
        }

        long firstIssueNs() {
            return firstIssueNs;
        }

        @Override
        public TraceInfo info() {
            return info;
        }

        @Override
        public boolean next(IoRecord into) {
            if (!rows.hasNext()) {
                archive.checkAllowance();
                return false;
            }
            ioRows.read(rows.next(), into);
            if (!any) {
                any = true;
                firstIssueNs = into.issueNs;
            }
            return true;
        }

        @Override
        public boolean inIssueOrder() {
            return true;
        }

        @Override
        public long skippedRecords() {
            return archive.skipped();
        }

        @Override
        public RequestAccounts requestAccounts() {
            return archive.requests();
        }

        @Override
        public void close() {
            // The rows belong to Spark.
        }
    }
}
