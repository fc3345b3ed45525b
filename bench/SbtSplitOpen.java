// What opening one record range of an uncompressed .sbt costs (what every Spark split of it does before its first
// record), and what reading the range costs beside it: for each of ROUNDS rounds, opens the range of RECORDS records
// at the middle of the file and closes it unread, then opens it again and reads it to the end; prints the median wall
// and thread-CPU milliseconds of each. NAMES: names (records with their process, as convert reads them) or none (as
// inspect reads them). Run with trace-formats and its dependencies on the class path (the launcher's):
//   java -cp "trace-formats/target/trace-formats-0.1.0-SNAPSHOT.jar:$(cat trace-spark/target/launcher/classpath)" \
//     bench/SbtSplitOpen.java TRACE.sbt RECORDS names|none [ROUNDS]
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.Arrays;
import org.sbench.trace.IoRecord;
import org.sbench.trace.TraceReader;
import org.sbench.trace.format.sbt.SbtFormat;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.input.TraceInput;

public class SbtSplitOpen {
    public static void main(String[] args) {
        Path trace = Path.of(args[0]);
        long records = Long.parseLong(args[1]);
        boolean names = switch (args[2]) {
            case "names" -> true;
            case "none" -> false;
            default -> throw new IllegalArgumentException("NAMES: expected names or none, found " + args[2]);
        };
        int rounds = args.length > 3 ? Integer.parseInt(args[3]) : 5;
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long first = trace.toFile().length() / SbtFormat.RECORD_BYTES / 2;
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

    private static double median(long[] ns) {
        long[] s = ns.clone();
        Arrays.sort(s);
        return s[s.length / 2] / 1e6;
    }
}
