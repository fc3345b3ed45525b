// Measures IO engines' own cost: a closed loop of 4 KiB random reads at a fixed queue depth (as
// fixed-qd replay keeps it), reporting IOs/s, CPU time per IO (user + system of the loop's thread,
// and of the whole process, from /proc) and heap bytes allocated per IO by the loop's thread
// (should be ~0). Several engines run side by side in one JVM: each in turn for SECONDS, ROUNDS
// times, the order rotated every round, so the load of a shared machine falls on all of them
// alike; medians (min-max) over the rounds. With FILE (a file, created at 64 MiB if missing, or a
// block device; opened O_DIRECT) the reads cover all of it; with '-' the null engine runs.
//   java -cp replayer-cli/target/sbench.jar bench/EngineLoop.java ENGINE[,ENGINE...] [FILE|-] [DEPTH] [SECONDS] [ROUNDS] [REAP]
// REAP: wait (default: sleep in the kernel until one completes) or poll (reap without waiting and
// sched_yield when nothing completed, as --reap poll does). Each engine first runs 1 s of warm-up.
import com.sun.management.ThreadMXBean;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.sbench.engine.CompletionSink;
import org.sbench.engine.IoEngine;
import org.sbench.engine.IoEngines;
import org.sbench.engine.IoSlot;
import org.sbench.engine.linux.LibC;
import org.sbench.engine.linux.TargetCalls;
import org.sbench.replay.NanoClock;
import org.sbench.target.Target;
import org.sbench.trace.Op;

public class EngineLoop {
    static final long FILE_BYTES = 64L << 20;
    static final int IO_BYTES = 4096;
    static final long TICK_NS = 10_000_000L; // USER_HZ 100

    public static void main(String[] args) throws Exception {
        String[] engineNames = args[0].split(",");
        String file = args.length > 1 && !args[1].equals("-") ? args[1] : null;
        int depth = args.length > 2 ? Integer.parseInt(args[2]) : 32;
        double seconds = args.length > 3 ? Double.parseDouble(args[3]) : 3;
        int rounds = args.length > 4 ? Integer.parseInt(args[4]) : 1;
        boolean poll = args.length > 5 && args[5].equals("poll");
        Target target = file == null ? new BenchTarget("null", null, -1, FILE_BYTES) : openFile(file);
        ThreadMXBean mx = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        long tid = Thread.currentThread().getId();
        List<Loop> loops = new ArrayList<>();
        try {
            for (String name : engineNames) {
                IoEngines.Opened opened = IoEngines.open(name, target, depth, IO_BYTES, NanoClock.SYSTEM);
                Loop loop = new Loop(opened, target.capacityBytes(), poll);
                loops.add(loop);
                loop.run((long) 1e9);
            }
            for (int r = 0; r < rounds; r++) {
                for (int k = 0; k < loops.size(); k++) {
                    Loop l = loops.get((r + k) % loops.size());
                    long thread0 = ticks("/proc/thread-self/stat");
                    long process0 = ticks("/proc/self/stat");
                    long bytes0 = mx.getThreadAllocatedBytes(tid);
                    long t0 = System.nanoTime();
                    long ios = l.run((long) (seconds * 1e9));
                    double elapsed = (System.nanoTime() - t0) / 1e9;
                    long bytes = mx.getThreadAllocatedBytes(tid) - bytes0;
                    l.iops.add(ios / elapsed);
                    l.threadUs.add((ticks("/proc/thread-self/stat") - thread0) * TICK_NS / 1e3 / ios);
                    l.processUs.add((ticks("/proc/self/stat") - process0) * TICK_NS / 1e3 / ios);
                    l.allocated.add((double) bytes / ios);
                }
            }
            System.out.printf("load %s; %s, depth %d, 4 KiB random reads, reap %s, %d round(s) of %.2f s%n",
                    Files.readString(Path.of("/proc/loadavg")).trim(), file == null ? "null target" : file, depth,
                    poll ? "poll" : "wait", rounds, seconds);
            for (Loop l : loops) {
                IoEngine e = l.opened.engine();
                System.out.printf("engine=%s%s IOPS %.0f (%.0f-%.0f) thread CPU/IO %.2f us, process CPU/IO %.2f us, "
                                + "allocatedPerIo=%.3f B hugePageBytes=%d%n",
                        e.name(), l.opened.fallbackReason().isEmpty() ? "" : " (" + l.opened.fallbackReason() + ")",
                        median(l.iops), min(l.iops), max(l.iops), median(l.threadUs), median(l.processUs),
                        median(l.allocated), e.hugePageBytes());
            }
        } finally {
            for (Loop l : loops) {
                l.opened.engine().close();
            }
            target.close();
        }
    }

