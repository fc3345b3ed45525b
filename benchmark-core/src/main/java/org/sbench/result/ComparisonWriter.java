package org.sbench.result;

/**
 * One output file format of {@code sbench compare}, one class per format:
 * {@link ComparisonCsvWriter}, {@link HtmlComparisonWriter}. The terminal table is {@link ComparisonTable}.
 */
public interface ComparisonWriter extends OutputWriter<ResultComparison> {
}
