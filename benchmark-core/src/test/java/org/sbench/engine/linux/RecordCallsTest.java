package org.sbench.engine.linux;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;

class RecordCallsTest {
    @Test
    void aNonBlockingReadGivesWhatIsThereAndNothingWhenNothingIs(@TempDir Path dir) throws IOException, InterruptedException {
        Path fifo = dir.resolve("pipe");
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
        int fd = RecordCalls.openNonBlocking(fifo);
        try (var writer = Files.newOutputStream(fifo)) {
            byte[] buf = new byte[16];
            assertEquals(0, RecordCalls.readNow(fd, buf, fifo), "EAGAIN: nothing yet");
            writer.write("page".getBytes(StandardCharsets.US_ASCII));
            writer.flush();
            assertEquals(4, RecordCalls.readNow(fd, buf, fifo));
            assertArrayEquals("page".getBytes(StandardCharsets.US_ASCII), Arrays.copyOf(buf, 4));
        } finally {
            RecordCalls.close(fd, fifo);
        }
    }

    @Test
    void aReadThatFailsIsSaidNotTakenForNothingYet(@TempDir Path dir) {
        int fd = RecordCalls.openNonBlocking(dir);
        try {
            SbenchException e = assertThrows(SbenchException.class, () -> RecordCalls.readNow(fd, new byte[16], dir));
            assertEquals(ErrorKind.SYSTEM_FAILURE, e.kind());
            assertEquals("read failed on " + dir + ": " + Errno.describe(21), e.getMessage());
        } finally {
            RecordCalls.close(fd, dir);
        }
    }
}
