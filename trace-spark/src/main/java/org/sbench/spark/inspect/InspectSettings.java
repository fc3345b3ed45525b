// How an archive is inspected; immutable, defaults as `sbench inspect` has them.
package org.sbench.spark.inspect;

import java.util.List;
import java.util.Map;
import org.sbench.SbenchException;
import org.sbench.spark.source.SourceOptions;
import org.sbench.trace.stats.SequentialWindow;

/**
 * @param from             format of every input, or null to detect each
 * @param skipBad          bad records allowed per file ({@code --skip-bad})
 * @param sequentialWindow {@code --seq-window}
 * @param volumesPerFile   false: a stream number is one volume across all files (Alibaba,
 *                         Tencent, SYSTOR LUNs); true: each file's streams are its own volumes
 *                         (MSR Cambridge, whose disk numbers repeat from server to server)
 * @param splitBytes       size of the ranges splittable files are read in
 * @param fileStatistics   whether files get their statistics too: each file is read a second time,
 *                         whole, in one task (as long as {@code sbench inspect} of it takes)
 */
public record InspectSettings(String from, long skipBad, int sequentialWindow, boolean volumesPerFile, long splitBytes,
                              boolean fileStatistics) {
    public static final InspectSettings DEFAULTS =
            new InspectSettings(null, 0, SequentialWindow.DEFAULT_WINDOW, false, SourceOptions.DEFAULT_SPLIT_BYTES, true);

    public InspectSettings {
        SequentialWindow.option(sequentialWindow, String.valueOf(sequentialWindow));
        if (skipBad < 0) {
            throw SbenchException.usage("--skip-bad must be 0 or more, found " + skipBad);
        }
    }

    public InspectSettings withFrom(String f) {
        return new InspectSettings(f, skipBad, sequentialWindow, volumesPerFile, splitBytes, fileStatistics);
    }

    public InspectSettings withSkipBad(long n) {
        return new InspectSettings(from, n, sequentialWindow, volumesPerFile, splitBytes, fileStatistics);
    }

    public InspectSettings withSequentialWindow(int n) {
        return new InspectSettings(from, skipBad, n, volumesPerFile, splitBytes, fileStatistics);
    }

    public InspectSettings withVolumesPerFile(boolean perFile) {
        return new InspectSettings(from, skipBad, sequentialWindow, perFile, splitBytes, fileStatistics);
    }

    public InspectSettings withSplitBytes(long n) {
        return new InspectSettings(from, skipBad, sequentialWindow, volumesPerFile, n, fileStatistics);
    }

    public InspectSettings withFileStatistics(boolean files) {
        return new InspectSettings(from, skipBad, sequentialWindow, volumesPerFile, splitBytes, files);
    }

    /** The sbench source's options for reading {@code paths} with these settings. */
    public Map<String, String> sourceOptions(List<String> paths) {
        return new SourceOptions(paths, from, skipBad, splitBytes).toMap();
    }
}
