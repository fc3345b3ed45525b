package org.sbench.trace.format;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Path;
import java.util.function.IntFunction;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.sbench.trace.TestRecords;
import org.sbench.trace.TraceReader;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.input.TraceInput;

/**
 * Detection does not depend on line length: every text format is detected, and read, with its
 * lines as long as real ones get through the field that makes them long (FIU's content digests,
 * ETW's file names, host names, SPC's extra fields; a number written with leading zeros where the
 * only free text is a process name, which may be no longer than 256 bytes), from a few hundred
 * characters to lines longer than the 64 KiB detection starts with. Formats of numbers only (Alibaba, Tencent,
 * SYSTOR) have no such field; their lines are tested as real ones are, in the fixtures.
 */
class LongLineDetectionTest {
    private static final String MD5 = "0a1b2c3d4e5f60718293a4b5c6d7e8f9";

    /** Three IOs of the format with its long field {@code n} characters long. */
    static Stream<Arguments> formats() {
        IntFunction<String> fiuJoined = n -> fiu(MD5.repeat(n / MD5.length()));
        IntFunction<String> fiuSpaced = n -> fiu((MD5 + " ").repeat(n / (MD5.length() + 1)).strip());
        IntFunction<String> msr = n -> lines(i -> (128166372000000000L + i) + ",h" + "x".repeat(n) + ",1,Read," + 4096 * i
                + ",4096,8921");
        IntFunction<String> spc = n -> lines(i -> "0," + 8 * i + ",4096,w,0.00" + i + ",extra" + "9".repeat(n));
        IntFunction<String> blkparse = n -> lines(i -> "  8,0    1        " + (2 * i + 1) + "     0.00000" + i + "000  4162  D  WS "
                + "0".repeat(n) + 8 * i + " + 8 [kjournald]\n  8,0    0        " + (2 * i + 2) + "     0.00000" + i + "500     0  C  WS "
                + 8 * i + " + 8 [0]");
        IntFunction<String> tracefs = n -> lines(i -> "  kworker/0:1H-123   [000] d..1.  1234.56789" + i + ": block_rq_issue: 8,0 W 4096 () "
                + "0".repeat(n) + 8 * i + " + 8 be,0,4 [kworker/0:1H]\n          <idle>-0     [000] ..s1.  1234.56799" + i
                + ": block_rq_complete: 8,0 W () " + 8 * i + " + 8 be,0,4 [0]");
        IntFunction<String> etw = n -> "BeginHeader\nDiskRead, TimeStamp, Process Name ( PID), ThreadID, IrpPtr, ByteOffset, IOSize,"
                + " ElapsedTime, DiskNum, IrpFlags, FileName\nEndHeader\n"
                + lines(i -> "DiskRead, " + (1000 + i) + ", System (4), 8, 0xffff, 0x" + Integer.toHexString(4096 * i)
                        + ", 0x1000, 120, 0, 0x60043, \"C:\\" + "d".repeat(n) + "\"");
        IntFunction<String> fio = n -> "fio version 3 iolog\n0 /dev/" + "s".repeat(Math.min(n, 250)) + " add\n"
                + lines(i -> (10 + i) + " /dev/" + "s".repeat(Math.min(n, 250)) + " read " + 4096 * i + " 4096");
        IntFunction<String> csv = n -> "issue_ns,complete_ns,offset,length,op,stream,qd,process\n"
                + lines(i -> i + ",," + "0".repeat(n) + 4096 * i + ",4096,R,,,\"pr, o\"");
        Stream.Builder<Arguments> out = Stream.builder();
        for (int n : new int[] {300, 70_000}) {
            out.add(Arguments.of("fiu", n, fiuJoined));
            out.add(Arguments.of("fiu", n, fiuSpaced));
            out.add(Arguments.of("msr", n, msr));
            out.add(Arguments.of("spc", n, spc));
            out.add(Arguments.of("blkparse", n, blkparse));
            out.add(Arguments.of("tracefs", n, tracefs));
            out.add(Arguments.of("etw", n, etw));
            out.add(Arguments.of("fio", n, fio));
            out.add(Arguments.of("csv", n, csv));
        }
        return out.build();
    }

    private static String fiu(String digests) {
        return lines(i -> (1000000000L + i) + " 4211 nfsd " + 8 * i + " 8 W 8 1 " + digests);
    }

    private static String lines(IntFunction<String> line) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < 3; i++) {
            b.append(line.apply(i)).append('\n');
        }
        return b.toString();
    }

    @ParameterizedTest(name = "{0}, {1} characters")
    @MethodSource("formats")
    void longLinesAreDetectedAndRead(String format, int chars, IntFunction<String> sample, @TempDir Path dir) throws IOException {
        Path file = FormatSamples.write(dir, sample.apply(chars));
        TraceFormats formats = TraceFormats.standard();
        assertEquals(format, formats.detect(TraceInput.of(file)).name());
        try (TraceReader r = formats.open(file, null, ReadOptions.DEFAULTS)) {
            assertEquals(3, TestRecords.readAll(r).size());
        }
    }
}
