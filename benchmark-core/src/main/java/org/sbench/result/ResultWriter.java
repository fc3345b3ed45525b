package org.sbench.result;

import java.nio.file.Path;

/**
 * One output format of {@code sbench report} for a single result, one class per format (JMH's
 * {@code ResultFormat}): {@link CsvResultWriter}, {@link HlogResultWriter}, {@link HtmlReportWriter}.
 * The terminal summary is {@link TableResultWriter}; JSON is {@link JsonResults}.
 */
public interface ResultWriter {
    /** The option that selects this format ({@code csv}, {@code hlog}, {@code html}). */
    String name();

    /**
     * Adds {@code result}, written to {@code out} (a file, or for CSV a directory created if
     * missing), to {@code files}: it appears when they are committed, with the command's other
     * outputs, or not at all. An existing file of the same name is replaced (OutputPath says how).
     * Not thread-safe: one writer, one call at a time.
     *
     * @throws org.sbench.SbenchException if a file cannot be written (system failure) or
     *         {@code out} is of the wrong kind (usage)
     */
    void write(ReplayResult result, Path out, OutputFiles files);

    /** Writes {@code result} to {@code out} on its own: its files appear together when all are complete. */
    default void write(ReplayResult result, Path out) {
        try (OutputFiles files = new OutputFiles()) {
            write(result, out, files);
            files.commit();
        }
    }
}
