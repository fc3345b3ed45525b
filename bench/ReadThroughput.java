// Measures how fast sbench reads a trace: the format's raw reader alone, and the full opening
// pipeline (sort when needed, rebase, recorded QD). Run with the runnable jar on the classpath:
//   java -Xmx256m -cp replayer-cli/target/sbench.jar bench/ReadThroughput.java FILE [FORMAT] [REPEATS]
// Prints one line per measurement; the best of REPEATS runs is reported, per second of wall time
// and per second of the reading thread's CPU time (which other load on the machine disturbs less).
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import org.sbench.trace.IoRecord;
import org.sbench.trace.TraceReader;
import org.sbench.trace.format.TraceFormat;
import org.sbench.trace.format.TraceFormats;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.input.TraceInput;

public class ReadThroughput {
    public static void main(String[] args) {
        Path file = Path.of(args[0]);
        String from = args.length > 1 && !args[1].equals("-") ? args[1] : null;
        int repeats = args.length > 2 ? Integer.parseInt(args[2]) : 3;
        TraceFormats formats = TraceFormats.standard();
        TraceFormat format = from == null ? formats.detect(TraceInput.of(file)) : formats.byName(from);
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        double bestRaw = 0;
        double bestPipeline = 0;
        double bestRawCpu = 0;
        double bestPipelineCpu = 0;
        long records = 0;
        for (int i = 0; i < repeats; i++) {
            long t0 = System.nanoTime();
            long c0 = threads.getCurrentThreadCpuTime();
            records = drain(format.openReader(TraceInput.of(file), ReadOptions.DEFAULTS));
            bestRaw = Math.max(bestRaw, records / ((System.nanoTime() - t0) / 1e9));
            bestRawCpu = Math.max(bestRawCpu, records / ((threads.getCurrentThreadCpuTime() - c0) / 1e9));
            t0 = System.nanoTime();
            c0 = threads.getCurrentThreadCpuTime();
            drain(formats.open(file, format.name(), ReadOptions.DEFAULTS));
            bestPipeline = Math.max(bestPipeline, records / ((System.nanoTime() - t0) / 1e9));
            bestPipelineCpu = Math.max(bestPipelineCpu, records / ((threads.getCurrentThreadCpuTime() - c0) / 1e9));
        }
        long peakHeap = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                peakHeap += pool.getPeakUsage().getUsed();
            }
        }
        System.out.printf("%s format=%s records=%d raw=%.2fM rec/s pipeline=%.2fM rec/s rawCpu=%.2fM rec/cpu-s"
                + " pipelineCpu=%.2fM rec/cpu-s peakHeapSumOfPools=%.1f MiB maxHeap=%.0f MiB%n",
                file.getFileName(), format.name(), records, bestRaw / 1e6, bestPipeline / 1e6, bestRawCpu / 1e6,
                bestPipelineCpu / 1e6, peakHeap / 1048576.0, Runtime.getRuntime().maxMemory() / 1048576.0);
    }

    private static long drain(TraceReader reader) {
        long n = 0;
        IoRecord r = new IoRecord();
        try (reader) {
            while (reader.next(r)) {
                n++;
            }
        }
        return n;
    }
}
