// One trace of an input set: its files, format and description, as the driver found them.
package org.sbench.spark.split;

import java.io.Serializable;
import java.util.List;

/**
 * One trace: usually one file; a blktrace trace is its per-CPU files, read together. {@code name}
 * is the first file's display name, used in messages and in the {@code file} column.
 *
 * @param paths       Hadoop paths, in the order the format reads them
 * @param lengthBytes the (first) file's length
 * @param format      the format's name, as {@code --from} takes it
 * @param compressed  whether the file is compressed (it is then read whole)
 */
public record TraceSource(String name, List<String> paths, long lengthBytes, String format, boolean compressed,
                          TraceDescription description) implements Serializable {
    public TraceSource {
        paths = List.copyOf(paths);
    }

    public String path() {
        return paths.get(0);
    }
}
