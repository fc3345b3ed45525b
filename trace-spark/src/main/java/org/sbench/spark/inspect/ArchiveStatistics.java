// The result of an archive inspection: per-file and per-volume statistics rows.
package org.sbench.spark.inspect;

import java.util.Iterator;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.sbench.trace.stats.TraceStatistics;

/**
 * Rows of {@link StatisticsRows#KEYED_SCHEMA}: one per file (in input order, {@code stream}
 * null; on the driver, as the listing is) and one per volume (by file, then stream; {@code file}
 * null unless volumes are per file; a persisted Dataset, see {@link SortedVolumes}); and the
 * warnings the CLI gives on reading the files (a cut last line, not read).
 */
public record ArchiveStatistics(List<Row> files, Dataset<Row> volumes, List<String> warnings) {
    public ArchiveStatistics {
        files = List.copyOf(files);
        warnings = List.copyOf(warnings);
    }

    /** The statistics of the file named {@code name}. */
    public TraceStatistics file(String name) {
        for (Row r : files) {
            if (name.equals(r.getString(0))) {
                return StatisticsRows.toStatistics(r);
            }
        }
        throw new IllegalArgumentException("no file " + name);
    }

    /** The statistics of volume {@code stream} (of {@code file} when volumes are per file, else null). */
    public TraceStatistics volume(String file, Integer stream) {
        for (Iterator<Row> it = volumes.toLocalIterator(); it.hasNext();) {
            Row r = it.next();
            boolean fileMatches = file == null ? r.isNullAt(0) : file.equals(r.getString(0));
            boolean streamMatches = stream == null ? r.isNullAt(1) : !r.isNullAt(1) && stream == r.getInt(1);
            if (fileMatches && streamMatches) {
                return StatisticsRows.toStatistics(r);
            }
        }
        throw new IllegalArgumentException("no volume " + file + " " + stream);
    }
}
