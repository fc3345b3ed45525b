package org.sbench.trace;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Random;

/** Records and trace descriptions for tests: random records with every optional field sometimes absent. */
public final class TestRecords {
    private TestRecords() {
    }

    public static List<IoRecord> records(long seed, int count, boolean sorted) {
        Random rnd = new Random(seed);
        List<IoRecord> out = new ArrayList<>(count);
        long t = rnd.nextInt(1000);
        String[] names = {"firefox", "kworker/0:1H", "name, with comma", "\"quoted\"", "ünïcode"};
        for (int i = 0; i < count; i++) {
            IoRecord r = new IoRecord();
            t += rnd.nextInt(3) == 0 ? 0 : rnd.nextInt(100_000);
            r.issueNs = sorted ? t : rnd.nextInt(1_000_000);
            r.op = Op.values()[rnd.nextInt(4)];
            r.offsetBytes = r.op == Op.FLUSH ? 0 : (long) rnd.nextInt(1 << 20) * 512;
            r.lengthBytes = r.op == Op.FLUSH ? 0 : 512L * (1 + rnd.nextInt(256));
            r.completeNs = rnd.nextInt(5) == 0 ? IoRecord.NO_TIME : r.issueNs + rnd.nextInt(50_000);
            r.stream = rnd.nextInt(3) == 0 ? IoRecord.NO_STREAM : rnd.nextInt(4);
            r.qd = rnd.nextInt(3) == 0 ? IoRecord.NO_QD : 1 + rnd.nextInt(40);
            r.process = rnd.nextInt(3) == 0 ? null : names[rnd.nextInt(names.length)];
            out.add(r);
        }
        return out;
    }

    /** A description with every optional field, metadata and two phases. */
    public static TraceInfo info() {
        return new TraceInfo("msr", EnumSet.allOf(Field.class), Map.of(TraceInfo.NAME, "test", TraceInfo.CAPACITY, "1048576"),
                List.of(new PhaseMarker("boot", 0), new PhaseMarker("photo edit", 5_000_000)));
    }

    /** Every remaining record of {@code reader}, copied. */
    public static List<IoRecord> readAll(TraceReader reader) {
        List<IoRecord> out = new ArrayList<>();
        IoRecord rec = new IoRecord();
        while (reader.next(rec)) {
            out.add(new IoRecord().copyFrom(rec));
        }
        return out;
    }
}
