// What opening one record range of an uncompressed .sbt costs (what every Spark split of it does before its first
// record), and what reading the range costs beside it: for each of ROUNDS rounds, opens the range of RECORDS records
// in the middle of the trace's records and closes it unread, then opens it again and reads it to the end; prints the
// median wall and thread-CPU milliseconds of each. NAMES: names (records with their process, as convert reads them) or none (as
// inspect reads them). Run with trace-formats and its dependencies on the class path (the launcher's):
//   java -cp "trace-formats/target/trace-formats-0.1.0-SNAPSHOT.jar:$(cat trace-spark/target/launcher/classpath)" \
//     bench/SbtSplitOpen.java TRACE.sbt RECORDS names|none [ROUNDS]
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.Arrays;
import org.sbench.trace.IoRecord;
import org.sbench.trace.TraceReader;
import org.sbench.trace.format.sbt.SbtFormat;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.input.TraceInput;

public class SbtSplitOpen {
    public static void main(String[] args) throws IOException {
        Path trace = Path.of(args[0]);
        long records = Long.parseLong(args[1]);
        boolean names = switch (args[2]) {
            case "names" -> true;
            case "none" -> false;
            default -> throw new IllegalArgumentException("NAMES: expected names or none, found " + args[2]);
        };
        int rounds = args.length > 3 ? Integer.parseInt(args[3]) : 5;
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long count = recordCount(trace);
        if (records > count) {
            throw new IllegalArgumentException("RECORDS: expected at most the trace's " + count + " records, found " + records);
        }
        long first = (count - records) / 2;
        long[][] open = new long[2][rounds];
        long[][] read = new long[2][rounds];
        IoRecord r = new IoRecord();
        for (int i = 0; i < rounds; i++) {
            long wall = System.nanoTime();
            long cpu = threads.getCurrentThreadCpuTime();
            new SbtFormat().openRecords(TraceInput.of(trace), ReadOptions.DEFAULTS, first, records, names).close();
            open[0][i] = System.nanoTime() - wall;
            open[1][i] = threads.getCurrentThreadCpuTime() - cpu;
            wall = System.nanoTime();
            cpu = threads.getCurrentThreadCpuTime();
            long n = 0;
            try (TraceReader reader = new SbtFormat().openRecords(TraceInput.of(trace), ReadOptions.DEFAULTS, first, records, names)) {
                while (reader.next(r)) {
                    n++;
                }
            }
            read[0][i] = System.nanoTime() - wall;
            read[1][i] = threads.getCurrentThreadCpuTime() - cpu;
            if (n != records) {
                throw new IllegalStateException("read " + n + " records, expected " + records);
            }
        }
        System.out.printf("%s, %,d records from %,d, names %s: open %.1f ms wall %.1f ms CPU; open and read %.1f ms wall %.1f ms CPU (median of %d)%n",
                trace.getFileName(), records, first, args[2], median(open[0]), median(open[1]), median(read[0]), median(read[1]), rounds);
    }

    /** The trace's record count, from its header (a little-endian int64 at byte 16: docs/trace-formats.md). */
    private static long recordCount(Path trace) throws IOException {
        try (FileChannel in = FileChannel.open(trace)) {
            ByteBuffer count = ByteBuffer.allocate(Long.BYTES).order(ByteOrder.LITTLE_ENDIAN);
            in.read(count, 16);
            return count.getLong(0);
        }
    }

    private static double median(long[] ns) {
        long[] s = ns.clone();
        Arrays.sort(s);
        return s[s.length / 2] / 1e6;
    }
}