    /** utime + stime, in clock ticks, of the task whose /proc stat file this is. */
    static long ticks(String statFile) throws IOException {
        String s = Files.readString(Path.of(statFile));
        String[] f = s.substring(s.lastIndexOf(')') + 2).split(" ");
        return Long.parseLong(f[11]) + Long.parseLong(f[12]);
    }

    static double median(List<Double> v) {
        double[] a = v.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        return a.length % 2 == 1 ? a[a.length / 2] : (a[a.length / 2 - 1] + a[a.length / 2]) / 2;
    }

    static double min(List<Double> v) {
        return v.stream().mapToDouble(Double::doubleValue).min().orElse(0);
    }

    static double max(List<Double> v) {
        return v.stream().mapToDouble(Double::doubleValue).max().orElse(0);
    }

    /** Keeps every slot busy with reads at pseudo-random aligned offsets. */
    static final class Loop implements CompletionSink {
        final IoEngines.Opened opened;
        final IoEngine engine;
        final long blocks;
        final boolean poll;
        final List<Double> iops = new ArrayList<>();
        final List<Double> threadUs = new ArrayList<>();
        final List<Double> processUs = new ArrayList<>();
        final List<Double> allocated = new ArrayList<>();
        long x = 88172645463325252L;
        long completed;

        Loop(IoEngines.Opened opened, long capacityBytes, boolean poll) {
            this.opened = opened;
            this.engine = opened.engine();
            this.blocks = capacityBytes / IO_BYTES;
            this.poll = poll;
        }

        long run(long ns) {
            completed = 0;
            for (IoSlot s : engine.slots()) {
                fill(s);
                engine.submit(s);
            }
            engine.commit();
            long end = System.nanoTime() + ns;
            while (System.nanoTime() < end) {
                if (!poll) {
                    engine.reap(1, -1, this);
                } else if (engine.reap(0, 0, this) == 0) {
                    Thread.yield();
                }
                engine.commit();
            }
            while (engine.inFlight() > 0) {
                engine.reap(engine.inFlight(), -1, s -> { });
            }
            return completed;
        }

        @Override
        public void completed(IoSlot slot) {
            completed++;
            fill(slot);
            engine.submit(slot);
        }

        void fill(IoSlot s) {
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
            s.op = Op.READ;
            s.offsetBytes = Long.remainderUnsigned(x, blocks) * IO_BYTES;
            s.lengthBytes = IO_BYTES;
        }
    }

    /** The file or device, opened O_DIRECT; its size is where lseek puts the end (a device's too). */
    static Target openFile(String file) throws Exception {
        Path p = Path.of(file);
        boolean created = Files.notExists(p);
        int fd = LibC.open(file, LibC.O_RDWR | LibC.O_CREAT | LibC.O_DIRECT | LibC.O_CLOEXEC, LibC.MODE_0644);
        if (created) {
            LibC.fallocate(fd, 0, 0, FILE_BYTES);
        }
        return new BenchTarget("file", file, fd, Math.max(IO_BYTES, LibC.lseek(fd, 0, 2)));
    }

    record BenchTarget(String kind, String path, int fd, long capacityBytes) implements Target {
        public int logicalBlockSize() { return 4096; }
        public int physicalBlockSize() { return 4096; }
        public Map<String, String> describe() { return Map.of(); }
        public int discard(long offsetBytes, long lengthBytes) {
            return TargetCalls.fallocate(fd, LibC.FALLOC_FL_PUNCH_HOLE | LibC.FALLOC_FL_KEEP_SIZE, offsetBytes, lengthBytes);
        }
        public int flush() { return TargetCalls.fdatasync(fd); }
        public void close() {
            if (fd >= 0) {
                LibC.close(fd);
            }
        }
    }
}
