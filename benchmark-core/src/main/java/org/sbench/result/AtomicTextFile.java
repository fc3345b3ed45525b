package org.sbench.result;

import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.nio.file.Path;

/** A single output file that appears only when complete ({@link OutputFiles} of one). */
public final class AtomicTextFile {
    /** Writes the body of a UTF-8 text file; the writer is buffered by the caller as it needs. */
    public interface Body {
        void write(Writer out) throws IOException;
    }

    /** Writes the bytes of a file; closing the stream only flushes it. */
    public interface StreamBody {
        void write(OutputStream out) throws IOException;
    }

    private AtomicTextFile() {
    }

    public static void write(Path file, Body body) {
        try (OutputFiles files = new OutputFiles()) {
            files.write(file, body);
            files.commit();
        }
    }

    /** Writes {@code file}; any failed write fails it, also one a {@code PrintStream} in the body swallowed. */
    public static void writeStream(Path file, StreamBody body) {
        try (OutputFiles files = new OutputFiles()) {
            files.writeStream(file, body);
            files.commit();
        }
    }
}
