package org.sbench.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import org.HdrHistogram.Histogram;
import org.sbench.engine.IoSlot;
import org.sbench.trace.Op;
import org.junit.jupiter.api.Test;

/** A phase's numbers, and the memory of a trace with many phases. */
class MetricsRecorderPhasesTest {
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private static IoSlot slot(int i) {
        IoSlot s = new IoSlot(i, 0, 4096, ByteBuffer.allocate(1));
        s.op = Op.READ;
        s.lengthBytes = 4096;
        return s;
    }

    private static void io(MetricsRecorder m, IoSlot s, int phase, long submitNs, long serviceNs) {
        s.tag++;
        s.submitNs = submitNs;
        m.submitted(s, 1, 0, phase);
        s.doneNs = submitNs + serviceNs;
        s.result = s.lengthBytes;
        m.completed(s, phase);
    }

    /**
     * Each phase had a histogram of the full range, 270 KiB however few IOs it held, for the whole
     * run: a trace of 2,000 phases ran replay out of a 256 MiB heap. The bytes the replay thread
     * allocates bound what it keeps; 5,000 phases of one IO each took 1.3 GiB.
     */
    @Test
    void phasesDoneKeepAFewBytesNotAHistogramEach() {
        int phases = 5_000;
        long before = THREADS.getCurrentThreadAllocatedBytes();
        MetricsRecorder m = new MetricsRecorder(0, phases);
        IoSlot s = slot(0);
        for (int p = 0; p < phases; p++) {
            io(m, s, p, p * 1_000L, 100 + p % 7);
        }
        long allocated = THREADS.getCurrentThreadAllocatedBytes() - before;
        assertTrue(allocated < 64L << 20, "allocated " + (allocated >> 20) + " MiB for " + phases + " phases");
        assertEquals(1, m.phase(4_321).ios());
        assertEquals(100 + 4_321 % 7, m.phase(4_321).latency().getMaxValue());
    }

    /** A sealed phase reports what it would have: its histogram comes back the same. */
    @Test
    void aSealedPhaseHasTheSameNumbers() {
        MetricsRecorder m = new MetricsRecorder(0, 3);
        Histogram expected = IoGroup.newHistogram();
        IoSlot a = slot(0);
        IoSlot b = slot(1);
        long t = 0;
        for (int i = 0; i < 1_000; i++) {
            long serviceNs = 1_000 + (i * 7_919L) % 5_000_000;
            io(m, a, 0, t, serviceNs);
            expected.recordValue(serviceNs);
            t += serviceNs + 10;
        }
        // Phase 1 begins while an IO of phase 0 is in flight: phase 0 is sealed when it completes.
        a.tag++;
        a.submitNs = t;
        m.submitted(a, 1, 0, 0);
        io(m, b, 1, t + 5, 50);
        assertEquals(1_000, m.phase(0).ios(), "the IO in flight is not counted yet");
        a.doneNs = t + 700;
        a.result = a.lengthBytes;
        m.completed(a, 0);
        expected.recordValue(700);
        assertTrue(m.phase(0).sealed());
        assertEquals(expected, m.phase(0).latency());
        assertEquals(1_001, m.phase(0).ios());
        assertEquals(1, m.phase(1).ios());
        assertEquals(0, m.phase(2).ios(), "a phase no IO reached");
        // An IO of a sealed phase after all (the replay submits in order, so none comes) is still counted.
        io(m, a, 0, t + 1_000, 900);
        expected.recordValue(900);
        assertEquals(expected, m.phase(0).latency());
    }
}
