package org.sbench.trace.format;

import java.nio.file.Path;
import java.util.List;
import org.sbench.SbenchException;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.TraceReader;
import org.sbench.trace.TraceWriter;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.input.TraceHead;
import org.sbench.trace.input.TraceInput;

/**
 * One trace format: how to recognise it, read it and, where supported, write it. Implementations
 * are stateless and thread-safe; each open reader or writer is single-threaded.
 */
public interface TraceFormat {

    /** The word users type ({@code --from msr}). */
    String name();

    /**
     * True if {@code head} (the decompressed first bytes of a file) is this format. Must be strict
     * enough that no other format's sample matches: detection takes the first format that says yes.
     */
    boolean sniff(TraceHead head);

    /**
     * Opens a reader delivering records in file order with times on the source's clock (in ns); the
     * caller sorts, rebases and computes queue depth. Errors name {@code input}'s file and line or byte.
     */
    TraceReader openReader(TraceInput input, ReadOptions options);

    /** True if {@link #openWriter} is supported. */
    default boolean writes() {
        return false;
    }

    /** File name endings (without dot) that select this format for output, e.g. {@code sbt}. */
    default List<String> extensions() {
        return List.of();
    }

    /** Opens a writer whose output appears at {@code out} only on {@code finish()}. */
    default TraceWriter openWriter(Path out, TraceInfo info) {
        throw SbenchException.usage("format " + name() + " cannot be written; writable formats: sbt, csv, fio");
    }
}
