package org.sbench.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
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
        assertEquals(cap - 12288, atEnd.offsetBytes); // 4 KiB into its 8 KiB grain, as in the trace
        assertEquals(2, wrap.refitted());
        TraceMapper scale = new TraceMapper(IoRecord.NO_STREAM, FitPolicy.SCALE, cap, 4L << 20, 4096, false, 0);
        IoRecord s = io(Op.WRITE, 2L << 20, 4096, 0);
        scale.map(s);
        assertEquals(cap / 2, s.offsetBytes);
    }

    /**
     * On a target of 512-byte blocks (a 512e drive: 4 KiB physical sectors), --fit scale at 1/3 once
     * moved 4 KiB-aligned IOs to 512-byte alignment (20480 to 6656, 28672 to 9216), and --fit wrap
     * onto 256 MiB + 1536 bytes moved 268439552 to 2560: read-modify-writes the trace never had. An
     * IO keeps its offset modulo its grain (its length's power of two, at least 4 KiB).
     */
    @Test
    void wrapAndScaleKeepEachIoItsPlaceWithinItsGrain() {
        long cap = (256L << 20) + 1536;
        TraceMapper scale = new TraceMapper(IoRecord.NO_STREAM, FitPolicy.SCALE, cap, 3 * cap, 512, false, 0);
        assertEquals(4096, mapped(scale, Op.READ, 20480, 4096));
        assertEquals(8192, mapped(scale, Op.READ, 28672, 4096));
        assertEquals(12288 + 512, mapped(scale, Op.WRITE, 40960 + 512, 512));
        assertEquals(3584, mapped(scale, Op.WRITE, 3584, 1024)); // crosses a 4 KiB boundary, as in the trace
        assertEquals((1L << 20) + 4096, mapped(scale, Op.READ, (3L << 20) + 4096, 65536)); // 64 KiB grain
        long last = mapped(scale, Op.READ, 3 * cap - 65536, 65536);
        assertEquals(3 * 1536, last % 65536);
        assertTrue(last + 65536 <= cap && last + 2 * 65536 > cap, "ends at the end: " + last);
        TraceMapper wrap = new TraceMapper(IoRecord.NO_STREAM, FitPolicy.WRAP, cap, 2 * cap, 512, false, 0);
        assertEquals(0, mapped(wrap, Op.READ, 268439552, 4096));
        assertEquals(0, mapped(wrap, Op.READ, (256L << 20) + 65536, 65536)); // 64000, down to its grain
        long crossing = mapped(wrap, Op.READ, 2 * (256L << 20) - 2048, 4096);
        assertEquals(2048, crossing % 4096);
        assertTrue(crossing + 4096 <= cap && crossing + 8192 > cap, "ends at the end: " + crossing);
        assertEquals(1024, mapped(wrap, Op.TRIM, 1024, 512));
    }

    /** An IO nearly as long as the target keeps what alignment the target leaves room for, and is never cut short. */
    @Test
    void anIoNearlyAsLongAsTheTargetKeepsTheAlignmentThereIsRoomFor() {
        long cap = (1L << 20) + 8192;
        TraceMapper wrap = new TraceMapper(IoRecord.NO_STREAM, FitPolicy.WRAP, cap, 4 * cap, 512, false, 0);
        IoRecord r = io(Op.WRITE, (4L << 20) + 12288, 1L << 20, 0);
        assertTrue(wrap.map(r));
        assertEquals(1L << 20, r.lengthBytes);
        assertEquals(4096, r.offsetBytes); // residue 12288 of 1 MiB leaves no room; of 8 KiB, 4096 does
    }

    /**
     * --stream all --fit scale scaled the streams' offsets together but not their lengths, so the
     * last 64 KiB of stream 0 (2 MiB range) landed past stream 1's scaled start (two streams onto
     * 1398272 bytes: at 676864, stream 1 from 698880): each IO now stays in its stream's range,
     * unless it is longer than the whole range.
     */
    @Test
    void scaledStreamsKeepTheirIosInTheirOwnRanges() {
        StreamLayout layout = StreamLayout.of(List.of(
                new org.sbench.trace.stats.TraceStatistics.StreamRow(0, "0", 1, 1, 0, 0, 4096, 0, 2L << 20, 0, 0),
                new org.sbench.trace.stats.TraceStatistics.StreamRow(1, "1", 1, 1, 0, 0, 4096, 0, 2L << 20, 0, 0)));
        long cap = 1398272;
        TraceMapper m = new TraceMapper(ReplaySettings.ALL_STREAMS, FitPolicy.SCALE, cap, layout.totalBytes(), 512, false, 0, layout);
        long second = m.scaled(2L << 20);
        IoRecord last = io(Op.WRITE, (2L << 20) - 65536, 65536, 0);
        assertTrue(m.map(last));
        assertTrue(last.offsetBytes + 65536 <= second, last.offsetBytes + " ends past stream 1's start " + second);
        assertEquals(0, last.offsetBytes % 65536);
        IoRecord first = io(Op.WRITE, 0, 65536, 1);
        assertTrue(m.map(first));
        assertTrue(first.offsetBytes >= second, first.offsetBytes + " before stream 1's start " + second);
        assertEquals(0, first.offsetBytes % 65536);
        IoRecord longer = io(Op.WRITE, 1L << 20, 1L << 20, 0);
        assertTrue(m.map(longer), "longer than its stream's whole range: placed on the target, not refused");
        assertEquals(0, longer.offsetBytes);
        assertEquals(1L << 20, longer.lengthBytes);
    }

    private static long mapped(TraceMapper m, Op op, long offset, long length) {
        IoRecord r = io(op, offset, length, 0);
        assertTrue(m.map(r));
        assertEquals(length, r.lengthBytes);
        return r.offsetBytes;
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
        StreamLayout layout = StreamLayout.of(List.of(
                new org.sbench.trace.stats.TraceStatistics.StreamRow(0, "0", 1, 1, 0, 0, 4096, 0, 3L << 20, 0, 0),
                new org.sbench.trace.stats.TraceStatistics.StreamRow(7, "7", 1, 1, 0, 0, 4096, 0, (5L << 20) + 1, 0, 0)));
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

    /**
     * Two streams each reaching 6 EiB laid side by side need 12 EiB, past 2^63: the sum once
     * overflowed to a negative total, so {@code --fit scale} onto 1 GiB scaled nothing and the result
     * put stream 2 at byte 6917529027642130432 of the 1 GiB target. Now refused, before any IO.
     */
    @Test
    void streamsSideBySidePast2To63BytesAreRefused() {
        long sixEiB = 6L << 60;
        SbenchException e = assertThrows(SbenchException.class, () -> StreamLayout.of(List.of(
                new org.sbench.trace.stats.TraceStatistics.StreamRow(1, "1", 1, 1, 0, 0, 4096, 0, sixEiB, 0, 0),
                new org.sbench.trace.stats.TraceStatistics.StreamRow(2, "2", 1, 1, 0, 0, 4096, 0, sixEiB, 0, 0))));
        assertEquals(ErrorKind.USAGE, e.kind());
        assertTrue(e.getMessage().contains("--stream N"), e.getMessage());
        StreamLayout last = StreamLayout.of(List.of(
                new org.sbench.trace.stats.TraceStatistics.StreamRow(1, "1", 1, 1, 0, 0, 4096, 0, Long.MAX_VALUE, 0, 0)));
        assertEquals(Long.MAX_VALUE, last.totalBytes(), "a range past the last whole MiB below 2^63 ends at 2^63 - 1");
    }
}
