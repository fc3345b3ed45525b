package org.sbench.result;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.sbench.SbenchException;
import org.sbench.trace.input.AtomicFileOutput;

/** Writes a {@link ReplayResult} as JSON atomically, and reads one back (for report and compare). */
public final class JsonResults {
    private final ObjectMapper mapper = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    public String toJson(ReplayResult result) {
        try {
            return mapper.writeValueAsString(result);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("result not serialisable", e);
        }
    }

    /** Writes {@code result} to {@code file}; the file appears only when complete. */
    public void write(ReplayResult result, Path file) {
        try (AtomicFileOutput out = new AtomicFileOutput(file)) {
            OutputStream s = Channels.newOutputStream(out.channel());
            mapper.writeValue(new java.io.FilterOutputStream(s) {
                @Override
                public void close() {
                    // The channel is committed by AtomicFileOutput, not closed by Jackson.
                }
            }, result);
            out.commit();
        } catch (IOException e) {
            throw SbenchException.ioFailure("write", file, e);
        }
    }

    public ReplayResult read(Path file) {
        try {
            return mapper.readValue(file.toFile(), ReplayResult.class);
        } catch (NoSuchFileException | java.io.FileNotFoundException e) {
            throw SbenchException.badInput(file.toString(), "no such file");
        } catch (IOException e) {
            String msg = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage().split("\n")[0];
            throw SbenchException.badInput(file.toString(), "not an sbench result: " + msg);
        }
    }
}
