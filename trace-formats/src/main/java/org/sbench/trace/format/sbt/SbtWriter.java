package org.sbench.trace.format.sbt;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sbench.SbenchException;
import org.sbench.trace.Field;
import org.sbench.trace.IoRecord;
import org.sbench.trace.PhaseMarker;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.TraceWriter;
import org.sbench.trace.input.AtomicFileOutput;
import org.sbench.trace.input.RecordChecks;

/**
 * Streams records into an .sbt file. Process names are interned into the trailer's table; phase
 * markers and metadata may be added until {@link #finish()} (a recorder learns them while
 * recording: marks, how long it ran, whether events were lost); such metadata goes to the trailer
 * and readers merge it over the header's.
 */
public final class SbtWriter implements TraceWriter {
    private static final int BUFFER_BYTES = 1 << 20;

    private final AtomicFileOutput output;
    private final ByteBuffer buffer = ByteBuffer.allocate(BUFFER_BYTES).order(ByteOrder.LITTLE_ENDIAN);
    private final Map<String, Integer> processIndex = new HashMap<>();
    private final List<String> processes = new ArrayList<>();
    private final List<PhaseMarker> phases;
    private final Map<String, String> lateMetadata = new LinkedHashMap<>();
    private final int fieldFlags;
    private long records;
    private long lastIssueNs = Long.MIN_VALUE;
    private boolean issueOrdered = true;
    private boolean finished;

    public SbtWriter(Path out, TraceInfo info) {
        this.output = new AtomicFileOutput(out);
        this.phases = new ArrayList<>(info.phases());
        int flags = 0;
        for (Field f : info.fields()) {
            flags |= f.bit();
        }
        this.fieldFlags = flags;
        try {
            writeHeader(info);
        } catch (RuntimeException e) {
            output.close();
            throw e;
        }
    }

    private void writeHeader(TraceInfo info) {
        buffer.put(SbtLayout.MAGIC);
        buffer.putShort((short) SbtLayout.VERSION);
        buffer.putShort((short) 0);
        int recordsOffsetPos = buffer.position();
        buffer.putInt(0);
        buffer.putLong(0);
        buffer.putInt(fieldFlags);
        buffer.putInt(SbtLayout.RECORD_BYTES);
        buffer.putLong(0);
        putString(info.sourceFormat());
        buffer.putInt(info.metadata().size());
        for (Map.Entry<String, String> e : info.metadata().entrySet()) {
            putString(e.getKey());
            putString(e.getValue());
        }
        while (buffer.position() % 8 != 0) {
            buffer.put((byte) 0);
        }
        buffer.putInt(recordsOffsetPos, buffer.position());
    }

    private void putString(String s) {
        byte[] b = SbtLayout.utf8(s);
        ensure(2 + b.length);
        buffer.putShort((short) b.length);
        buffer.put(b);
    }

    @Override
    public void write(IoRecord r) {
        RecordChecks.requireSound(r);
        ensure(SbtLayout.RECORD_BYTES);
        if (r.issueNs < lastIssueNs) {
            issueOrdered = false;
        }
        lastIssueNs = r.issueNs;
        buffer.putLong(r.issueNs);
        buffer.putLong(r.completeNs);
        buffer.putLong(r.offsetBytes);
        buffer.putLong(r.lengthBytes);
        buffer.put((byte) r.op.ordinal());
        buffer.put((byte) 0).put((byte) 0).put((byte) 0);
        buffer.putInt(r.stream);
        buffer.putInt(r.qd);
        buffer.putInt(r.process == null ? SbtLayout.NO_PROCESS : processIndexOf(r.process));
        records++;
    }

    private int processIndexOf(String process) {
        Integer i = processIndex.get(process);
        if (i == null) {
            i = processes.size();
            processes.add(process);
            processIndex.put(process, i);
        }
        return i;
    }

    /** Adds a phase marker (ns on the trace's clock); allowed until {@link #finish()}. */
    public void addPhase(PhaseMarker marker) {
        phases.add(marker);
    }

    /**
     * Adds or replaces a metadata entry learned while writing; allowed until {@link #finish()}.
     * Stored in the trailer, it overrides a header entry with the same key when read back.
     */
    public void putMetadata(String key, String value) {
        SbtLayout.utf8(key);
        SbtLayout.utf8(value);
        lateMetadata.put(key, value);
    }

    @Override
    public void finish() {
        try {
            flush();
            FileChannel ch = output.channel();
            long trailerOffset = ch.position();
            buffer.putInt(processes.size());
            for (String p : processes) {
                putString(p);
            }
            buffer.putInt(phases.size());
            for (PhaseMarker m : phases) {
                ensure(8);
                buffer.putLong(m.timeNs());
                putString(m.name());
            }
            ensure(4);
            buffer.putInt(lateMetadata.size());
            for (Map.Entry<String, String> e : lateMetadata.entrySet()) {
                putString(e.getKey());
                putString(e.getValue());
            }
            flush();
            patch(ch, SbtLayout.POS_RECORD_COUNT, records);
            patch(ch, SbtLayout.POS_TRAILER_OFFSET, trailerOffset);
            ByteBuffer flags = ByteBuffer.allocate(2).order(ByteOrder.LITTLE_ENDIAN);
            flags.putShort(0, (short) (issueOrdered ? SbtLayout.FLAG_ISSUE_ORDERED : 0));
            ch.write(flags, SbtLayout.POS_HEADER_FLAGS);
            output.commit();
            finished = true;
        } catch (IOException e) {
            throw SbenchException.ioFailure("write", output.target(), e);
        }
    }

    private static void patch(FileChannel ch, int position, long value) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN);
        b.putLong(0, value);
        ch.write(b, position);
    }

    private void ensure(int bytes) {
        if (buffer.remaining() < bytes) {
            flush();
        }
    }

    private void flush() {
        buffer.flip();
        try {
            while (buffer.hasRemaining()) {
                output.channel().write(buffer);
            }
        } catch (IOException e) {
            throw SbenchException.ioFailure("write", output.target(), e);
        }
        buffer.clear();
    }

    @Override
    public void close() {
        if (!finished) {
            output.close();
        }
    }
}
