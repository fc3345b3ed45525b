// The recorder's rules that need no kernel: who may record, how mark names are stored.
package org.sbench.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;

class TraceRecorderTest {
    @Test
    void onlyRootRecords() {
        TraceRecorder.requireRoot(0);
        SbenchException e = assertThrows(SbenchException.class, () -> TraceRecorder.requireRoot(1000));
        assertEquals(ErrorKind.SYSTEM_FAILURE, e.kind());
        assertEquals("sbench record needs root: it reads the kernel's block events through tracefs; run it with sudo", e.getMessage());
    }

    @Test
    void markNamesAreOneTrimmedLineOfLimitedLength() {
        assertEquals("boot done", TraceRecorder.markName("  boot done\n", 1));
        assertEquals("a b", TraceRecorder.markName("a\tb", 1));
        assertEquals("mark 3", TraceRecorder.markName(" \n", 3));
        assertEquals(TraceRecorder.MAX_MARK_CHARS, TraceRecorder.markName("x".repeat(500), 1).length());
    }

    @Test
    void aMarkNameIsCutBetweenCharactersNotInsideOne() {
        String emoji = "\uD83D\uDE00";
        String cut = "a".repeat(TraceRecorder.MAX_MARK_CHARS - 1);
        assertEquals(cut, TraceRecorder.markName(cut + emoji + "tail", 1), "an emoji that does not fit is left out whole");
        assertEquals(cut + "b", TraceRecorder.markName(cut + "b" + emoji, 1));
        assertEquals("\u00e9t\u00e9 " + emoji, TraceRecorder.markName("\u00e9t\u00e9 " + emoji, 1));
    }

    @Test
    void markBeforeStartIsIgnored() {
        try (TraceRecorder r = new TraceRecorder(RecordSettings.of(List.of("/dev/null"), Path.of("t.sbt")))) {
            assertEquals(null, r.mark("early"));
        }
    }

    @Test
    void settingsRefuseWhatCannotWork() {
        assertEquals("name at least one --device to record",
                assertThrows(SbenchException.class, () -> RecordSettings.of(List.of(), Path.of("t.sbt"))).getMessage());
        RecordSettings s = RecordSettings.of(List.of("/dev/sdz"), Path.of("t.sbt"));
        assertEquals("--buffer-kb must be at least 64, found 63", assertThrows(SbenchException.class, () -> s.withBufferKb(63)).getMessage());
        assertEquals(RecordSettings.DEFAULT_BUFFER_KB, s.bufferKb());
        assertEquals(RecordSettings.UNTIL_STOPPED, s.durationNs());
    }
}
