// Samples of every text format for the formats' tests: hand-written lines, fixture files, files to write.
package org.sbench.trace.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.sbench.trace.TestRecords;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.input.TraceHead;

/**
 * Samples of each text format, keyed by format name, so that every format's sniff can be shown
 * to refuse all the others: detection takes the first format that says yes. A format has several
 * samples where tests of different formats wrote it differently (spacing, a header, more lines).
 */
public final class FormatSamples {
    private static final Map<String, List<String>> BY_FORMAT = Map.ofEntries(
            Map.entry("msr", List.of(
                    "128166400000000000,hm,1,Read,3154137088,4096,8921\n128166399999876543,hm,0,Write,0,65536,120453\n",
                    "128166372003061629,hm,1,Read,3154137088,4096,8921\n128166372016382155,hm,1,Write,0,512,1331\n",
                    "128166372003061629,hm,1,Read,383496192,32768,1561\n128166372016382155,hm,1,Write,3694133248,4096,1497\n")),
            Map.entry("spc", List.of(
                    "0,121344,4096,w,0.000000\n1,20480,8192,R,0.013250\n0,5040,512,r,0.020041,extra\n",
                    "0,121344,4096,w,0.000000\n1,20480,8192,R,0.013250\n0, 5040, 512, r, 0.020041\n",
                    "0,20941264,8192,W,0.551706\n0,20939840,8192,W,0.554041\n",
                    "0,20941264,8192,W,0.551706\n0,20939840,8192,W,0.554041\n1,3436288,15872,r,1.011732\n")),
            Map.entry("blkparse", List.of(
                    "  8,0    1        1     0.000000000  4162  Q  WS 3417048 + 8 [jbd2/sda1-8]\n"
                            + "  8,0    1        2     0.000001000  4162  D  WS 3417048 + 8 [jbd2/sda1-8]\n",
                    "  8,0    1        1     0.000000000  4162  Q  WS 3417048 + 8 [jbd2/sda1-8]\n"
                            + "  8,0    1        2     0.000001000  4162  D  WS 3417048 + 8 [jbd2/sda1-8]\n"
                            + "  8,0    0        3     0.000301000     0  C  WS 3417048 + 8 [0]\n",
                    "  8,0    3        1     0.000000000  4162  Q  WS 3417048 + 8 [kjournald]\n"
                            + "  8,0    3        2     0.000001000  4162  D  WS 3417048 + 8 [kjournald]\n")),
            Map.entry("tracefs", List.of(
                    "  kworker/0:1H-123   [000] d..1  1234.567890: block_rq_issue: 8,0 W 4096 () 2048 + 8 [kworker/0:1H]\n",
                    "  kworker/0:1H-123   [000] d..1.  1234.567890: block_rq_issue: 8,0 W 4096 () 2048 + 8 [kworker/0:1H]\n",
                    "# tracer: nop\n#\n"
                            + "  kworker/0:1H-123   [000] d..1.  1234.567890: block_rq_issue: 8,0 W 4096 () 2048 + 8 [kworker/0:1H]\n"
                            + "          <idle>-0     [000] ..s1.  1234.568000: block_rq_complete: 8,0 W () 2048 + 8 [0]\n",
                    "  kworker/0:1-42    [000] ....  1234.567890: block_rq_issue: 8,0 W 4096 () 2048 + 8 [kworker/0:1]\n")),
            Map.entry("fio", List.of(
                    "fio version 2 iolog\n/dev/sdb add\n/dev/sdb open\n/dev/sdb write 0 4096\n",
                    "fio version 3 iolog\n0 /dev/sdb add\n0 /dev/sdb open\n10 /dev/sdb read 4096 4096\n",
                    "fio version 3 iolog\n0 /dev/sdb add\n0 /dev/sdb open\n5 /dev/sdb read 0 4096\n")),
            Map.entry("alibaba", List.of(
                    "3,W,40960000,8192,1577808012345678\n0,R,1048576,4096,1577808012346000\n",
                    "419,R,126703644672,4096,1577808000000048\n",
                    "419,R,126703644672,4096,1577808000000048\n419,W,126703648768,8192,1577808000000090\n")),
            Map.entry("tencent", List.of(
                    "1538400000,20971520,16,1,2301\n1538400000,2048,8,0,2301\n",
                    "1538323200,12345678,8,0,1063\n",
                    "1538323200,12345678,8,0,1063\n1538323200,12345686,8,1,1063\n")),
            Map.entry("fiu", List.of(
                    "5000123456789 4321 cp 1024 8 W 8 0 0123456789abcdef0123456789abcdef\n",
                    "5000123456789 4321 cp 1024 8 W 8 0 0123456789abcdef0123456789abcdef\n"
                            + "5000123456999 4321 cp 1032 8 W 8 0 0123456789abcdef0123456789abcdef\n",
                    "1000000500 4211 nfsd 2048 8 W 8 1 0a1b2c3d4e5f60718293a4b5c6d7e8f9\n")),
            Map.entry("etw", List.of(
                    "BeginHeader\nDiskRead, TimeStamp, Process Name ( PID), ThreadID, IrpPtr, ByteOffset,"
                            + " IOSize, ElapsedTime, DiskNum\nEndHeader\nDiskRead, 1000, System (4), 8, 0xffff, 0x1000, 0x1000, 120, 0\n",
                    "BeginHeader\n  DiskRead,  TimeStamp,  Process Name ( PID)\nEndHeader\n",
                    "DiskRead, 2000, a.exe (1), 2, 0xfffffa8003a1b010, 0x10000, 0x1000, 250, 0, 0x60043, 240, 2, Original, 0x1,"
                            + " \"C:\\x\"\n")),
            Map.entry("systor", List.of(
                    "Timestamp,Response,IOType,LUN,Offset,Size\n1456200000.000125000,0.000412000,W,3,52613349376,8192\n",
                    "Timestamp,Response,IOType,LUN,Offset,Size\n1456135200.013118000,0.000434000,R,4,3515457536,4096\n")),
            Map.entry("csv", List.of(
                    "issue_ns,complete_ns,offset,length,op,stream,qd,process\n0,1000,4096,4096,R,0,1,postgres\n",
                    "issue_ns,complete_ns,offset,length,op,stream,qd,process\n0,1000,0,4096,R,0,1,foo\n")));

