// One part of a trace that one task reads: the trace whole, a byte range of its lines, or a record range.
package org.sbench.spark.split;

import org.apache.spark.sql.connector.read.InputPartition;

/**
 * The unit of parallel reading. Splits are numbered in file order over the whole input
 * ({@code index}): traces in the order listed, ranges in file order, so that
 * {@code (index, record within split)} orders all records as the files hold them.
 *
 * @param traceIndex the trace's place in the input list
 * @param kind       how the range is read
 * @param start      first byte ({@link Kind#LINES}) or record ({@link Kind#RECORDS}); 0 for {@link Kind#WHOLE}
 * @param end        end byte (exclusive) or record (exclusive); unused for {@link Kind#WHOLE}
 * @param hosts      where the range's data lives, for locality; may be empty
 */
public record TraceSplit(int index, int traceIndex, TraceSource trace, Kind kind, long start, long end, String[] hosts)
        implements InputPartition {

    /** How a split is read. */
    public enum Kind {
        /** The whole trace in one task: compressed files, formats with a header or whole-file state. */
        WHOLE,
        /** The lines that start in [start, end) of an uncompressed text file of independent lines. */
        LINES,
        /** Records [start, end) of an uncompressed .sbt file. */
        RECORDS
    }

    @Override
    public String[] preferredLocations() {
        return hosts.clone();
    }
}
