package org.sbench.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;

class TraceMapperTest {
    static IoRecord io(Op op, long offset, long length, int stream) {
        IoRecord r = new IoRecord();
        r.op = op;
        r.offsetBytes = offset;
        r.lengthBytes = length;
        r.stream = stream;
        return r;
    }

    @Test
    void widensMisalignedIos() {
        TraceMapper m = new TraceMapper(IoRecord.NO_STREAM, FitPolicy.ERROR, 1 << 30, 1 << 30, 4096, false, 0);
        IoRecord r = io(Op.READ, 1000, 512, 0);
        assertTrue(m.map(r));
        assertEquals(0, r.offsetBytes);
        assertEquals(4096, r.lengthBytes);
        IoRecord aligned = io(Op.READ, 8192, 8192, 0);
        m.map(aligned);
        assertEquals(8192, aligned.lengthBytes);
        IoRecord straddling = io(Op.WRITE, 4095, 2, 0);
        m.map(straddling);
        assertEquals(0, straddling.offsetBytes);
        assertEquals(8192, straddling.lengthBytes);
        assertEquals(2, m.widened());
    }

    @Test
    void wrapAndScaleKeepIosInsideTheTarget() {
        long cap = 1 << 20;
        TraceMapper wrap = new TraceMapper(IoRecord.NO_STREAM, FitPolicy.WRAP, cap, 4L << 20, 4096, false, 0);
        IoRecord r = io(Op.READ, (3L << 20) + 8192, 4096, 0);
        wrap.map(r);
        assertEquals(8192, r.offsetBytes);
        IoRecord atEnd = io(Op.READ, cap - 4096, 8192, 0);
        wrap.map(atEnd);
        assertEquals(cap - 8192, atEnd.offsetBytes);
        assertEquals(2, wrap.refitted());
        TraceMapper scale = new TraceMapper(IoRecord.NO_STREAM, FitPolicy.SCALE, cap, 4L << 20, 4096, false, 0);
        IoRecord s = io(Op.WRITE, 2L << 20, 4096, 0);
        scale.map(s);
        assertEquals(cap / 2, s.offsetBytes);
    }

    /** A write of 2 MiB fitted onto 1 MiB was once cut to 1 MiB without a word: a different IO than the trace's. */
    @Test
    void aReadOrWriteLongerThanTheCapacityIsRefusedAndATrimTrimsItAll() {
        long cap = 1 << 20;
        for (FitPolicy fit : new FitPolicy[] {FitPolicy.WRAP, FitPolicy.SCALE}) {
            TraceMapper m = new TraceMapper(IoRecord.NO_STREAM, fit, cap, 4L << 20, 4096, false, 0);
            for (Op op : new Op[] {Op.READ, Op.WRITE}) {
                SbenchException e = assertThrows(SbenchException.class, () -> m.map(io(op, 0, 2L << 20, 0)));
                assertEquals(ErrorKind.USAGE, e.kind());
                assertTrue(e.getMessage().contains("of 2097152 bytes (at byte 0) is longer than the 1048576 bytes it is fitted onto"),
                        e.getMessage());
            }
            IoRecord trim = io(Op.TRIM, 3L << 20, 2L << 20, 0);
            assertTrue(m.map(trim));
            assertEquals(0, trim.offsetBytes);
            assertEquals(cap, trim.lengthBytes);
        }
    }

    @Test
    void streamSelectionAndReadOnly() {
        TraceMapper m = new TraceMapper(2, FitPolicy.ERROR, 1 << 30, 1 << 30, 512, true, 0);
        assertFalse(m.map(io(Op.READ, 0, 512, 1)));
        assertTrue(m.map(io(Op.READ, 0, 512, 2)));
        assertFalse(m.map(io(Op.WRITE, 0, 512, 2)));
        assertFalse(m.map(io(Op.TRIM, 0, 512, 2)));
        assertTrue(m.map(io(Op.FLUSH, 0, 0, 2)));
        assertEquals(1, m.otherStreams());
        assertEquals(2, m.skippedWrites());
    }

    @Test
    void allStreamsGoOnDisjointRanges() {
        StreamLayout layout = StreamLayout.of(java.util.List.of(
                new org.sbench.trace.stats.TraceStatistics.StreamRow(0, "0", 1, 1, 0, 4096, 0, 3L << 20, 0, 0),
                new org.sbench.trace.stats.TraceStatistics.StreamRow(7, "7", 1, 1, 0, 4096, 0, (5L << 20) + 1, 0, 0)));
        assertEquals(0, layout.base(0));
        assertEquals(3L << 20, layout.base(7));
        assertEquals((3L << 20) + (6L << 20), layout.totalBytes());
        assertEquals("0@0, 7@3145728", layout.describe());
        TraceMapper m = new TraceMapper(ReplaySettings.ALL_STREAMS, FitPolicy.ERROR, 1 << 30, layout.totalBytes(), 512, false, 0, layout);
        IoRecord a = io(Op.READ, 4096, 512, 0);
        IoRecord b = io(Op.READ, 4096, 512, 7);
        assertTrue(m.map(a));
        assertTrue(m.map(b));
        assertEquals(4096, a.offsetBytes);
        assertEquals((3L << 20) + 4096, b.offsetBytes);
        assertEquals(0, m.otherStreams());
    }
}
