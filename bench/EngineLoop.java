// Measures an IO engine's own cost: a closed loop of 4 KiB reads at a fixed queue depth, reporting
// IOs/s and heap bytes allocated per IO by the replay thread (should be ~0). With FILE, reads go to
// that file (created at 64 MiB if missing, O_DIRECT); without, the null engine runs. Run with:
//   java -cp benchmark-core/target/classes:trace-formats/target/classes:$JNA_JAR \
//        bench/EngineLoop.java ENGINE [FILE] [DEPTH] [SECONDS]
// Prints one line per run; the first second is warm-up and not counted.
import com.sun.management.ThreadMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.sbench.engine.CompletionSink;
import org.sbench.engine.IoEngine;
import org.sbench.engine.IoEngines;
import org.sbench.engine.IoSlot;
import org.sbench.engine.linux.LibC;
import org.sbench.engine.linux.Syscalls;
import org.sbench.replay.NanoClock;
import org.sbench.target.Target;
import org.sbench.trace.Op;

public class EngineLoop {
    static final long FILE_BYTES = 64L << 20;
    static final int IO_BYTES = 4096;

    public static void main(String[] args) throws Exception {
        String engineName = args[0];
        String file = args.length > 1 && !args[1].equals("-") ? args[1] : null;
        int depth = args.length > 2 ? Integer.parseInt(args[2]) : 32;
        double seconds = args.length > 3 ? Double.parseDouble(args[3]) : 3;
        Target target = file == null ? new BenchTarget("null", null, -1) : openFile(file);
        IoEngines.Opened opened = IoEngines.open(engineName, target, depth, IO_BYTES, NanoClock.SYSTEM);
        try (IoEngine engine = opened.engine()) {
            Loop loop = new Loop(engine, target.capacityBytes());
            loop.run((long) 1e9);
            ThreadMXBean mx = (ThreadMXBean) ManagementFactory.getThreadMXBean();
            long tid = Thread.currentThread().getId();
            long bytes0 = mx.getThreadAllocatedBytes(tid);
            long t0 = System.nanoTime();
            long ios = loop.run((long) (seconds * 1e9));
            double elapsed = (System.nanoTime() - t0) / 1e9;
            long allocated = mx.getThreadAllocatedBytes(tid) - bytes0;
            System.out.printf("engine=%s%s depth=%d ios=%d rate=%.2fM IOs/s allocatedPerIo=%.3f B hugePageBytes=%d%n",
                    engine.name(), opened.fallbackReason().isEmpty() ? "" : " (" + opened.fallbackReason() + ")",
                    depth, ios, ios / elapsed / 1e6, (double) allocated / ios, engine.hugePageBytes());
        } finally {
            target.close();
        }
    }

    /** Keeps every slot busy with reads at pseudo-random aligned offsets. */
    static final class Loop implements CompletionSink {
        final IoEngine engine;
        final long blocks;
        long x = 88172645463325252L;
        long completed;

        Loop(IoEngine engine, long capacityBytes) {
            this.engine = engine;
            this.blocks = capacityBytes / IO_BYTES;
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
                engine.reap(1, -1, this);
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

    static Target openFile(String file) throws Exception {
        Path p = Path.of(file);
        boolean created = Files.notExists(p);
        int fd = LibC.open(file, LibC.O_RDWR | LibC.O_CREAT | LibC.O_DIRECT | LibC.O_CLOEXEC, LibC.MODE_0644);
        if (created) {
            LibC.fallocate(fd, 0, 0, FILE_BYTES);
        }
        return new BenchTarget("file", file, fd);
    }

    record BenchTarget(String kind, String path, int fd) implements Target {
        public long capacityBytes() {
            return path == null ? FILE_BYTES : Math.max(IO_BYTES, new java.io.File(path).length());
        }
        public int logicalBlockSize() { return 4096; }
        public int physicalBlockSize() { return 4096; }
        public Map<String, String> describe() { return Map.of(); }
        public int discard(long offsetBytes, long lengthBytes) {
            return Syscalls.fallocate(fd, LibC.FALLOC_FL_PUNCH_HOLE | LibC.FALLOC_FL_KEEP_SIZE, offsetBytes, lengthBytes);
        }
        public int flush() { return Syscalls.fdatasync(fd); }
        public void close() {
            if (fd >= 0) {
                LibC.close(fd);
            }
        }
    }
}
