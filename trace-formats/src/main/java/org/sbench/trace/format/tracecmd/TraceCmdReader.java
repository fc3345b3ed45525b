// IOs of a trace-cmd trace.dat: its CPUs' events in time order, paired as tracefs events are.
package org.sbench.trace.format.tracecmd;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.sbench.SbenchException;
import org.sbench.trace.ForwardingTraceReader;
import org.sbench.trace.Progress;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.TraceReader;
import org.sbench.trace.format.tracefs.TracefsEventReader;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.input.TraceInput;

/**
 * Reads a trace.dat: its metadata ({@link TraceDat}), its CPUs' events merged by time
 * ({@link CpuMerge}) and paired by a {@link TracefsEventReader} as the tracefs text reader pairs its
 * lines. Times are the trace clock's ns; the clock is in the metadata as {@code clock}. An input that cannot be read at
 * its offsets as it is, a pipe or a compressed file, is read once into a {@link DatSpool} and read from there; a compressed
 * file's copy is taken from the command's {@link DatCopies} when it has them. Not thread-safe.
 */
final class TraceCmdReader extends ForwardingTraceReader {
    /** Metadata key: the trace clock the events were timed with. */
    static final String CLOCK = "clock";
    private final CpuMerge merge;
    /** The copy read, closed with this reader; null for a plain file read where it is or a copy the {@link DatCopies} hold. */
    private final DatSpool spool;

    private TraceCmdReader(TraceReader events, CpuMerge merge, DatSpool spool) {
        super(events);
        this.merge = merge;
        this.spool = spool;
    }

    /**
     * Reads {@code input}, copied first into {@code tempDir} when it is a pipe or compressed: a compressed local file's copy
     * taken from {@code copies} (made there by the first reading), or, without them (null), made for this reading alone.
     */
    static TraceReader open(TraceInput input, ReadOptions options, Path tempDir, DatCopies copies) {
        if (input.rereadable() && !input.compressed()) {
            return open(input, plainSize(input), options, options.progress(), null);
        }
        if (copies != null && input.rereadable() && input.path() != null) {
            DatCopies.Copy copy = copies.of(input, tempDir);
            // A copy made earlier was not read by this reading: the progress counts the copy's bytes as they are read.
            Progress progress = copy.made() ? Progress.NONE : options.progress();
            return open(copy.spool().input(input.displayName()), copy.spool().size(), options, progress, null);
        }
        // The copy's stream reports the input's bytes (compressed bytes of a compressed file) to the progress as it reads them.
        DatSpool spool = DatSpool.copy(input, tempDir);
        try {
            return open(spool.input(input.displayName()), spool.size(), options, Progress.NONE, spool);
        } catch (RuntimeException e) {
            spool.close();
            throw e;
        }
    }

    private static TraceReader open(TraceInput input, long fileBytes, ReadOptions options, Progress progress, DatSpool spool) {
        TraceDat dat = TraceDat.read(input);
        CpuMerge merge = new CpuMerge(dat, input, fileBytes, progress);
        TraceInfo info = TracefsEventReader.info(TraceCmdFormat.NAME);
        if (dat.clock != null) {
            info = info.withMetadata(CLOCK, dat.clock);
        }
        return new TraceCmdReader(TracefsEventReader.ofFile(merge, dat.file, info, options), merge, spool);
    }

    /** The size of a local file, whose CPU data can be checked against it before reading; -1 otherwise. */
    private static long plainSize(TraceInput input) {
        if (input.path() == null || !Files.isRegularFile(input.path())) {
            return -1;
        }
        try {
            return Files.size(input.path());
        } catch (IOException e) {
            throw SbenchException.ioFailure("read", input.path(), e);
        }
    }

    @Override
    public void close() {
        super.close();
        merge.close();
        if (spool != null) {
            spool.close();
        }
    }
}
