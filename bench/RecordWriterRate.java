// Records a second that sbench record's output side (RecordingWriter: streams, QD, the .sbt writer, the
// space kept allocated ahead of it) takes, with no tracefs: N paired 4 KiB IOs of one disk, 3 process
// names, written to OUT.sbt and finished; ROUNDS rounds in one JVM, the first to warm it up.
// RecordingWriter is package-private: reached through a private lookup (the jar is an unnamed module).
// Run with the runnable jar on the classpath:
//   java -cp replayer-cli/target/sbench.jar bench/RecordWriterRate.java N ROUNDS OUT.sbt
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;

public class RecordWriterRate {
    private static final int DEV = 8 << 20;
    private static final String[] PROCESSES = {"fio", "kworker/1:1H", "jbd2/sda1-8"};

    public static void main(String[] args) throws Throwable {
        long n = Long.parseLong(args[0]);
        int rounds = Integer.parseInt(args[1]);
        Path out = Path.of(args[2]);
        Class<?> deviceClass = Class.forName("org.sbench.record.RecordedDevice");
        Class<?> selectionClass = Class.forName("org.sbench.record.DeviceSelection");
        Class<?> writerClass = Class.forName("org.sbench.record.RecordingWriter");
        MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(writerClass, MethodHandles.lookup());
        Object device = deviceClass.getConstructors()[0].newInstance(0, "/dev/sda", "sda", "sda", DEV, "8:0", false, 0L,
                1L << 40, 1L << 40);
        MethodHandle selection = MethodHandles.privateLookupIn(selectionClass, MethodHandles.lookup())
                .findConstructor(selectionClass, MethodType.methodType(void.class, List.class));
        MethodHandle make = lookup.findConstructor(writerClass, MethodType.methodType(void.class, Path.class, selectionClass, Map.class));
        MethodHandle accept = lookup.findVirtual(writerClass, "accept", MethodType.methodType(void.class, IoRecord.class));
        MethodHandle finish = lookup.findVirtual(writerClass, "finish", MethodType.methodType(void.class, long.class, Map.class));
        MethodHandle close = lookup.findVirtual(writerClass, "close", MethodType.methodType(void.class));
        for (int round = 1; round <= rounds; round++) {
            Object w = make.invoke(out, selection.invoke(List.of(device)), Map.of("name", "rate"));
            IoRecord r = new IoRecord();
            long start = System.nanoTime();
            for (long i = 0; i < n; i++) {
                r.clear();
                r.issueNs = 1_000_000_000L + i * 1000;
                r.completeNs = r.issueNs + 500;
                r.stream = DEV;
                r.offsetBytes = (i * 4096) & ((1L << 40) - 1);
                r.lengthBytes = 4096;
                r.op = (i & 3) == 0 ? Op.WRITE : Op.READ;
                r.process = PROCESSES[(int) (i % PROCESSES.length)];
                accept.invoke(w, r);
            }
            finish.invoke(w, 0L, Map.of("record.complete", "true"));
            long ns = System.nanoTime() - start;
            close.invoke(w);
            System.out.printf("round %d: %,d records in %.3f s: %,.0f records/s, file %,d bytes%n", round, n, ns / 1e9,
                    n * 1e9 / ns, Files.size(out));
        }
    }
}
