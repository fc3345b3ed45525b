// The one rule for a read or write of 0 bytes, in every format that can say one.
package org.sbench.trace.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.sbench.trace.TestRecords.readAll;
import static org.sbench.trace.format.FormatSamples.write;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;
import org.sbench.trace.RequestAccounts;
import org.sbench.trace.TraceReader;
import org.sbench.trace.input.ReadOptions;

/**
 * A read or write of 0 bytes moves no data: the UMass SPC traces (Financial, WebSearch) hold such
 * records, and a kernel's block events can show one. Every reader leaves it out and counts it as a
 * request of another kind spanning 0 bytes, as the block-event readers count a request without
 * data; it is neither an IO nor a bad record. A trim of 0 bytes trims nothing and stays a bad record.
 */
class ZeroLengthRequestsTest {
    private static final String MD5 = "0123456789abcdef0123456789abcdef";
    private static final String ETW_HEADER = "BeginHeader\nDiskRead, TimeStamp, Process Name ( PID), ThreadID, IrpPtr,"
            + " ByteOffset, IOSize, ElapsedTime, DiskNum\nEndHeader\n";

    @TempDir
    Path dir;

    /** Each format with a trace of a read of 0 bytes, then a write of 0 bytes, then a read of 4096 bytes. */
    static Stream<Arguments> tracesWithEmptyRequests() {
        return Stream.of(
                Arguments.of("spc", "0,8,0,r,0.001\n0,8,0,W,0.0015\n0,16,4096,r,0.002\n"),
                Arguments.of("msr", "128166400000000000,hm,0,Read,4096,0,10\n128166400000000001,hm,0,Write,4096,0,10\n"
                        + "128166400000000002,hm,0,Read,8192,4096,10\n"),
                Arguments.of("alibaba", "0,R,4096,0,1577808000000001\n0,W,4096,0,1577808000000002\n0,R,8192,4096,1577808000000003\n"),
                Arguments.of("tencent", "1538400000,8,0,0,1\n1538400000,8,0,1,1\n1538400001,16,8,0,1\n"),
                Arguments.of("fiu", "1000 1 p 8 0 R 8 0 " + MD5 + "\n1001 1 p 8 0 W 8 0 " + MD5 + "\n2000 1 p 16 8 R 8 0 " + MD5 + "\n"),
                Arguments.of("systor", "Timestamp,Response,IOType,LUN,Offset,Size\n1.0,0.1,R,0,4096,0\n1.5,0.1,W,0,4096,0\n"
                        + "2.0,0.1,R,0,8192,4096\n"),
                Arguments.of("fio", "fio version 3 iolog\n0 a add\n10 a read 4096 0\n15 a write 4096 0\n20 a read 8192 4096\n"),
                Arguments.of("etw", ETW_HEADER + "DiskRead, 100, a.exe (1), 2, 0xff, 0x1000, 0x0, 5, 0\n"
                        + "DiskWrite, 150, a.exe (1), 2, 0xff, 0x1000, 0x0, 5, 0\n"
                        + "DiskRead, 200, a.exe (1), 2, 0xff, 0x2000, 0x1000, 5, 0\n"),
                Arguments.of("blkparse", "  8,0 1 1 0.000001000 1 D R 8 + 0 [a]\n  8,0 1 2 0.000001500 1 D W 8 + 0 [a]\n"
                        + "  8,0 1 3 0.000002000 1 D R 16 + 8 [a]\n"),
                Arguments.of("tracefs", "dd-100 [001] d..1. 5120.000001: block_rq_issue: 8,0 R 0 () 8 + 0 [dd]\n"
                        + "dd-100 [001] d..1. 5120.0000015: block_rq_issue: 8,0 W 0 () 8 + 0 [dd]\n"
                        + "dd-100 [001] d..1. 5120.000002: block_rq_issue: 8,0 R 4096 () 16 + 8 [dd]\n"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("tracesWithEmptyRequests")
    void aReadOrWriteOfNoBytesIsLeftOutAndCounted(String format, String text) throws Exception {
        Path file = write(dir, text);
        try (TraceReader reader = TraceFormats.standard().open(file, format, ReadOptions.DEFAULTS)) {
            List<IoRecord> records = readAll(reader);
            assertEquals(1, records.size(), records.toString());
            assertEquals(Op.READ, records.get(0).op);
            assertEquals(4096, records.get(0).lengthBytes);
            assertEquals(0, reader.skippedRecords(), "not bad records");
            RequestAccounts.Counts counts = RequestAccounts.Counts.of(reader);
            assertEquals(2, counts.otherRequests());
            assertEquals(0, counts.otherRequestBytes());
        }
    }

    @Test
    void aTraceWithoutOneCarriesNoCounts() throws Exception {
        Path file = write(dir, "0,16,4096,r,0.002\n");
        try (TraceReader reader = TraceFormats.standard().open(file, "spc", ReadOptions.DEFAULTS)) {
            readAll(reader);
            assertNull(RequestAccounts.Counts.of(reader), "a text trace of IOs alone has no requests to account for");
        }
    }

    @Test
    void aTrimOfNoBytesIsStillABadRecord() throws Exception {
        Path file = write(dir, "fio version 3 iolog\n0 a add\n10 a trim 4096 0\n");
        FormatSamples.assertEachRefused(TraceFormats.standard().byName("fio"),
                ":3: expected a positive length for a trim, found '10 a trim 4096 0'", file);
    }
}
