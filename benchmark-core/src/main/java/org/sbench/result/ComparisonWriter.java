package org.sbench.result;

import java.nio.file.Path;

/**
 * One output file format of {@code sbench compare}, one class per format:
 * {@link ComparisonCsvWriter}, {@link HtmlComparisonWriter}. The terminal table is {@link ComparisonTable}.
 */
public interface ComparisonWriter {
    /** The option that selects this format ({@code csv}, {@code html}). */
    String name();

    /**
     * Adds {@code comparison}, written to the file {@code out}, to {@code files}: it appears when
     * they are committed, with the command's other outputs, or not at all.
     *
     * @throws org.sbench.SbenchException if the file cannot be written
     */
    void write(ResultComparison comparison, Path out, OutputFiles files);

    /** Writes {@code comparison} to {@code out} on its own, which appears only when complete. */
    default void write(ResultComparison comparison, Path out) {
        try (OutputFiles files = new OutputFiles()) {
            write(comparison, out, files);
            files.commit();
        }
    }
}
