// Test fixture: a sort of many runs of distinct process names, in a JVM of its own started with a small heap.
package org.sbench.trace.sort;

import java.nio.file.Path;
import java.util.EnumSet;
import org.sbench.trace.Field;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.TraceReader;

/**
 * {@code SmallHeapMerge DIR RUNS RECORDS_PER_RUN}: sorts RUNS x RECORDS_PER_RUN records that come in descending issue
 * order, each naming a 256-byte process of its own, through a sorter whose memory holds RECORDS_PER_RUN records, so that
 * it spills RUNS runs into DIR and merges them; checks what comes out (issue order, each record's name) and exits 0.
 * The records are made as they are read: the heap holds what the sorter holds.
 */
final class SmallHeapMerge {
    private SmallHeapMerge() {
    }

    public static void main(String[] args) {
        Path dir = Path.of(args[0]);
        int records = Integer.parseInt(args[1]) * Integer.parseInt(args[2]);
        try (ExternalSorter sorter = new ExternalSorter(new Descending(records), Integer.parseInt(args[2]), Long.MAX_VALUE,
                SpillSpace.sorting("descending", dir), false)) {
            IoRecord r = new IoRecord();
            for (int i = 0; i < records; i++) {
                if (!sorter.next(r) || r.issueNs != i || !r.process.equals(name(i))) {
                    throw new AssertionError("record " + i + " came out as " + r);
                }
            }
            if (sorter.next(r)) {
                throw new AssertionError("a record past " + records + ": " + r);
            }
        }
    }

    /** A 256-byte name, distinct for each {@code i}. */
    static String name(long i) {
        String suffix = "-" + i;
        return "w".repeat(256 - suffix.length()) + suffix;
    }

    /** Records of issue times {@code records - 1} down to 0, each named {@link #name} of its time. */
    private static final class Descending implements TraceReader {
        private final TraceInfo info = TraceInfo.of("test", EnumSet.of(Field.PROCESS));
        private long left;

        Descending(long records) {
            this.left = records;
        }

        @Override
        public TraceInfo info() {
            return info;
        }

        @Override
        public boolean next(IoRecord into) {
            if (left == 0) {
                return false;
            }
            left--;
            into.clear();
            into.issueNs = left;
            into.offsetBytes = 4096 * left;
            into.lengthBytes = 4096;
            into.op = Op.READ;
            into.process = name(left);
            return true;
        }

        @Override
        public void close() {
        }
    }
}
