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
     * Writes {@code comparison} to the file {@code out}, which appears only when complete.
     *
     * @throws org.sbench.SbenchException if the file cannot be written
     */
    void write(ResultComparison comparison, Path out);
}
