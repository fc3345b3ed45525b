// One trace of an input set: its files, format and description, as the driver found them.
package org.sbench.spark.split;

import java.io.Serializable;
import java.util.List;

/**
 * One trace: usually one file; a blktrace trace is its per-CPU files, read together.
 *
 * @param names       the files' names in messages, as the paths given name them ({@link TraceListing}); the
 *                    first is the trace's {@link #name()}, also in the {@code file} column
 * @param paths       Hadoop paths, in the order the format reads them
 * @param lengthBytes the (first) file's length
 * @param format      the format's name, as {@code --from} takes it
 * @param compressed  whether the file is compressed (it is then read whole)
 */
public record TraceSource(List<String> names, List<String> paths, long lengthBytes, String format, boolean compressed,
                          TraceDescription description) implements Serializable {
    public TraceSource {
        names = List.copyOf(names);
        paths = List.copyOf(paths);
    }

    public String name() {
        return names.get(0);
    }

    public String path() {
        return paths.get(0);
    }
}
