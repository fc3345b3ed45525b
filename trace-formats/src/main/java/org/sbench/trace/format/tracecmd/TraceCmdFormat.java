// trace-cmd's binary trace.dat (trace-cmd record -e block:block_rq_issue -e block:block_rq_complete): recognition and opening.
package org.sbench.trace.format.tracecmd;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import org.sbench.trace.TraceReader;
import org.sbench.trace.format.TraceFormat;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.input.TraceHead;
import org.sbench.trace.input.TraceInput;

/**
 * A trace.dat of trace-cmd, versions 6 and 7 ({@link TraceDat}, {@link TraceCmdReader}); one from a pipe or compressed is
 * copied, decompressed, into a temporary directory to be read, a compressed file once for all the readings of a command
 * given {@link DatCopies}. Immutable and thread-safe.
 */
public final class TraceCmdFormat implements TraceFormat {
    static final String NAME = "trace-cmd";
    private static final byte[] MAGIC = TraceDat.MAGIC.getBytes(StandardCharsets.ISO_8859_1);
    private final Path tempDir;
    /** Where each compressed file's one copy is kept; null: each reading makes its own. */
    private final DatCopies copies;

    /** Copies go to {@code java.io.tmpdir}, one for each reading. */
    public TraceCmdFormat() {
        this(Path.of(System.getProperty("java.io.tmpdir")));
    }

    /** Copies go to {@code tempDir}, one for each reading. */
    public TraceCmdFormat(Path tempDir) {
        this(tempDir, null);
    }

    /** Copies go to {@code tempDir}; a compressed file's one copy kept in {@code copies} for all its readings (null: one a reading). */
    public TraceCmdFormat(Path tempDir, DatCopies copies) {
        this.tempDir = tempDir;
        this.copies = copies;
    }

    @Override
    public String name() {
        return NAME;
    }

    /** Yes when the file starts with trace-cmd's magic, {@code \x17\x08\x44tracing}. */
    @Override
    public boolean sniff(TraceHead head) {
        byte[] b = head.bytes();
        return b.length >= MAGIC.length && Arrays.equals(b, 0, MAGIC.length, MAGIC, 0, MAGIC.length);
    }

    @Override
    public TraceReader openReader(TraceInput input, ReadOptions options) {
        return TraceCmdReader.open(input, options, tempDir, copies);
    }
}
