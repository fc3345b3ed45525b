package org.sbench.trace.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.sbench.trace.TestRecords.readAll;
import static org.sbench.trace.format.FormatSamples.write;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.sbench.trace.IoRecord;
import org.sbench.trace.input.ReadOptions;

/**
 * The formats whose comma-separated columns a header names pass over blank lines, {@code #}
 * comments and the header line in any case, wherever they stand, and read the lines between as
 * they read them alone.
 */
class CsvColumnsFormatsTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "alibaba|device_id,opcode,offset,length,timestamp|7,W,1073750016,8192,1577808000001234",
        "msr|Timestamp,Hostname,DiskNumber,Type,Offset,Size,ResponseTime|128166372003061629,hm,1,Read,3154137088,4096,8921",
        "systor|Timestamp,Response,IOType,LUN,Offset,Size|1456200000.000125000,0.000412000,W,3,52613349376,8192",
        "tencent|Timestamp,Offset,Size,IOType,VolumeID|1538323200,20971520,16,1,2301",
    })
    void blankCommentAndHeaderLinesArePassedOver(String name, String header, String line) throws IOException {
        TraceFormat format = TraceFormats.standard().byName(name);
        List<IoRecord> plain = readAll(format, write(dir, line + "\n" + line + "\n"), ReadOptions.DEFAULTS);
        Path dressed = write(dir, header + "\n\n# a comment\n" + line + "\n  \n" + header.toUpperCase(Locale.ROOT) + "\n" + line + "\n");
        assertEquals(2, plain.size());
        assertEquals(plain, readAll(format, dressed, ReadOptions.DEFAULTS));
    }
}
