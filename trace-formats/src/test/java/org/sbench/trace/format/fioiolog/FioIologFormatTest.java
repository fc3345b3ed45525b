package org.sbench.trace.format.fioiolog;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.sbench.trace.format.FormatSamples.head;

import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.sbench.trace.format.FormatSamples;
import org.sbench.trace.input.TraceHead;

class FioIologFormatTest {
    private final FioIologFormat format = new FioIologFormat();

    @ParameterizedTest
    @ValueSource(strings = {
        "fio version 2 iolog\n/dev/sdb add\n/dev/sdb open\n/dev/sdb write 0 4096\n/dev/sdb wait 10 0\n/dev/sdb close\n",
        "fio version 3 iolog\n0 /dev/sdb add\n0 /dev/sdb open\n5 /dev/sdb read 0 4096\n9 /dev/sdb close\n",
        "fio version 3 iolog\n",
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
        return Stream.concat(FormatSamples.otherThan("fio"), Stream.of(
                "fio version 1 iolog\n",
                "fio version 3 iolog\nthis line has far too many fields to be an iolog line\n"));
    }

    @org.junit.jupiter.api.Test
    void rejectsBinary() {
        assertFalse(format.sniff(new TraceHead(new byte[] {0x65, 0x61, 0x74, 0x07, 0, 0, 0, 0})));
    }
}
