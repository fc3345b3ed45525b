// Measures how fast sbench reads a trace: the format's raw reader alone, the full opening
// pipeline (sort when needed, rebase, recorded QD) as replay opens it (its sort spills when its
// memory fills), and what inspect and convert (to .sbt) do on top of it, opening the file as they
// do (TraceFormats.read: the sort streams, and reads the file again only if it is more out of order
// than the sort's memory). Run with the runnable jar on the classpath:
//   java -Xmx256m -cp replayer-cli/target/sbench.jar bench/ReadThroughput.java FILE [FORMAT] [REPEATS]
// Prints one line per measurement; the best of REPEATS runs is reported, per second of wall time
// and per second of the reading thread's CPU time (which other load on the machine disturbs less).
// A round of the four stages runs first and is not counted: in a fresh JVM the first stage runs
// C1's code until C2 has compiled the reader, which takes longer the busier the machine (raw stage
// of a 2 M-record MSR file: 2.9-12.6 M rec/cpu-s on a JVM's first pass, a median of 14.5 on its
// later ones; bench/RESULTS.md, "The raw stage's first pass").
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.LongSupplier;
import org.sbench.trace.IoRecord;
import org.sbench.trace.TraceReader;
import org.sbench.trace.convert.ConvertSettings;
import org.sbench.trace.convert.TraceConverter;
import org.sbench.trace.format.TraceFormat;
import org.sbench.trace.format.TraceFormats;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.input.TraceInput;
import org.sbench.trace.stats.SequentialWindow;
import org.sbench.trace.stats.TraceInspector;

public class ReadThroughput {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    /** The best rates of one stage over the repeats, records per wall second and per CPU second of this thread. */
    private static final class Best {
        double wall;
        double cpu;
        long records;

        void measure(LongSupplier stage) {
            long t0 = System.nanoTime();
            long c0 = THREADS.getCurrentThreadCpuTime();
            records = stage.getAsLong();
            wall = Math.max(wall, records / ((System.nanoTime() - t0) / 1e9));
            cpu = Math.max(cpu, records / ((THREADS.getCurrentThreadCpuTime() - c0) / 1e9));
        }

        void reset() {
            wall = 0;
            cpu = 0;
        }
    }

    public static void main(String[] args) throws IOException {
        Path file = Path.of(args[0]);
        String from = args.length > 1 && !args[1].equals("-") ? args[1] : null;
        int repeats = args.length > 2 ? Integer.parseInt(args[2]) : 3;
        TraceFormats formats = TraceFormats.standard();
        TraceFormat format = from == null ? formats.detect(TraceInput.of(file)) : formats.byName(from);
        TraceFormat sbt = formats.byName("sbt");
        Path converted = Files.createTempFile("read-throughput-", ".sbt");
        Best raw = new Best();
        Best pipeline = new Best();
        Best inspect = new Best();
        Best convert = new Best();
        try {
            // Round 0 warms the JIT up and is not counted.
            for (int i = 0; i <= repeats; i++) {
                if (i == 1) {
                    List.of(raw, pipeline, inspect, convert).forEach(Best::reset);
                }
                raw.measure(() -> drain(format.openReader(TraceInput.of(file), ReadOptions.DEFAULTS)));
                pipeline.measure(() -> drain(open(formats, file, format)));
                inspect.measure(() -> formats.read(file, format.name(), ReadOptions.DEFAULTS, ReadOptions.DEFAULTS,
                        reader -> TraceInspector.inspect(reader, SequentialWindow.DEFAULT_WINDOW).records()));
                convert.measure(() -> formats.read(file, format.name(), ReadOptions.DEFAULTS, ReadOptions.DEFAULTS,
                        reader -> TraceConverter.convert(reader, sbt, converted, ConvertSettings.ALL).written()));
            }
        } finally {
            Files.deleteIfExists(converted);
        }
        long peakHeap = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                peakHeap += pool.getPeakUsage().getUsed();
            }
        }
        System.out.printf("%s format=%s records=%d raw=%.2fM rec/s pipeline=%.2fM rec/s rawCpu=%.2fM rec/cpu-s"
                + " pipelineCpu=%.2fM rec/cpu-s inspect=%.2fM rec/s inspectCpu=%.2fM rec/cpu-s convert=%.2fM rec/s"
                + " convertCpu=%.2fM rec/cpu-s peakHeapSumOfPools=%.1f MiB maxHeap=%.0f MiB%n",
                file.getFileName(), format.name(), raw.records, raw.wall / 1e6, pipeline.wall / 1e6, raw.cpu / 1e6,
                pipeline.cpu / 1e6, inspect.wall / 1e6, inspect.cpu / 1e6, convert.wall / 1e6, convert.cpu / 1e6,
                peakHeap / 1048576.0, Runtime.getRuntime().maxMemory() / 1048576.0);
    }

    private static TraceReader open(TraceFormats formats, Path file, TraceFormat format) {
        return formats.open(file, format.name(), ReadOptions.DEFAULTS);
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
