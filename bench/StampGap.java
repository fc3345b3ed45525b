// Where sbench's busy time exceeds the device's, IO by IO: a trace replayed onto a block device
// (root; its requests captured by a tracefs instance on the mono clock, as BusyTimeKernelDeviceTest
// does), each IO paired with the requests it made, and its excess split into its two ends:
//   hand-over = the first request's block_rq_issue - the IO's submit stamp,
//   reap      = the IO's done stamp - the last request's block_rq_complete.
// p50/p90/p99 and mean of each, µs, per mode and engine: recorded-qd, fixed-qd 1 polling for
// completions and sleeping for them (--reap wait), fixed-qd QD. The trace prints µs rounded to the
// nearest: each figure is good to half a µs. Flushes, and IOs the kernel shows no request of, are left out.
//   java -cp replayer-cli/target/sbench.jar:benchmark-core/target/test-classes bench/StampGap.java TRACE.sbt DEVICE [QD]
// Build first: mvn -B -ntp -o -q -pl replayer-cli -am package -DskipTests; mvn -B -ntp -o -q -pl benchmark-core test-compile
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.sbench.record.RequestCapture.Request;
import org.sbench.replay.KernelReplay;
import org.sbench.replay.ReplaySettings;
import org.sbench.replay.StampingEngine;

public class StampGap {
    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            System.err.println("usage: StampGap TRACE.sbt DEVICE [QD]");
            System.exit(2);
        }
        Path trace = Path.of(args[0]);
        String device = args[1];
        int qd = args.length > 2 ? Integer.parseInt(args[2]) : 32;
        String disk = Path.of(device).getFileName().toString();
        System.out.println("| run | IOs paired | hand-over µs p50 / p90 / p99 (mean) | reap µs p50 / p90 / p99 (mean) |");
        System.out.println("|---|---|---|---|");
        for (String engine : List.of("io_uring", "libaio", "sync")) {
            ReplaySettings s = ReplaySettings.DEFAULTS.withEngine(engine);
            row("recorded-qd, " + engine, KernelReplay.run(trace, device, List.of(disk), s));
            row("fixed-qd 1, " + engine, KernelReplay.run(trace, device, List.of(disk), s.withFixedQd(1)));
            row("fixed-qd 1, " + engine + ", --reap wait",
                    KernelReplay.run(trace, device, List.of(disk), s.withFixedQd(1).withPollCompletions(false)));
            row("fixed-qd " + qd + ", " + engine, KernelReplay.run(trace, device, List.of(disk), s.withFixedQd(qd)));
        }
    }

    private static void row(String label, KernelReplay.Replayed got) {
        List<Long> handOver = new ArrayList<>();
        List<Long> reap = new ArrayList<>();
        for (int k = 0; k < got.stamped().size(); k++) {
            StampingEngine.Stamped s = got.stamped().get(k);
            List<Request> made = got.made().get(k);
            if (!s.op().transfersData() || made.isEmpty()) {
                continue;
            }
            long firstIssueNs = made.stream().mapToLong(Request::issueUs).min().getAsLong() * 1000;
            long lastCompleteNs = made.stream().mapToLong(Request::completeUs).max().getAsLong() * 1000;
            handOver.add(firstIssueNs - s.submitNs());
            reap.add(s.doneNs() - lastCompleteNs);
        }
        System.out.println("| " + label + " | " + handOver.size() + " | " + spread(handOver) + " | " + spread(reap) + " |");
    }

    /** {@code p50 / p90 / p99 (mean)} of {@code ns}, in µs. */
    private static String spread(List<Long> ns) {
        if (ns.isEmpty()) {
            return "-";
        }
        long[] sorted = ns.stream().mapToLong(Long::longValue).sorted().toArray();
        double mean = Arrays.stream(sorted).average().getAsDouble();
        return String.format(Locale.ROOT, "%.1f / %.1f / %.1f (%.1f)", at(sorted, 0.50), at(sorted, 0.90), at(sorted, 0.99), mean / 1e3);
    }

    private static double at(long[] sorted, double q) {
        return sorted[(int) Math.min(sorted.length - 1, Math.floor(q * sorted.length))] / 1e3;
    }
}
