package org.sbench.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;

class AtomicTextFileTest {
    @Test
    void aBodyMayCloseItsStream(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("out.txt");
        AtomicTextFile.writeStream(file, out -> {
            out.write("complete".getBytes(StandardCharsets.UTF_8));
            out.close();
        });
        assertEquals("complete", Files.readString(file));
    }

    @Test
    void aFailedBodyLeavesNoFileAndNamesItsCause(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("out.txt");
        SbenchException e = assertThrows(SbenchException.class, () -> AtomicTextFile.write(file, w -> {
            w.write("half");
            throw new IOException("No space left on device");
        }));
        assertEquals(ErrorKind.SYSTEM_FAILURE, e.kind());
        assertEquals("cannot write " + file + ": No space left on device", e.getMessage());
        try (var files = Files.list(dir)) {
            assertEquals(0, files.count(), "neither the file nor its temporary");
        }
    }

    @Test
    void aFailureThatAPrintStreamSwallowedIsKeptWithItsCause() {
        IOException full = new IOException("No space left on device");
        BodyStream body = new BodyStream(new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw full;
            }
        });
        PrintStream print = new PrintStream(body, false, StandardCharsets.UTF_8);
        print.print("lost");
        print.flush();
        assertTrue(print.checkError(), "the PrintStream saw only that something failed");
        assertSame(full, assertThrows(IOException.class, body::finish));
    }
}
