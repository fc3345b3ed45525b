package org.sbench.trace.format;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.sbench.trace.input.TraceHead;
import org.sbench.trace.input.TraceInput;

/** Every format's fixture is detected as that format by the whole ordered list, not by another. */
class DetectionTest {
    static Stream<Arguments> fixtures() {
        return Stream.of(
                Arguments.of("alibaba/io_traces-sample.csv", "alibaba"),
                Arguments.of("alibaba/io_traces-published.csv", "alibaba"),
                Arguments.of("blkparse/two-disks.txt", "blkparse"),
                Arguments.of("blkparse/mid-flight.txt", "blkparse"),
                Arguments.of("tracefs/trace.txt", "tracefs"),
                Arguments.of("tracefs/perf-script.txt", "tracefs"),
                Arguments.of("etw/dump-cpu.txt", "etw"),
                Arguments.of("etw/dump.txt", "etw"),
                Arguments.of("etw/rows-only.txt", "etw"),
                Arguments.of("fioiolog/v2.iolog", "fio"),
                Arguments.of("fioiolog/v3.iolog", "fio"),
                Arguments.of("fiu/homes-sample.txt", "fiu"),
                Arguments.of("msr/hm_1.csv", "msr"),
                Arguments.of("spc/Financial-sample.spc", "spc"),
                Arguments.of("systor/2016022310-LUN3.csv", "systor"),
                Arguments.of("tencent/cbs-sample.csv", "tencent"),
                Arguments.of("tracecmd/v7zstd.dat", "trace-cmd"),
                Arguments.of("tracecmd/v6.dat.gz", "trace-cmd"));
    }

    @ParameterizedTest
    @MethodSource("fixtures")
    void detectsEachFixture(String resource, String format) throws URISyntaxException {
        Path file = Path.of(DetectionTest.class.getResource("/org/sbench/trace/format/" + resource).toURI());
        assertEquals(format, TraceFormats.standard().detect(TraceInput.of(file)).name());
    }

    /**
     * A DOS tool's Ctrl-Z after the last line end is the file's end, not text: it counted against the printable share,
     * and a one-line SPC trace so ended (16 bytes, one not printable) was "not a trace format sbench recognises".
     */
    @Test
    void aCtrlZEndingAShortFileIsNoBinaryByte() {
        byte[] dos = "0,8,4096,r,0.5\r\n\u001a".getBytes(StandardCharsets.US_ASCII);
        assertEquals("spc", TraceFormats.standard().recognise(new TraceHead(dos)).map(TraceFormat::name).orElse("none"));
    }
}
