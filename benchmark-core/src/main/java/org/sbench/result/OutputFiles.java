package org.sbench.result;

import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.channels.Channels;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sbench.SbenchException;
import org.sbench.target.OutputSetLock;
import org.sbench.trace.input.AtomicFileOutput;

/**
 * The output files of one command, which appear together or not at all: each is written in full
 * to a temporary file ({@link AtomicFileOutput}) as it is added, and {@link #commit()} moves them
 * all into place once every one is complete. Closing without a commit deletes every temporary file,
 * so a write that fails (a full disk) leaves none of the set behind. The moves hold the lock of the set's
 * directories ({@link OutputSetLock}): of two commands writing one set at once, the set moved last is
 * there whole. Not thread-safe.
 */
public final class OutputFiles implements AutoCloseable {
    private final List<AtomicFileOutput> outputs = new ArrayList<>();
    /** Runs after each file is moved into place: tests widen the window between moves with it. */
    private final Runnable afterMove;
    private boolean committed;

    public OutputFiles() {
        this(() -> { });
    }

    OutputFiles(Runnable afterMove) {
        this.afterMove = afterMove;
    }

    /** Adds {@code file}, a UTF-8 text written by {@code body} (buffered by the body as it needs). */
    public void write(Path file, AtomicTextFile.Body body) {
        writeStream(file, s -> {
            Writer w = new OutputStreamWriter(s, StandardCharsets.UTF_8);
            body.write(w);
            w.flush();
        });
    }

    /** Adds {@code file}; any failed write fails it, also one a {@code PrintStream} in the body swallowed. */
    public void writeStream(Path file, AtomicTextFile.StreamBody body) {
        AtomicFileOutput out = new AtomicFileOutput(file);
        outputs.add(out);
        try {
            BodyStream s = new BodyStream(Channels.newOutputStream(out.channel()));
            body.write(s);
            s.finish();
            out.prepare();
        } catch (IOException e) {
            throw SbenchException.ioFailure("write", file, e);
        }
    }

    /**
     * Moves every file into place: first those written through (standard output, a FIFO, a device), which cannot be taken
     * back, so that a file is moved in only when they were written (standard output on a full disk left --out's file).
     */
    public void commit() {
        for (AtomicFileOutput out : outputs) {
            out.prepare();
        }
        for (AtomicFileOutput out : outputs) {
            if (out.directory().isEmpty()) {
                out.commit();
            }
        }
        Map<Path, Path> byDirectory = new LinkedHashMap<>();
        outputs.forEach(out -> out.directory().ifPresent(dir -> byDirectory.putIfAbsent(dir, out.target())));
        long moved = outputs.stream().filter(out -> out.directory().isPresent()).count();
        // One file needs no lock: its rename replaces it whole.
        try (OutputSetLock lock = OutputSetLock.of(moved > 1 ? byDirectory : Map.of())) {
            for (AtomicFileOutput out : outputs) {
                if (out.directory().isPresent()) {
                    out.commit();
                    afterMove.run();
                }
            }
        }
        committed = true;
    }

    @Override
    public void close() {
        if (!committed) {
            for (AtomicFileOutput out : outputs) {
                out.close();
            }
        }
    }
}
