// What each part of inspect's statistics costs per record, in CPU ns of this thread: the recorded
// queue depth (computed when a trace is opened), the sequential window, the distinct-block
// footprint, and the whole inspector (window and footprint included). The first N records of
// FILE are read into memory first (in issue order, as inspect sees them), so that reading and
// parsing are left out; each part then runs over them ROUNDS times and the best round is reported.
// Run with the runnable jar on the classpath (bench/stats-cost.sh runs two jars side by side):
//   java -Xmx2g -cp replayer-cli/target/sbench.jar bench/StatsCost.java FILE N [ROUNDS]
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.function.ToLongFunction;
import org.sbench.trace.IoRecord;
import org.sbench.trace.TraceReader;
import org.sbench.trace.format.TraceFormats;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.stats.BlockFootprint;
import org.sbench.trace.stats.RecordedQdByStream;
import org.sbench.trace.stats.SequentialWindow;
import org.sbench.trace.stats.TraceInspector;

public class StatsCost {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    public static void main(String[] args) {
        Path file = Path.of(args[0]);
        int n = Integer.parseInt(args[1]);
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 5;
        IoRecord[] records = load(file, n);
        System.out.printf("records=%d qd=%.1f window=%.1f footprint=%.1f inspector=%.1f ns/record%n", records.length,
                best(rounds, records, StatsCost::recordedQd), best(rounds, records, StatsCost::window),
                best(rounds, records, StatsCost::footprint), best(rounds, records, StatsCost::inspector));
    }

    private static IoRecord[] load(Path file, int n) {
        IoRecord[] records = new IoRecord[n];
        int count = 0;
        try (TraceReader reader = TraceFormats.standard().open(file, null, ReadOptions.DEFAULTS)) {
            while (count < n) {
                IoRecord r = new IoRecord();
                if (!reader.next(r)) {
                    break;
                }
                records[count++] = r;
            }
        }
        return Arrays.copyOf(records, count);
    }

    /** The least CPU ns per record of {@code part} over the rounds; what it returns is checked to be the same each round. */
    private static double best(int rounds, IoRecord[] records, ToLongFunction<IoRecord[]> part) {
        double best = Double.MAX_VALUE;
        long result = 0;
        for (int i = 0; i < rounds; i++) {
            long c0 = THREADS.getCurrentThreadCpuTime();
            long r = part.applyAsLong(records);
            best = Math.min(best, (THREADS.getCurrentThreadCpuTime() - c0) / (double) records.length);
            if (i > 0 && r != result) {
                throw new IllegalStateException("a part gave " + result + " and then " + r);
            }
            result = r;
        }
        return best;
    }

    private static long recordedQd(IoRecord[] records) {
        RecordedQdByStream queues = new RecordedQdByStream();
        long sum = 0;
        for (IoRecord r : records) {
            sum += queues.next(r.stream, r.issueNs, r.completeNs);
        }
        return sum;
    }

    private static long window(IoRecord[] records) {
        SequentialWindow window = new SequentialWindow(SequentialWindow.DEFAULT_WINDOW);
        long sequential = 0;
        for (IoRecord r : records) {
            sequential += window.accept(r) ? 1 : 0;
        }
        return sequential;
    }

    private static long footprint(IoRecord[] records) {
        try (BlockFootprint footprint = new BlockFootprint()) {
            for (IoRecord r : records) {
                if (r.op.transfersData()) {
                    footprint.add(r.stream, r.offsetBytes, r.lengthBytes);
                }
            }
            return footprint.distinctBlocks();
        }
    }

    private static long inspector(IoRecord[] records) {
        try (TraceInspector inspector = new TraceInspector(SequentialWindow.DEFAULT_WINDOW)) {
            for (IoRecord r : records) {
                inspector.add(r);
            }
            return records.length;
        }
    }
}
