package org.sbench.result;

import java.nio.file.Path;

/**
 * One output file format of {@code T}: what {@link ResultWriter} (a result, for {@code sbench report}) and
 * {@link ComparisonWriter} (a comparison, for {@code sbench compare}) share.
 */
public interface OutputWriter<T> {
    /** The option that selects this format ({@code csv}, {@code hlog}, {@code html}). */
    String name();

    /**
     * Adds {@code value}, written to {@code out} (a file, or for a result's CSV a directory created if
     * missing), to {@code files}: it appears when they are committed, with the command's other
     * outputs, or not at all. An existing file of the same name is replaced (OutputPath says how).
     * Not thread-safe: one writer, one call at a time.
     *
     * @throws org.sbench.SbenchException if a file cannot be written (system failure) or
     *         {@code out} is of the wrong kind (usage)
     */
    void write(T value, Path out, OutputFiles files);

    /** Writes {@code value} to {@code out} on its own: its files appear together when all are complete. */
    default void write(T value, Path out) {
        try (OutputFiles files = new OutputFiles()) {
            write(value, out, files);
            files.commit();
        }
    }
}
