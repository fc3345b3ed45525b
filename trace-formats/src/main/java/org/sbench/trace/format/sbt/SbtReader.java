package org.sbench.trace.format.sbt;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sbench.SbenchException;
import org.sbench.trace.Field;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;
import org.sbench.trace.PhaseMarker;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.TraceReader;
import org.sbench.trace.input.BadRecordBudget;
import org.sbench.trace.input.ProcessNames;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.input.RecordChecks;
import org.sbench.trace.input.TraceInput;
import org.sbench.trace.sort.SpillSpace;

/**
 * Reads an .sbt file ({@link SbtLayout}): the header and the trailer (process names, phase markers)
 * at open, then records streamed from a reused buffer. Every inconsistency (wrong magic, unknown
 * version, record count beyond the file, out-of-order records in a file flagged ordered) is an
 * error naming the byte offset. A record that does not decode (an op code or process index out of
 * range) or fails {@link RecordChecks} is a bad record at its byte offset, skipped within the
 * {@code --skip-bad} allowance like a bad line of a text trace.
 */
final class SbtReader implements TraceReader {
    static final int DEFAULT_BUFFER_BYTES = 1 << 20;
    static final int MIN_BUFFER_BYTES = 1 << 12;
    private static final int MAX_METADATA_ENTRIES = 1 << 16;
    private static final byte[] NO_BYTES = {};

    private final TraceInput input;
    private final Chunked in;
    private final TraceInfo info;
    private final long recordCount;
    private final long recordEnd;
    private final boolean issueOrdered;
    private final ProcessTable table;
    /** The names by index; null when the records carry none and every name is one readers take (none is kept then). */
    private final ProcessNameCache processes;
    /** Whether the records carry their process names. */
    private final boolean names;
    private final BadRecordBudget budget;
    private final RecordChecks checks;
    private long processCount;
    private long recordsRead;
    private long lastIssueNs = Long.MIN_VALUE;

    SbtReader(TraceInput input, ReadOptions options, int bufferBytes) {
        this(input, options, bufferBytes, 0, Long.MAX_VALUE, SpillSpace.processNames(), NameMemory.TRACE, true);
    }

