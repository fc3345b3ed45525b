package org.sbench.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;
import org.sbench.trace.TraceReader;
import org.sbench.trace.stats.TraceInspector;

class FittedTraceReaderTest {
    private static final long MIB = 1 << 20;

    private static TraceReader of(List<IoRecord> records) {
        return ReplayerTest.listOf(records);
    }

    private static IoRecord io(Op op, long offset, long length, int stream) {
        return TraceMapperTest.io(op, offset, length, stream);
    }

    private static List<long[]> read(FittedTraceReader r) {
        List<long[]> out = new ArrayList<>();
        IoRecord rec = new IoRecord();
        while (r.next(rec)) {
            out.add(new long[] {rec.offsetBytes, rec.lengthBytes, rec.stream});
        }
        return out;
    }

    @Test
    void wrapScaleAndWidenAsReplayDoes() {
        List<IoRecord> trace = List.of(io(Op.READ, 0, 4096, 0), io(Op.WRITE, 10 * MIB, 4096, 0), io(Op.READ, 3 * MIB + 100, 1000, 0),
                io(Op.FLUSH, 0, 0, 0), io(Op.READ, 31 * MIB, 4096, 0));
        FittedTraceReader wrap = new FittedTraceReader(of(trace), IoRecord.NO_STREAM, FitPolicy.WRAP, 4 * MIB, null, 0, 512, "/dev/x");
        List<long[]> w = read(wrap);
        assertEquals(List.of(0L, 2 * MIB, 3 * MIB, 0L, 3 * MIB), w.stream().map(x -> x[0]).toList(), "offset modulo 4 MiB, aligned down");
        assertEquals(1536, w.get(2)[1], "widened to whole 512-byte blocks: [3 MiB + 100, 3 MiB + 1100) to [3 MiB, 3 MiB + 1536)");
        assertEquals(2, wrap.refitted());
        assertEquals(1, wrap.widened());

        FittedTraceReader scale = new FittedTraceReader(of(trace), IoRecord.NO_STREAM, FitPolicy.SCALE, 4 * MIB, null, 32 * MIB, 512,
                "/dev/x");
        assertEquals(List.of(0L, 10 * MIB / 8, (3 * MIB) / 8, 0L, 31 * MIB / 8), read(scale).stream().map(x -> x[0]).toList(),
                "offsets times 4 MiB / the 32 MiB span");
    }

    /** The span of a stream past the first 65,536, which get inspect's rows: 0 when spanBytes kept those rows alone. */
    @Test
    void theSpanOfAStreamPastTheInspectorsRowsIsItsOwn() {
        List<IoRecord> trace = new ArrayList<>();
        int last = TraceInspector.Rows.MAX + 10;
        for (int stream = 0; stream <= last; stream++) {
            trace.add(io(Op.READ, 0, 4096, stream));
        }
        trace.add(io(Op.WRITE, 7 * MIB, 4096, last));
        assertEquals(7 * MIB + 4096, FittedTraceReader.spanBytes(of(trace), last));
    }

    @Test
    void anIoPastTheDeviceIsRefusedUnderFitError() {
        List<IoRecord> trace = List.of(io(Op.READ, 0, 4096, 0), io(Op.WRITE, 4 * MIB - 4096, 8192, 0));
        FittedTraceReader r = new FittedTraceReader(of(trace), IoRecord.NO_STREAM, FitPolicy.ERROR, 4 * MIB, null, 0, 512, "/dev/x");
        SbenchException e = assertThrows(SbenchException.class, () -> read(r));
        assertEquals(ErrorKind.USAGE, e.kind());
        assertEquals("record 2 reaches byte 4198400, past the 4194304 bytes of /dev/x; use --fit wrap or --fit scale", e.getMessage());
        FittedTraceReader typed = new FittedTraceReader(of(trace), IoRecord.NO_STREAM, FitPolicy.ERROR, 4 * MIB, "4M", 0, 512, "/dev/x");
        assertEquals("record 2 reaches byte 4198400, past --capacity 4M; use --fit wrap or --fit scale",
                assertThrows(SbenchException.class, () -> read(typed)).getMessage(), "a capacity typed is quoted as typed");
    }

    @Test
    void oneStreamOnly() {
        List<IoRecord> trace = List.of(io(Op.READ, 0, 4096, 0), io(Op.READ, 4096, 4096, 1), io(Op.READ, 8192, 4096, 1));
        FittedTraceReader all = new FittedTraceReader(of(trace), IoRecord.NO_STREAM, FitPolicy.WRAP, 4 * MIB, null, 0, 512, "/dev/x");
        SbenchException e = assertThrows(SbenchException.class, () -> read(all));
        assertEquals("the trace records several devices (streams 0 and 1, at record 2); fit one of them onto /dev/x with --stream N",
                e.getMessage());
        FittedTraceReader one = new FittedTraceReader(of(trace), 1, FitPolicy.WRAP, 4 * MIB, null, 0, 512, "/dev/x");
        assertEquals(List.of(4096L, 8192L), read(one).stream().map(x -> x[0]).toList());
    }

    @Test
    void devicesAreNamedAsInspectNamesThem() {
        int sda = org.sbench.trace.DeviceNumbers.of(8, 0);
        int sdb = org.sbench.trace.DeviceNumbers.of(8, 16);
        TraceReader list = of(List.of(io(Op.READ, 0, 4096, sda), io(Op.READ, 4096, 4096, sdb)));
        TraceReader devices = new TraceReader() {
            @Override
            public org.sbench.trace.TraceInfo info() {
                return list.info().withMetadata(org.sbench.trace.TraceInfo.STREAMS, org.sbench.trace.TraceInfo.DEVICE_NUMBER_STREAMS);
            }

            @Override
            public boolean next(IoRecord into) {
                return list.next(into);
            }

            @Override
            public void close() {
            }
        };
        FittedTraceReader r = new FittedTraceReader(devices, IoRecord.NO_STREAM, FitPolicy.WRAP, 4 * MIB, null, 0, 512, "/dev/x");
        SbenchException e = assertThrows(SbenchException.class, () -> read(r));
        assertEquals("the trace records several devices (streams 8:0 and 8:16, at record 2); fit one of them onto /dev/x with"
                + " --stream N", e.getMessage());
    }
}
