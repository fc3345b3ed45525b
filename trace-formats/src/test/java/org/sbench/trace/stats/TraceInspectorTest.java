package org.sbench.trace.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.sbench.trace.Field;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;
import org.sbench.trace.TraceInfo;

class TraceInspectorTest {
    private static IoRecord io(long issue, Op op, long offset, long length, int qd) {
        IoRecord r = new IoRecord();
        r.issueNs = issue;
        r.op = op;
        r.offsetBytes = offset;
        r.lengthBytes = length;
        r.qd = qd;
        return r;
    }

    @Test
    void statesCountsSizesSequentialityAndQd() {
        TraceInspector in = new TraceInspector(SequentialWindow.DEFAULT_WINDOW);
        in.add(io(0, Op.READ, 0, 4096, 1));              // 4K
        in.add(io(10, Op.READ, 4096, 8192, 2));          // 8K, sequential after the first
        in.add(io(20, Op.WRITE, 1 << 20, 512, 1));       // <4K
        in.add(io(30, Op.WRITE, (1 << 20) + 512, 200_000, 7)); // >128K, sequential
        in.add(io(40, Op.TRIM, 0, 1 << 30, 1));          // trim: not in size classes
        in.add(io(50, Op.FLUSH, 0, 0, 40));              // flush
        TraceStatistics s = in.result(TraceInfo.of("test", EnumSet.of(Field.QD)), 3, 2, 0, null);
        assertEquals(6, s.records());
        assertEquals(2, s.reads());
        assertEquals(2, s.writes());
        assertEquals(1, s.trims());
        assertEquals(1, s.flushes());
        assertEquals(4096 + 8192, s.bytesRead());
        assertEquals(512 + 200_000, s.bytesWritten());
        assertEquals(50, s.durationNs());
        assertEquals(50.0, s.sequentialPct(), 1e-9);
        assertEquals(1L << 30, s.maxOffset());
        assertEquals(3 + 1 + 48, s.distinct4kBlocks()); // blocks 0-2, block 256 (1 MiB), then 257-304 by the big write
        assertEquals(3, s.reordered());
        assertEquals(2, s.skipped());
        assertEquals(true, s.qd().known());
        assertEquals((1 + 2 + 1 + 7 + 1 + 40) / 6.0, s.qd().avg(), 1e-9);
        assertEquals(50.0, s.qd().qd1Pct(), 1e-9);
        assertEquals(1, s.qd().histogram().get(QdBucket.QD6_10.ordinal()).count());
        assertEquals(1, s.qd().histogram().get(QdBucket.OVER_32.ordinal()).count());
        TraceStatistics.SizeClassRow k4 = s.sizeClasses().get(SizeClass.K4.ordinal());
        assertEquals("4K", k4.sizeClass());
        assertEquals(1, k4.count());
        assertEquals(25.0, k4.pct(), 1e-9);
        assertEquals(1, s.sizeClasses().get(SizeClass.UNDER_4K.ordinal()).writes());
        assertEquals(1, s.sizeClasses().get(SizeClass.OVER_128K.ordinal()).writes());
        assertEquals(1, s.sizeClasses().get(SizeClass.K8.ordinal()).reads());
    }

    @Test
    void aTraceOf70000StreamsKeepsRowsOfAtMost65536() {
        TraceInspector in = new TraceInspector(SequentialWindow.DEFAULT_WINDOW);
        int streams = 70_000;
        for (int i = 0; i < streams; i++) {
            IoRecord r = io(i, i % 2 == 0 ? Op.READ : Op.WRITE, 4096L * i, 4096, IoRecord.NO_QD);
            r.stream = i;
            in.add(r);
        }
        TraceStatistics s = in.result(TraceInfo.of("test", EnumSet.noneOf(Field.class)), 0, 0, 0, null);
        assertEquals(TraceInspector.Rows.MAX, s.streams().size());
        TraceStatistics.OtherStreams others = s.otherStreams();
        assertEquals(StreamsSeen.MAX_KEPT, others.streams());
        assertEquals(true, others.moreStreams());
        List<TraceStatistics.StreamRow> all = new ArrayList<>(s.streams());
        all.add(others.summed());
        assertEquals(streams, s.records());
        assertEquals(s.records(), all.stream().mapToLong(TraceStatistics.StreamRow::records).sum());
        assertEquals(s.reads(), all.stream().mapToLong(TraceStatistics.StreamRow::reads).sum());
        assertEquals(s.writes(), all.stream().mapToLong(TraceStatistics.StreamRow::writes).sum());
        assertEquals(s.bytesRead(), all.stream().mapToLong(TraceStatistics.StreamRow::bytesRead).sum());
        assertEquals(s.bytesWritten(), all.stream().mapToLong(TraceStatistics.StreamRow::bytesWritten).sum());
        assertEquals(s.withoutCompletion(), all.stream().mapToLong(TraceStatistics.StreamRow::withoutCompletion).sum());
        assertEquals(s.maxOffset(), others.summed().maxOffset());
        assertEquals(TraceInspector.Rows.MAX, s.distinct4kBlocks()); // one block each of the streams with a row
    }

