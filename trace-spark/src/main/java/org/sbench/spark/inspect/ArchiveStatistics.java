// The result of an archive inspection: per-file and per-volume statistics rows.
package org.sbench.spark.inspect;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.spark.sql.Row;
import org.sbench.trace.stats.TraceStatistics;

/**
 * Rows of {@link StatisticsRows#KEYED_SCHEMA}: one per file (in input order, {@code stream}
 * null) and one per volume (by file, then stream; {@code file} null unless volumes are per file);
 * and the warnings the CLI gives on reading the files (a cut last line, not read).
 */
public record ArchiveStatistics(List<Row> files, List<Row> volumes, List<String> warnings) {
    public ArchiveStatistics {
        files = List.copyOf(files);
        volumes = List.copyOf(volumes);
        warnings = List.copyOf(warnings);
    }

    static List<Row> sortVolumes(List<Row> rows) {
        List<Row> sorted = new ArrayList<>(rows);
        sorted.sort(Comparator.comparing((Row r) -> r.isNullAt(0) ? "" : r.getString(0))
                .thenComparing(r -> r.isNullAt(1) ? Integer.MIN_VALUE : r.getInt(1)));
        return sorted;
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
        for (Row r : volumes) {
            boolean fileMatches = file == null ? r.isNullAt(0) : file.equals(r.getString(0));
            boolean streamMatches = stream == null ? r.isNullAt(1) : !r.isNullAt(1) && stream == r.getInt(1);
            if (fileMatches && streamMatches) {
                return StatisticsRows.toStatistics(r);
            }
        }
        throw new IllegalArgumentException("no volume " + file + " " + stream);
    }
}
