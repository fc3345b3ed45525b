// How the sbench source reads traces, as every sbench-spark command takes it; immutable.
package org.sbench.spark.source;

import java.util.List;
import java.util.Map;
import org.sbench.SbenchException;

/**
 * @param from       format of every input, or null to detect each
 * @param skipBad    bad records allowed per file ({@code --skip-bad})
 * @param splitBytes size of the ranges splittable files are read in
 */
public record ReadSettings(String from, long skipBad, long splitBytes) {
    public static final ReadSettings DEFAULTS = new ReadSettings(null, 0, SourceOptions.DEFAULT_SPLIT_BYTES);

    public ReadSettings {
        if (skipBad < 0) {
            throw SbenchException.usage("--skip-bad must be 0 or more, found " + skipBad);
        }
    }

    /** The sbench source's options for reading {@code paths} with these settings. */
    public Map<String, String> sourceOptions(List<String> paths) {
        return new SourceOptions(paths, from, skipBad, splitBytes).toMap();
    }
}
