// What an archive conversion reads and keeps; immutable.
package org.sbench.spark.convert;

import java.util.List;
import java.util.Map;
import org.sbench.SbenchException;
import org.sbench.spark.source.SourceOptions;
import org.sbench.trace.IoRecord;
import org.sbench.trace.StreamArgument;

/**
 * @param from       format of every input, or null to detect each
 * @param skipBad    bad records allowed per file ({@code --skip-bad})
 * @param splitBytes size of the ranges splittable files are read in
 * @param stream     keep only this stream, as {@code --stream} takes it (a number, or {@code MAJOR:MINOR}), or null for all
 * @param startNs    keep IOs issued at or after this time since the input's first IO (.sbt only)
 * @param endNs      keep IOs issued before this time since the input's first IO (.sbt only), or all from
 *                   {@code startNs} on: {@link Long#MAX_VALUE}
 */
public record ExportSettings(String from, long skipBad, long splitBytes, String stream, long startNs, long endNs) {
    public static final ExportSettings ALL =
            new ExportSettings(null, 0, SourceOptions.DEFAULT_SPLIT_BYTES, null, 0, Long.MAX_VALUE);

    public ExportSettings {
        if (stream != null) {
            StreamArgument.parse(stream, false);
        }
        if (skipBad < 0) {
            throw SbenchException.usage("--skip-bad must be 0 or more, found " + skipBad);
        }
        if (endNs != Long.MAX_VALUE && endNs <= startNs) {
            throw SbenchException.usage("--end must be after --start");
        }
    }

    public ExportSettings withFrom(String f) {
        return new ExportSettings(f, skipBad, splitBytes, stream, startNs, endNs);
    }

    public ExportSettings withSkipBad(long n) {
        return new ExportSettings(from, n, splitBytes, stream, startNs, endNs);
    }

    public ExportSettings withSplitBytes(long n) {
        return new ExportSettings(from, skipBad, n, stream, startNs, endNs);
    }

    public ExportSettings withStream(String s) {
        return new ExportSettings(from, skipBad, splitBytes, s, startNs, endNs);
    }

    public ExportSettings withTimes(long start, long end) {
        return new ExportSettings(from, skipBad, splitBytes, stream, start, end);
    }

    /** The stream kept, or {@link IoRecord#NO_STREAM} for all. */
    public int streamId() {
        return stream == null ? IoRecord.NO_STREAM : StreamArgument.parse(stream, false);
    }

    /** True when a time slice was asked for. */
    public boolean sliced() {
        return startNs != 0 || endNs != Long.MAX_VALUE;
    }

    public Map<String, String> sourceOptions(List<String> paths) {
        return new SourceOptions(paths, from, skipBad, splitBytes).toMap();
    }
}
