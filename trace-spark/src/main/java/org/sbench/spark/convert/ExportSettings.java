// What an archive conversion reads and keeps; immutable.
package org.sbench.spark.convert;

import org.sbench.SbenchException;
import org.sbench.spark.source.ReadSettings;
import org.sbench.trace.IoRecord;
import org.sbench.trace.StreamArgument;

/**
 * @param read    how the inputs are read
 * @param stream  keep only this stream, as {@code --stream} takes it (a number, or {@code MAJOR:MINOR}), or null for all
 * @param startNs keep IOs issued at or after this time since the input's first IO (.sbt only)
 * @param endNs   keep IOs issued before this time since the input's first IO (.sbt only), or all from
 *                {@code startNs} on: {@link Long#MAX_VALUE}
 */
public record ExportSettings(ReadSettings read, String stream, long startNs, long endNs) {
    public static final ExportSettings ALL = new ExportSettings(ReadSettings.DEFAULTS, null, 0, Long.MAX_VALUE);

    public ExportSettings {
        if (stream != null) {
            StreamArgument.parse(stream, false);
        }
        if (endNs != Long.MAX_VALUE && endNs <= startNs) {
            throw SbenchException.usage("--end must be after --start");
        }
    }

    public ExportSettings withRead(ReadSettings r) {
        return new ExportSettings(r, stream, startNs, endNs);
    }

    public ExportSettings withStream(String s) {
        return new ExportSettings(read, s, startNs, endNs);
    }

    public ExportSettings withTimes(long start, long end) {
        return new ExportSettings(read, stream, start, end);
    }

    /** The stream kept, or {@link IoRecord#NO_STREAM} for all. */
    public int streamId() {
        return stream == null ? IoRecord.NO_STREAM : StreamArgument.parse(stream, false);
    }

    /** True when a time slice was asked for. */
    public boolean sliced() {
        return startNs != 0 || endNs != Long.MAX_VALUE;
    }
}
