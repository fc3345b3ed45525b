package org.sbench.trace.format.csv;

import org.apache.commons.csv.CSVFormat;

/**
 * The CSV form of a trace, shared by reader and writer:
 * <pre>
 * # source: FORMAT                    (optional comment lines, before the header)
 * # fields: complete,stream,qd,process    (optional fields the records carry)
 * # meta: KEY=VALUE
 * # phase: TIME_NS NAME
 * issue_ns,complete_ns,offset,length,op,stream,qd,process
 * 0,1500,4096,4096,R,0,1,firefox
 * </pre>
 * Times in ns, offset and length in bytes, op one of R W T F; empty optional columns are absent.
 */
final class CsvLayout {
    static final String[] HEADER = {"issue_ns", "complete_ns", "offset", "length", "op", "stream", "qd", "process"};
    static final String HEADER_LINE = String.join(",", HEADER);
    static final String COMMENT = "#";
    static final String SOURCE = "source:";
    static final String FIELDS = "fields:";
    static final String META = "meta:";
    static final String PHASE = "phase:";
    static final CSVFormat FORMAT = CSVFormat.DEFAULT.builder().setRecordSeparator('\n').get();

    static final int ISSUE = 0;
    static final int COMPLETE = 1;
    static final int OFFSET = 2;
    static final int LENGTH = 3;
    static final int OP = 4;
    static final int STREAM = 5;
    static final int QD = 6;
    static final int PROCESS = 7;

    private CsvLayout() {
    }
}
