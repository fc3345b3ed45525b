package org.sbench.result;

import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.channels.Channels;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.sbench.SbenchException;
import org.sbench.trace.input.AtomicFileOutput;

/** A UTF-8 text file written through {@link AtomicFileOutput}: it appears only when complete. */
public final class AtomicTextFile {
    /** Writes the body of a text file; the writer is buffered by the caller as it needs. */
    public interface Body {
        void write(Writer out) throws IOException;
    }

    private AtomicTextFile() {
    }

    public static void write(Path file, Body body) {
        try (AtomicFileOutput out = new AtomicFileOutput(file)) {
            // Not closed: closing would close the channel that commit() forces and renames.
            Writer w = new OutputStreamWriter(Channels.newOutputStream(out.channel()), StandardCharsets.UTF_8);
            body.write(w);
            w.flush();
            out.commit();
        } catch (IOException e) {
            throw SbenchException.ioFailure("write", file, e);
        }
    }
}