    private FormatSamples() {
    }

    /** Every sample of every format but {@code format}. */
    public static Stream<String> otherThan(String format) {
        return BY_FORMAT.entrySet().stream()
                .filter(e -> !e.getKey().equals(format))
                .flatMap(e -> e.getValue().stream());
    }

    /** Asserts that {@code format} sniffs no sample of another format as its own. */
    public static void assertOtherFormatsRejected(TraceFormat format) {
        BY_FORMAT.forEach((name, samples) -> {
            if (!name.equals(format.name())) {
                samples.forEach(sample -> assertFalse(format.sniff(head(sample)), name + " sample: " + sample));
            }
        });
    }

    /**
     * Asserts that text format {@code format} sniffs as its own no sample of another format, no
     * empty head and no binary one (a blktrace file's first bytes).
     */
    public static void assertOthersEmptyAndBinaryRejected(TraceFormat format) {
        assertOtherFormatsRejected(format);
        assertFalse(format.sniff(head("")), "empty");
        assertFalse(format.sniff(new TraceHead(new byte[] {0x65, 0x61, 0x74, 0x07, 0, 0, 0, 1})), "binary");
    }

    /** The head detection would see of a file holding {@code text}. */
    public static TraceHead head(String text) {
        return new TraceHead(text.getBytes(StandardCharsets.UTF_8));
    }

    /** A new file in {@code dir} holding {@code text}, for a test to read as a trace. */
    public static Path write(Path dir, String text) throws IOException {
        Path file = Files.createTempFile(dir, "trace", ".txt");
        Files.writeString(file, text, StandardCharsets.UTF_8);
        return file;
    }

    /** Asserts that {@code format} refuses each of {@code files} in one line: the file's name, then {@code message}. */
    public static void assertEachRefused(TraceFormat format, String message, Path... files) {
        for (Path file : files) {
            TestRecords.assertBadInput(file + message, format, file);
        }
    }

    /** Asserts that {@code format} reads each of {@code texts}, written to a file in {@code dir}, as a trace of no IO. */
    public static void assertEachReadsAsNoIo(TraceFormat format, Path dir, String... texts) throws IOException {
        for (String text : texts) {
            assertEquals(List.of(), TestRecords.readAll(format, write(dir, text), ReadOptions.DEFAULTS), text);
        }
    }

    /** A fixture file, named by its path below {@code org/sbench/trace/format/} in the test resources. */
    public static Path fixture(String path) throws URISyntaxException {
        return Path.of(FormatSamples.class.getResource(path).toURI());
    }
}