    @Test
    void aTraceOfFewerStreamsThanTheRowsHasNoOtherStreams() {
        TraceInspector in = new TraceInspector(SequentialWindow.DEFAULT_WINDOW);
        for (int i = 0; i < 3; i++) {
            IoRecord r = io(i, Op.READ, 0, 4096, IoRecord.NO_QD);
            r.stream = i;
            in.add(r);
        }
        TraceStatistics s = in.result(TraceInfo.of("test", EnumSet.noneOf(Field.class)), 0, 0, 0, null);
        assertEquals(3, s.streams().size());
        assertNull(s.otherStreams());
    }

    @Test
    void qdUnknownWithoutTheField() {
        TraceInspector in = new TraceInspector(32);
        in.add(io(0, Op.READ, 0, 4096, IoRecord.NO_QD));
        TraceStatistics s = in.result(TraceInfo.of("test", EnumSet.noneOf(Field.class)), 0, 0, 0, null);
        assertEquals(false, s.qd().known());
        assertEquals(0, s.qd().histogram().size());
    }

    @Test
    void sizeClassBoundaries() {
        assertEquals(SizeClass.UNDER_4K, SizeClass.of(4095));
        assertEquals(SizeClass.K4, SizeClass.of(4096));
        assertEquals(SizeClass.K8, SizeClass.of(4097));
        assertEquals(SizeClass.K8, SizeClass.of(8192));
        assertEquals(SizeClass.K128, SizeClass.of(131072));
        assertEquals(SizeClass.OVER_128K, SizeClass.of(131073));
    }

    @Test
    void everySizeAndDepthFallsInTheFirstClassThatHoldsIt() {
        long[] probes = {0, 1, 511, 512, 4095, 4096, 4097, 1L << 40, Long.MAX_VALUE};
        for (long length : probes) {
            assertEquals(firstHolding(length), SizeClass.of(length), "length " + length);
        }
        for (long length = 4000; length <= (1 << 18); length++) {
            assertEquals(firstHolding(length), SizeClass.of(length), "length " + length);
        }
        for (int qd = 1; qd <= 1000; qd++) {
            QdBucket expected = QdBucket.OVER_32;
            for (QdBucket b : QdBucket.values()) {
                if (qd <= Integer.parseInt(b.label().replaceAll("^.*-|>", "")) && b != QdBucket.OVER_32) {
                    expected = b;
                    break;
                }
            }
            assertEquals(expected, QdBucket.of(qd), "qd " + qd);
        }
        assertEquals(QdBucket.OVER_32, QdBucket.of(Integer.MAX_VALUE));
    }

    private static SizeClass firstHolding(long length) {
        for (SizeClass c : SizeClass.values()) {
            if (length <= c.maxBytes()) {
                return c;
            }
        }
        throw new AssertionError();
    }

    @Test
    void sequentialWindowForgetsOldIos() {
        SequentialWindow w = new SequentialWindow(2);
        assertEquals(false, w.accept(io(0, Op.READ, 0, 512, 1)));
        assertEquals(false, w.accept(io(0, Op.READ, 10_000, 512, 1)));
        assertEquals(false, w.accept(io(0, Op.READ, 20_000, 512, 1)));
        assertEquals(false, w.accept(io(0, Op.READ, 512, 512, 1)));   // the first IO left the window
        assertEquals(true, w.accept(io(0, Op.WRITE, 20_512, 512, 1))); // any op continues any op
        IoRecord otherStream = io(0, Op.READ, 21_024, 512, 1);
        otherStream.stream = 3;
        assertEquals(false, w.accept(otherStream));
    }
}
