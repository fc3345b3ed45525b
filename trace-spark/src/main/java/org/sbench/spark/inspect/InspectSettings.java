// How an archive is inspected; immutable, defaults as `sbench inspect` has them.
package org.sbench.spark.inspect;

import org.sbench.spark.source.ReadSettings;
import org.sbench.trace.stats.SequentialWindow;

/**
 * @param read             how the inputs are read
 * @param sequentialWindow {@code --seq-window}
 * @param volumesPerFile   false: a stream number is one volume across all files (Alibaba,
 *                         Tencent, SYSTOR LUNs); true: each file's streams are its own volumes
 *                         (MSR Cambridge, whose disk numbers repeat from server to server)
 * @param fileStatistics   whether files get their statistics too: each file is read a second time,
 *                         whole, in one task (as long as {@code sbench inspect} of it takes)
 */
public record InspectSettings(ReadSettings read, int sequentialWindow, boolean volumesPerFile, boolean fileStatistics) {
    public static final InspectSettings DEFAULTS =
            new InspectSettings(ReadSettings.DEFAULTS, SequentialWindow.DEFAULT_WINDOW, false, true);

    public InspectSettings {
        SequentialWindow.option(sequentialWindow, String.valueOf(sequentialWindow));
    }

    public InspectSettings withRead(ReadSettings r) {
        return new InspectSettings(r, sequentialWindow, volumesPerFile, fileStatistics);
    }

    public InspectSettings withSequentialWindow(int n) {
        return new InspectSettings(read, n, volumesPerFile, fileStatistics);
    }

    public InspectSettings withVolumesPerFile(boolean perFile) {
        return new InspectSettings(read, sequentialWindow, perFile, fileStatistics);
    }

    public InspectSettings withFileStatistics(boolean files) {
        return new InspectSettings(read, sequentialWindow, volumesPerFile, files);
    }
}
