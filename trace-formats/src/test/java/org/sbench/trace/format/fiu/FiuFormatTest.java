package org.sbench.trace.format.fiu;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.sbench.trace.format.FormatSamples.head;

import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.sbench.trace.format.FormatSamples;
import org.sbench.trace.input.TraceHead;

class FiuFormatTest {
    private final FiuFormat format = new FiuFormat();

    @ParameterizedTest
    @ValueSource(strings = {
        "1000000500 4211 nfsd 2048 8 W 8 1 0a1b2c3d4e5f60718293a4b5c6d7e8f9\n"
            + "1000000100 4211 nfsd 4096 16 R 8 1 00000000000000000000000000000000\n"
            + "1000001000 900 Web Content 10 8 R 253 0 0123456789ABCDEF0123456789abcdef\n",
        "1000000900\t77\tkjournald\t123456\t8\tW\t8\t17\tffffffffffffffffffffffffffffffff\n",
    })
    void acceptsOwnSamples(String sample) {
        assertTrue(format.sniff(head(sample)));
    }

    @ParameterizedTest
    @MethodSource("otherFormats")
    void rejectsOtherFormats(String sample) {
        assertFalse(format.sniff(head(sample)));
    }

    static Stream<String> otherFormats() {
        return Stream.concat(FormatSamples.otherThan("fiu"), Stream.of(
                // one FIU-looking line is not enough when the next is not
                "1000000500 4211 nfsd 2048 8 W 8 1 0a1b2c3d4e5f60718293a4b5c6d7e8f9\n1 2 3\n",
                // no MD5
                "1000000500 4211 nfsd 2048 8 W 8 1 notadigest\n"));
    }

    @Test
    void rejectsBinaryAndEmpty() {
        assertFalse(format.sniff(new TraceHead(new byte[] {0x65, 0x61, 0x74, 0x07, 0, 0, 0, 0})));
        assertFalse(format.sniff(new TraceHead(new byte[0])));
    }
}