    /**
     * A reader of the records {@code firstRecord} to {@code firstRecord + maxRecords - 1} (those the file has), keeping
     * {@code memory} of the process names, the rest in {@code space}'s directory; without {@code names}, one whose records
     * carry no process and that keeps no names ({@link SbtFormat#openRecords}).
     */
    SbtReader(TraceInput input, ReadOptions options, int bufferBytes, long firstRecord, long maxRecords, SpillSpace space,
            NameMemory memory, boolean names) {
        if (firstRecord < 0 || maxRecords < 0) {
            throw new IllegalArgumentException("negative record range");
        }
        this.input = input;
        this.budget = options.newBudget();
        this.checks = options.recordChecks();
        if (!input.rereadable()) {
            throw SbenchException.badInput(input.displayName(), "an .sbt trace keeps its process names and phases after its"
                    + " records, so it cannot be read from a pipe; give the file itself (compressed, it is read as it is)");
        }
        this.table = new ProcessTable(space, input.displayName(), memory.tableBytes());
        this.in = new Chunked(input, input.openStream(), bufferBytes);
        try {
            byte[] magic = in.bytes(SbtLayout.MAGIC.length, "the .sbt magic");
            if (!Arrays.equals(magic, SbtLayout.MAGIC)) {
                throw SbenchException.badBytes(name(), 0, "the .sbt magic 89 53 42 54 0d 0a 1a 0a", "other bytes");
            }
            int version = in.u16("the format version");
            if (version != SbtLayout.VERSION) {
                throw SbenchException.badBytes(name(), 8, ".sbt version " + SbtLayout.VERSION, "version " + version
                        + " (written by another sbench: read it with that one, or convert it there to CSV)");
            }
            int headerFlags = in.u16("header flags");
            long recordsOffset = in.u32("the records offset");
            recordCount = in.i64("the record count");
            int fieldFlags = in.i32("field flags");
            long recordBytes = in.u32("the record size");
            long trailerOffset = in.i64("the trailer offset");
            if (recordBytes != SbtLayout.RECORD_BYTES) {
                throw SbenchException.badBytes(name(), 28, "record size " + SbtLayout.RECORD_BYTES, Long.toString(recordBytes));
            }
            // A count past what 63 bits of offset hold would wrap its size around to the true one.
            if (recordCount < 0 || recordCount > (Long.MAX_VALUE - recordsOffset) / SbtLayout.RECORD_BYTES
                    || trailerOffset != recordsOffset + recordCount * SbtLayout.RECORD_BYTES) {
                throw SbenchException.badBytes(name(), 16, "a record count matching the trailer offset (is the file complete?)",
                        recordCount + " records, trailer at " + trailerOffset);
            }
            String source = in.string("the source format");
            long entries = in.u32("the metadata count");
            if (entries > MAX_METADATA_ENTRIES) {
                throw SbenchException.badBytes(name(), in.position() - 4, "at most " + MAX_METADATA_ENTRIES + " metadata entries", Long.toString(entries));
            }
            Map<String, String> metadata = new LinkedHashMap<>();
            for (long i = 0; i < entries; i++) {
                metadata.put(in.string("a metadata key"), in.string("a metadata value"));
            }
            long first = Math.min(firstRecord, recordCount);
            recordEnd = first + Math.min(maxRecords, recordCount - first);
            recordsRead = first;
            issueOrdered = (headerFlags & SbtLayout.FLAG_ISSUE_ORDERED) != 0;
            if (issueOrdered && first > 0 && first < recordEnd) {
                // A range after the first checks its first record's order against the record before it, as one reader of the whole file does.
                in.skipTo(recordsOffset + (first - 1) * SbtLayout.RECORD_BYTES, "the record before the first");
                lastIssueNs = in.buffer().getLong(in.record() + SbtLayout.REC_ISSUE);
            }
            in.skipTo(recordsOffset + first * SbtLayout.RECORD_BYTES, "the first record");
            List<PhaseMarker> phases = new ArrayList<>();
            boolean tooLong = readTrailer(trailerOffset, phases, metadata, names);
            if (!names && tooLong) {
                // A record naming a name longer than readers take is bad, with or without names: that takes the lengths.
                try (Chunked t = new Chunked(input, input.openStream(), MIN_BUFFER_BYTES)) {
                    t.skipTo(trailerOffset + Integer.BYTES, "the process names");
                    readNames(t, true);
                }
            }
            processes = names || tooLong ? new ProcessNameCache(table, memory.cachedNames()) : null;
            this.names = names;
            EnumSet<Field> fields = EnumSet.noneOf(Field.class);
            for (Field f : Field.values()) {
                if ((fieldFlags & f.bit()) != 0) {
                    fields.add(f);
                }
            }
            info = new TraceInfo(source, fields, metadata, phases);
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    /**
     * Reads the process names into {@link #table} (with {@code keep}, else their count only), the longer than
     * {@link ProcessNames#MAX_NAME_BYTES} as their lengths only (a record naming one is bad), and the phases and trailer
     * metadata into {@code phases} and {@code metadata}; whether a name is longer than that.
     */
    private boolean readTrailer(long trailerOffset, List<PhaseMarker> phases, Map<String, String> metadata, boolean keep) {
        try (Chunked t = new Chunked(input, input.openStream(), MIN_BUFFER_BYTES)) {
            t.skipTo(trailerOffset, "the trailer");
            processCount = t.u32("the process count");
            if (processCount > recordCount) {
                throw SbenchException.badBytes(name(), trailerOffset, "at most one process name per record", processCount + " names");
            }
            boolean tooLong = readNames(t, keep);
            long m = t.u32("the phase count");
            for (long i = 0; i < m; i++) {
                long timeNs = t.i64("a phase time");
                phases.add(new PhaseMarker(t.string("a phase name"), timeNs));
            }
            if (t.hasMore()) {
                long entries = t.u32("the trailer's metadata count");
                if (entries > MAX_METADATA_ENTRIES) {
                    throw SbenchException.badBytes(name(), t.position() - 4, "at most " + MAX_METADATA_ENTRIES + " metadata entries",
                            Long.toString(entries));
                }
                for (long i = 0; i < entries; i++) {
                    metadata.put(t.string("a metadata key"), t.string("a metadata value"));
                }
            }
            return tooLong;
        }
    }

    /**
     * Reads the {@link #processCount} names at {@code t}, into {@link #table} with {@code keep}; whether one is longer than
     * {@link ProcessNames#MAX_NAME_BYTES}.
     */
    private boolean readNames(Chunked t, boolean keep) {
        boolean tooLong = false;
        for (long i = 0; i < processCount; i++) {
            int length = t.u16("a process name");
            tooLong |= length > ProcessNames.MAX_NAME_BYTES;
            if (length > ProcessNames.MAX_NAME_BYTES) {
                t.skipTo(t.position() + length, "the rest of a process name");
                if (keep) {
                    table.add(NO_BYTES, 0, 0, length);
                }
            } else if (keep) {
                table.add(t.bytes(length, "a process name"), 0, length, length);
            } else {
                t.skip(length, "a process name");
            }
        }
        return tooLong;
    }

    private String name() {
        return input.displayName();
    }

    @Override
    public TraceInfo info() {
        return info;
    }

    /** True when the writer saw every record in issue order (the header's flag, checked while reading). */
    @Override
    public boolean inIssueOrder() {
        return issueOrdered;
    }

    @Override
    public boolean next(IoRecord r) {
        while (recordsRead < recordEnd) {
            long at = in.position();
            int p = in.record();
            ByteBuffer b = in.buffer();
            r.issueNs = b.getLong(p + SbtLayout.REC_ISSUE);
            r.completeNs = b.getLong(p + SbtLayout.REC_COMPLETE);
            r.offsetBytes = b.getLong(p + SbtLayout.REC_OFFSET);
            r.lengthBytes = b.getLong(p + SbtLayout.REC_LENGTH);
            r.op = Op.ofOrdinal(b.get(p + SbtLayout.REC_OP));
            r.stream = b.getInt(p + SbtLayout.REC_STREAM);
            r.qd = b.getInt(p + SbtLayout.REC_QD);
            int process = b.getInt(p + SbtLayout.REC_PROCESS);
            recordsRead++;
            if (issueOrdered && r.issueNs < lastIssueNs) {
                throw SbenchException.badBytes(name(), at, "records in issue order (the header says so)", "issue " + r.issueNs + " after " + lastIssueNs);
            }
            lastIssueNs = r.issueNs;
            SbenchException bad = check(r, process, at, b.get(p + SbtLayout.REC_OP));
            if (bad == null) {
                return true;
            }
            budget.reject(bad);
        }
        return false;
    }

    /** Resolves the process index into {@code r}; the bad-record error of the record at {@code at}, or null. */
    private SbenchException check(IoRecord r, int process, long at, byte opCode) {
        if (r.op == null) {
            return SbenchException.badBytes(name(), at + SbtLayout.REC_OP, "an op code 0-3", Integer.toString(opCode));
        }
        if (process == SbtLayout.NO_PROCESS) {
            r.process = null;
        } else if (process >= 0 && process < processCount) {
            String named = processes == null ? null : processes.name(process);
            r.process = names ? named : null;
            if (named == null && processes != null) {
                return SbenchException.badBytes(name(), at + SbtLayout.REC_PROCESS, "the index of " + ProcessNames.EXPECTED,
                        "process " + process + ", whose name is " + processes.length(process) + " bytes");
            }
        } else {
            String expected = processCount == 0 ? "no process index (the trailer names no processes), that is "
                    + SbtLayout.NO_PROCESS : "a process index from 0 to " + (processCount - 1) + " or " + SbtLayout.NO_PROCESS;
            return SbenchException.badBytes(name(), at + SbtLayout.REC_PROCESS, expected, Integer.toString(process));
        }
        String problem = checks.problem(r);
        return problem == null ? null : RecordChecks.badRecordAt(name(), at, problem, r);
    }

    @Override
    public long skippedRecords() {
        return budget.skipped();
    }

    @Override
    public void close() {
        in.close();
        table.close();
    }

    /** Little-endian reading from a stream through one reused buffer, tracking the byte position. */
    private static final class Chunked implements AutoCloseable {
        private final TraceInput input;
        private final InputStream stream;
        private final byte[] bytes;
        private final ByteBuffer buf;
        private long bufferStart;

        Chunked(TraceInput input, InputStream stream, int bufferBytes) {
            this.input = input;
            this.stream = stream;
            this.bytes = new byte[Math.max(bufferBytes, MIN_BUFFER_BYTES)];
            this.buf = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
            buf.limit(0);
        }

        long position() {
            return bufferStart + buf.position();
        }

        /** The index in {@link #buffer()} of the next complete record; the position moves past it. */
        int record() {
            need(SbtLayout.RECORD_BYTES, "a record");
            int at = buf.position();
            buf.position(at + SbtLayout.RECORD_BYTES);
            return at;
        }

        ByteBuffer buffer() {
            return buf;
        }

        /** True if a byte follows (reading ahead if needed); false at the end of the file. */
        boolean hasMore() {
            return fill(1, "the end of the trailer");
        }

        private void need(int n, String what) {
            if (!fill(n, what)) {
                throw SbenchException.badBytes(input.displayName(), bufferStart + buf.limit(), what, "end of file (truncated)");
            }
        }

        /** Makes {@code n} bytes available if the file holds them; false if it ends first. */
        private boolean fill(int n, String what) {
            if (buf.remaining() >= n) {
                return true;
            }
            int keep = buf.remaining();
            System.arraycopy(bytes, buf.position(), bytes, 0, keep);
            bufferStart += buf.position();
            int filled = keep;
            try {
                while (filled < n) {
                    int r = stream.read(bytes, filled, bytes.length - filled);
                    if (r < 0) {
                        break;
                    }
                    filled += r;
                }
            } catch (IOException e) {
                if (bufferStart + filled == 0) {
                    throw input.unreadableStart(e);
                }
                throw SbenchException.badBytes(input.displayName(), bufferStart + filled, what, "unreadable data (" + SbenchException.reason(e) + ")");
            }
            buf.position(0).limit(filled);
            return filled >= n;
        }

        /** Moves past {@code n} bytes, at most a buffer's, failing as {@link #bytes} would. */
        void skip(int n, String what) {
            need(n, what);
            buf.position(buf.position() + n);
        }

        byte[] bytes(int n, String what) {
            need(n, what);
            byte[] out = new byte[n];
            buf.get(out);
            return out;
        }

        int u16(String what) {
            need(2, what);
            return buf.getShort() & 0xffff;
        }

        int i32(String what) {
            need(4, what);
            return buf.getInt();
        }

        long u32(String what) {
            return i32(what) & 0xffffffffL;
        }

        long i64(String what) {
            need(8, what);
            return buf.getLong();
        }

        String string(String what) {
            int n = u16(what);
            if (n > bytes.length) {
                return new String(readLong(n, what), StandardCharsets.UTF_8);
            }
            return new String(bytes(n, what), StandardCharsets.UTF_8);
        }

        private byte[] readLong(int n, String what) {
            byte[] out = new byte[n];
            int have = Math.min(buf.remaining(), n);
            buf.get(out, 0, have);
            while (have < n) {
                int chunk = Math.min(bytes.length, n - have);
                need(chunk, what);
                buf.get(out, have, chunk);
                have += chunk;
            }
            return out;
        }

        void skipTo(long target, String what) {
            long toSkip = target - position();
            if (toSkip < 0) {
                throw SbenchException.badBytes(input.displayName(), position(), what + " after the header", "an offset inside it (" + target + ")");
            }
            if (toSkip <= buf.remaining()) {
                buf.position(buf.position() + (int) toSkip);
                return;
            }
            toSkip -= buf.remaining();
            bufferStart += buf.limit();
            buf.position(0).limit(0);
            long skipped = 0;
            try {
                while (skipped < toSkip) {
                    // A decompressor's skip decompresses all the same and, failing, says nothing of how far it got: read.
                    long n = input.compressed() ? stream.read(bytes, 0, (int) Math.min(bytes.length, toSkip - skipped))
                            : stream.skip(toSkip - skipped);
                    if (n <= 0) {
                        if (n < 0 || stream.read() < 0) {
                            break;
                        }
                        n = 1;
                    }
                    skipped += n;
                }
            } catch (IOException e) {
                throw SbenchException.badBytes(input.displayName(), bufferStart + skipped, what + " at byte " + target,
                        "unreadable data (" + SbenchException.reason(e) + ")");
            }
            bufferStart += skipped;
            if (skipped < toSkip) {
                throw SbenchException.badBytes(input.displayName(), bufferStart, what + " at byte " + target, "end of file (truncated)");
            }
        }

        @Override
        public void close() {
            try {
                stream.close();
            } catch (IOException ignored) {
                // Input only: nothing is lost.
            }
        }
    }
}
