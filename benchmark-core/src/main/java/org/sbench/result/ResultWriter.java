package org.sbench.result;

/**
 * One output format of {@code sbench report} for a single result, one class per format (JMH's
 * {@code ResultFormat}): {@link CsvResultWriter}, {@link HlogResultWriter}, {@link HtmlReportWriter}.
 * The terminal summary is {@link TableResultWriter}; JSON is {@link JsonResults}.
 */
public interface ResultWriter extends OutputWriter<ReplayResult> {
}
