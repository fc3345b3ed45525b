// Measures what reading a pipe costs sbench apart from parsing: a path that is not a regular file
// (a FIFO, /dev/stdin) opened as readers open it (TraceInput.of: the pipe read on a thread of its own,
// PipeStream, then buffered and sniffed), drained 64 KiB a read. Prints bytes, wall seconds and the
// process's CPU seconds (all threads: the reading thread's too) from the open to the end. Run with the
// runnable jar on the classpath, the pipe as stdin:
//   java -cp replayer-cli/target/sbench.jar bench/PipeCost.java /dev/stdin < <(cat f f f)
import com.sun.management.OperatingSystemMXBean;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import org.sbench.trace.input.TraceInput;

public class PipeCost {
    public static void main(String[] args) throws Exception {
        OperatingSystemMXBean os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        long cpu0 = os.getProcessCpuTime();
        long wall0 = System.nanoTime();
        long bytes = 0;
        byte[] buffer = new byte[64 * 1024];
        try (InputStream in = TraceInput.of(Path.of(args[0])).openStream()) {
            for (int n; (n = in.read(buffer)) > 0; ) {
                bytes += n;
            }
        }
        System.out.printf("%d bytes %.3f s wall %.3f s cpu%n", bytes, (System.nanoTime() - wall0) / 1e9,
                (os.getProcessCpuTime() - cpu0) / 1e9);
    }
}
