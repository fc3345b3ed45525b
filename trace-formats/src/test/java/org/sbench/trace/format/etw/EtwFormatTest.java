package org.sbench.trace.format.etw;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.sbench.trace.format.FormatSamples;
import org.sbench.trace.input.TraceHead;

class EtwFormatTest {
    private final EtwFormat format = new EtwFormat();

    @ParameterizedTest
    @ValueSource(strings = {"dump.txt", "dump-cpu.txt", "rows-only.txt"})
    void acceptsOwnSamples(String resource) throws Exception {
        byte[] bytes = Files.readAllBytes(Path.of(getClass().getResource(resource).toURI()));
        assertTrue(format.sniff(new TraceHead(bytes)));
    }

    @ParameterizedTest
    @MethodSource("otherFormats")
    void rejectsOtherFormats(String sample) {
        assertFalse(format.sniff(new TraceHead(sample.getBytes(StandardCharsets.UTF_8))));
    }

    static Stream<String> otherFormats() {
        return Stream.concat(FormatSamples.otherThan("etw"), Stream.of(
                // disk rows followed by another event in a dump cut without its header
                "DiskRead, 2000, a.exe (1), 2, 0x10, 0x10000, 0x1000, 250, 0, 0x60043\n"
                    + "FileIoRead, 2100, a.exe (1), 2, 0x10, 0x20, 0x0, 0x1000, 0x0, 0x0, 2, \"C:\\x\"\n",
                // DiskReadInit is not a disk IO row
                "DiskReadInit, 1500, a.exe (1), 2, 0xfffffa8003a1b010, 0, 0, 0\n"));
    }

    @Test
    void rejectsBinary() {
        assertFalse(format.sniff(new TraceHead(new byte[] {0x65, 0x61, 0x74, 0x07, 0, 0, 0, 0})));
    }
}
