// What the distinct-block footprint holds on the heap, as it counts it (its budget's measure) and
// as the JVM reports it (used heap after a full GC, before and after), for a generated pattern of
// IOs and a budget so large that nothing spills. Run with the runnable jar on the classpath:
//   java -cp replayer-cli/target/sbench.jar bench/FootprintMemory.java PATTERN N
// PATTERN: scatter (4 KiB reads of one stream, 4 KiB-aligned, uniform below 2^62), streams (one
// 4 KiB read in each of N streams), msr (4 streams in turn, 4-32 KiB, uniform over 256 GiB each).
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.reflect.Field;
import java.nio.file.Path;
import java.util.Random;
import org.sbench.trace.stats.BlockFootprint;

public class FootprintMemory {
    public static void main(String[] args) throws ReflectiveOperationException {
        String pattern = args[0];
        int n = Integer.parseInt(args[1]);
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        System.gc();
        long before = memory.getHeapMemoryUsage().getUsed();
        BlockFootprint footprint = new BlockFootprint(1L << 40, Path.of(System.getProperty("java.io.tmpdir")));
        Random rnd = new Random(1);
        for (int i = 0; i < n; i++) {
            switch (pattern) {
                case "scatter":
                    footprint.add(0, (rnd.nextLong() >>> 14) << 12, 4096);
                    break;
                case "streams":
                    footprint.add(i, (long) rnd.nextInt(1 << 20) << 12, 4096);
                    break;
                case "msr":
                    footprint.add(i & 3, (long) rnd.nextInt(1 << 26) << 12, 4096L * (1 + rnd.nextInt(8)));
                    break;
                default:
                    throw new IllegalArgumentException("pattern: scatter, streams or msr");
            }
        }
        System.gc();
        long taken = memory.getHeapMemoryUsage().getUsed() - before;
        // The footprint's own count of what it holds, which its budget bounds.
        Field held = BlockFootprint.class.getDeclaredField("held");
        held.setAccessible(true);
        System.out.printf("%s n=%d counted=%.1f MiB taken=%.1f MiB distinct=%d%n", pattern, n,
                held.getLong(footprint) / 1048576.0, taken / 1048576.0, footprint.distinctBlocks());
    }
}
