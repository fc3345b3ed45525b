// What a trace's process-name table costs the .sbt writer (sbench record's, convert's): the heap it
// holds while writing (used heap after a full GC, before and after the records) and the file's
// size, for N records of which DISTINCT carry different names ("p1000000", "p1000001", ...; a
// kernel comm is at most 15 bytes). Run with the runnable jar on the classpath:
//   java -cp replayer-cli/target/sbench.jar bench/ProcessNames.java N DISTINCT OUT.sbt
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import org.sbench.trace.Field;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.format.sbt.SbtWriter;

public class ProcessNames {
    public static void main(String[] args) throws Exception {
        int n = Integer.parseInt(args[0]);
        int distinct = Integer.parseInt(args[1]);
        Path out = Path.of(args[2]);
        SbtWriter w = new SbtWriter(out, new TraceInfo("tracefs", EnumSet.of(Field.COMPLETE, Field.QD, Field.PROCESS),
                Map.of(), List.of()));
        IoRecord r = new IoRecord();
        long before = usedHeap();
        for (int i = 0; i < n; i++) {
            r.clear();
            r.issueNs = i * 1000L;
            r.completeNs = r.issueNs + 500;
            r.offsetBytes = 4096L * i;
            r.lengthBytes = 4096;
            r.op = Op.READ;
            r.qd = 1;
            r.process = "p" + (1_000_000 + i % distinct);
            w.write(r);
        }
        long grown = usedHeap() - before;
        w.finish();
        System.out.printf("%,d records, %,d names: heap %+,d bytes (%.0f a name), file %,d bytes%n", n, distinct, grown,
                grown / (double) distinct, Files.size(out));
    }

    private static long usedHeap() {
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        Runtime rt = Runtime.getRuntime();
        return rt.totalMemory() - rt.freeMemory();
    }
}
