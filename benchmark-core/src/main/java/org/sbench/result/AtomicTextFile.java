package org.sbench.result;

import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.channels.Channels;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.sbench.SbenchException;
import org.sbench.trace.input.AtomicFileOutput;

/** A text file written through {@link AtomicFileOutput}: it appears only when complete. */
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
        writeStream(file, s -> {
            Writer w = new OutputStreamWriter(s, StandardCharsets.UTF_8);
            body.write(w);
            w.flush();
        });
    }

    /** Writes {@code file}; any failed write fails it, also one a {@code PrintStream} in the body swallowed. */
    public static void writeStream(Path file, StreamBody body) {
        try (AtomicFileOutput out = new AtomicFileOutput(file)) {
            BodyStream s = new BodyStream(Channels.newOutputStream(out.channel()));
            body.write(s);
            s.finish();
            out.commit();
        } catch (IOException e) {
            throw SbenchException.ioFailure("write", file, e);
        }
    }
}
