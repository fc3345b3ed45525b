import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * How much of the time a thread that never sleeps loses to the machine (jHiccup's idea, in one
 * file): spins for SECONDS reading System.nanoTime() and counts every gap between two reads of at
 * least 5 µs, by size, with the CPU steal time the kernel reports over the same seconds (in spins of
 * 0.4 s with 0.1 s of sleep between, so that a real-time thread is not throttled). Run under
 * `chrt -f 50 taskset -c N` it measures what no process on that CPU can avoid (interrupts, the
 * hypervisor running another guest); at normal priority it adds the scheduler's preemptions by
 * other threads. The share of time in gaps of 100 µs or more bounds what a timed replay can meet:
 * an IO due inside such a gap is that late whatever the replayer does.
 * Usage: java bench/Hiccups.java [SECONDS]
 */
public final class Hiccups {
    /** Spins this long, then sleeps {@link #PAUSE_MS}: a real-time thread that never slept would be throttled 50 ms a second. */
    private static final long SPIN_NS = 400_000_000L;
    private static final long PAUSE_MS = 100;
    /** Lower edges of the gap sizes counted; the last counts everything from it up. */
    private static final long[] EDGES_US = {5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000};

    public static void main(String[] args) throws Exception {
        double seconds = args.length > 0 ? Double.parseDouble(args[0]) : 10;
        for (long warm = System.nanoTime() + 200_000_000L; System.nanoTime() < warm; ) {
            Thread.onSpinWait();
        }
        long[] count = new long[EDGES_US.length];
        long[] lostNs = new long[EDGES_US.length];
        long steal0 = stealTicks();
        long spunNs = 0;
        long wall0 = System.nanoTime();
        while (spunNs < seconds * 1e9) {
            long start = System.nanoTime();
            long end = start + SPIN_NS;
            long prev = start;
            long now;
            while ((now = System.nanoTime()) < end) {
                long gap = now - prev;
                if (gap >= 5_000) {
                    int b = 0;
                    while (b + 1 < EDGES_US.length && gap >= EDGES_US[b + 1] * 1_000) {
                        b++;
                    }
                    count[b]++;
                    lostNs[b] += gap;
                }
                prev = now;
            }
            spunNs += now - start;
            Thread.sleep(PAUSE_MS);
        }
        double wallS = spunNs / 1e9;
        long stealTicks = stealTicks() - steal0;
        System.out.printf(Locale.ROOT, "spun %.1f s (in %.1f s); CPU steal over all CPUs meanwhile %.2f s (kernel's /proc/stat)%n",
                wallS, (System.nanoTime() - wall0) / 1e9, stealTicks / 100.0);
        System.out.println("gap          count   per s   time lost   share of time");
        long over100 = 0;
        for (int b = 0; b < EDGES_US.length; b++) {
            if (count[b] == 0) {
                continue;
            }
            if (EDGES_US[b] >= 100) {
                over100 += lostNs[b];
            }
            String range = b + 1 == EDGES_US.length ? ">= " + EDGES_US[b] + " us" : EDGES_US[b] + "-" + EDGES_US[b + 1] + " us";
            System.out.printf(Locale.ROOT, "%-12s %6d %7.1f %9.2f ms %8.3f%%%n", range, count[b], count[b] / wallS, lostNs[b] / 1e6,
                    100 * lostNs[b] / 1e9 / wallS);
        }
        System.out.printf(Locale.ROOT, "in gaps of 100 us or more: %.3f%% of the time%n", 100 * over100 / 1e9 / wallS);
    }

    /** Steal time of all CPUs in USER_HZ ticks (the 8th number of /proc/stat's cpu line); 0 elsewhere. */
    private static long stealTicks() throws Exception {
        Path stat = Path.of("/proc/stat");
        if (!Files.isReadable(stat)) {
            return 0;
        }
        String[] f = Files.readAllLines(stat).get(0).trim().split("\\s+");
        return f.length > 8 ? Long.parseLong(f[8]) : 0;
    }
}
