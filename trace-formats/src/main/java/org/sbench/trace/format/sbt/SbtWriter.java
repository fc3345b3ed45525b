package org.sbench.trace.format.sbt;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32C;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.trace.Field;
import org.sbench.trace.IoRecord;
import org.sbench.trace.PhaseMarker;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.TraceWriter;
import org.sbench.trace.input.AtomicFileOutput;
import org.sbench.trace.input.ProcessNames;
import org.sbench.trace.input.RecordChecks;
import org.sbench.trace.sort.SpillSpace;

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
    /**
     * The indexes of the names met last, at most {@link NameMemory#indexedNames()} of them, the one met longest ago dropped
     * first: a name dropped and met again is given a new index (readers map indexes to names; two that name the same
     * process are alike).
     */
    private final Map<String, Integer> processIndex;
    /** The process names in the order of their indexes, each with the number of the first record with it: a {@link #cutTo} before it drops it. */
    private final ProcessTable processes;
    private final List<PhaseMarker> phases;
    private final Map<String, String> lateMetadata = new LinkedHashMap<>();
    private final int fieldFlags;
    /** Bytes written to the file from the buffer so far: where the buffer's first byte goes. */
    private long flushed;
    /** The {@link #digest()} of the file's first {@link #digestedTo} bytes. */
    private final CRC32C written = new CRC32C();
    private long digestedTo;
    /** Where writing the file again after a failed sync found no room ({@link #cutTo}): the bytes from here are lost. */
    private long lostFrom = Long.MAX_VALUE;
    /** Why they are. */
    private IOException lostBy;
    private long recordsOffset;
    private long records;
    /** Bytes the trailer takes with what it holds so far: its three counts, process names, phases and metadata. */
    private long trailerBytes = 3 * Integer.BYTES;
    private long lastIssueNs = Long.MIN_VALUE;
    private boolean issueOrdered = true;
    private boolean finished;

    public SbtWriter(Path out, TraceInfo info) {
        this(new AtomicFileOutput(out), info);
    }

    /** Writes into {@code output}, which the writer commits on {@link #finish()} and closes on {@link #close()}. */
    public SbtWriter(AtomicFileOutput output, TraceInfo info) {
        this(output, info, SpillSpace.processNames());
    }

    /** As {@link #SbtWriter(AtomicFileOutput, TraceInfo)}, its process names spilling into {@code names}'s directory. */
    public SbtWriter(AtomicFileOutput output, TraceInfo info, SpillSpace names) {
        this(output, info, names, NameMemory.TRACE);
    }

    /** As {@link #SbtWriter(AtomicFileOutput, TraceInfo)}, keeping {@code memory} of the process names, the rest in {@code space}'s directory. */
    SbtWriter(AtomicFileOutput output, TraceInfo info, SpillSpace space, NameMemory memory) {
        this.output = output;
        this.processes = new ProcessTable(space, output.targetName(), memory.tableBytes());
        int indexed = memory.indexedNames();
        this.processIndex = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Integer> eldest) {
                return size() > indexed;
            }
        };
        this.phases = new ArrayList<>(info.phases());
        for (PhaseMarker m : phases) {
            trailerBytes += phaseBytes(m);
        }
        int flags = 0;
        for (Field f : info.fields()) {
            flags |= f.bit();
        }
        this.fieldFlags = flags;
        try {
            writeHeader(info);
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    private void writeHeader(TraceInfo info) {
        buffer.put(SbtLayout.MAGIC);
        buffer.putShort((short) SbtLayout.VERSION);
        buffer.putShort((short) 0);
        buffer.putInt(0);
        buffer.putLong(0);
        buffer.putInt(fieldFlags);
        buffer.putInt(SbtLayout.RECORD_BYTES);
        buffer.putLong(0);
        for (PhaseMarker m : phases) {
            utf8(m.name(), "a phase name");
        }
        putString(utf8(info.sourceFormat(), "the source format's name"));
        ensure(4);
        buffer.putInt(info.metadata().size());
        for (Map.Entry<String, String> e : info.metadata().entrySet()) {
            putString(utf8(e.getKey(), "a metadata key"));
            putString(utf8(e.getValue(), "the value of metadata '" + e.getKey() + "'"));
        }
        // A header of more than the buffer (metadata of megabytes) has been flushed in part:
        // offsets are of the file, and the records offset is patched in by finish().
        while ((flushed + buffer.position()) % 8 != 0) {
            ensure(1);
            buffer.put((byte) 0);
        }
        recordsOffset = flushed + buffer.position();
    }

    /**
     * {@code s} in UTF-8; a bad-input error naming the output when it is longer than .sbt holds (a
     * source format's name, phase name or metadata value of 64 KiB comes only from a damaged or hostile trace), before
     * anything is committed: found when the writer is made or the string is added.
     */
    private byte[] utf8(String s, String what) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        if (b.length > SbtLayout.MAX_STRING_BYTES) {
            throw SbenchException.badInput(output.targetName(), "cannot be written as .sbt: " + what + " is " + b.length
                    + " bytes long, and .sbt holds the source format's name, phase names and metadata of at most "
                    + SbtLayout.MAX_STRING_BYTES + " bytes (UTF-8)");
        }
        return b;
    }

    private void putString(byte[] b) {
        ensure(2 + b.length);
        buffer.putShort((short) b.length);
        buffer.put(b);
    }

    @Override
    public void write(IoRecord r) {
        RecordChecks.requireSound(r);
        // Before any of the record is buffered: a name refused, or that the table cannot take, leaves the file as it was.
        int process = r.process == null ? SbtLayout.NO_PROCESS : processIndexOf(r.process);
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
        buffer.putInt(process);
        records++;
    }

    private int processIndexOf(String process) {
        Integer i = processIndex.get(process);
        if (i == null) {
            if (ProcessNames.tooLong(process)) {
                throw ProcessNames.refused(output.targetName() + ": record " + (records + 1), process);
            }
            byte[] name = process.getBytes(StandardCharsets.UTF_8);
            i = processes.add(name, 0, name.length, records);
            trailerBytes += Short.BYTES + name.length;
            processIndex.put(process, i);
        }
        return i;
    }

    /** Adds a phase marker (ns on the trace's clock); allowed until {@link #finish()}. */
    public void addPhase(PhaseMarker marker) {
        utf8(marker.name(), "a phase name");
        phases.add(marker);
        trailerBytes += phaseBytes(marker);
    }

    /** A phase's bytes in the trailer: its time and name. */
    public static long phaseBytes(PhaseMarker marker) {
        return Long.BYTES + Short.BYTES + marker.name().getBytes(StandardCharsets.UTF_8).length;
    }

    /**
     * Adds or replaces a metadata entry learned while writing; allowed until {@link #finish()}.
     * Stored in the trailer, it overrides a header entry with the same key when read back.
     */
    @Override
    public void putMetadata(String key, String value) {
        byte[] k = utf8(key, "a metadata key");
        byte[] v = utf8(value, "the value of metadata '" + key + "'");
        // A value replaced is counted twice: the count may be above the trailer, never below.
        trailerBytes += 2 * Short.BYTES + k.length + v.length;
        lateMetadata.put(key, value);
    }

    /** The most bytes writing {@code r} adds to the file and its trailer: the record, and its process name if new (3 UTF-8 bytes a char at most). */
    public static long maxBytesOf(IoRecord r) {
        return SbtLayout.RECORD_BYTES + (r.process == null ? 0 : Short.BYTES + 3L * r.process.length());
    }

    /** Bytes of the file so far, the records not yet written out included. */
    public long length() {
        return flushed + buffer.position();
    }

    /** Bytes the trailer would take if the file were finished now (at least: a record's new process name adds to it). */
    public long trailerBytes() {
        return trailerBytes;
    }

    @Override
    public void finish() {
        try {
            flush();
            FileChannel ch = output.channel();
            long trailerOffset = ch.position();
            buffer.putInt(processes.size());
            copyProcessNames();
            ensure(4);
            buffer.putInt(phases.size());
            for (PhaseMarker m : phases) {
                ensure(8);
                buffer.putLong(m.timeNs());
                putString(m.name().getBytes(StandardCharsets.UTF_8));
            }
            ensure(4);
            buffer.putInt(lateMetadata.size());
            for (Map.Entry<String, String> e : lateMetadata.entrySet()) {
                putString(e.getKey().getBytes(StandardCharsets.UTF_8));
                putString(e.getValue().getBytes(StandardCharsets.UTF_8));
            }
            flush();
            if (ch.size() > flushed) {
                // Space allocated ahead of the writer and not needed.
                ch.truncate(flushed);
            }
            patch(ch, SbtLayout.POS_RECORDS_OFFSET, Integer.BYTES, recordsOffset);
            patch(ch, SbtLayout.POS_RECORD_COUNT, Long.BYTES, records);
            patch(ch, SbtLayout.POS_TRAILER_OFFSET, Long.BYTES, trailerOffset);
            patch(ch, SbtLayout.POS_HEADER_FLAGS, Short.BYTES, issueOrdered ? SbtLayout.FLAG_ISSUE_ORDERED : 0);
            output.commit();
            finished = true;
        } catch (IOException e) {
            throw SbenchException.ioFailure("write", output.target(), e);
        }
    }

    /** Copies the table's names, as the trailer stores them, into the file after what is buffered. */
    private void copyProcessNames() {
        long n = processes.nameBytes();
        for (long at = 0; at < n; ) {
            if (!buffer.hasRemaining()) {
                flush();
            }
            int chunk = (int) Math.min(buffer.remaining(), n - at);
            processes.readNames(at, buffer.array(), buffer.arrayOffset() + buffer.position(), chunk);
            buffer.position(buffer.position() + chunk);
            at += chunk;
        }
    }

    /** Writes the low {@code bytes} bytes of {@code value}, little-endian, at {@code position} of the file. */
    private static void patch(FileChannel ch, int position, int bytes, long value) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(Long.BYTES).order(ByteOrder.LITTLE_ENDIAN).putLong(0, value).limit(bytes);
        ch.write(b, position);
    }

    private void ensure(int bytes) {
        if (buffer.remaining() < bytes) {
            flush();
        }
    }

    /**
     * A checksum (CRC-32C) of the bytes written so far, {@link #length()} of them, with the header's counts and offsets
     * (which {@link #finish()} fills in) as zeros; what {@link #cutTo} checks the file against after a failed sync.
     * Valid until the writer first finishes or is cut.
     */
    public long digest() {
        digestBuffered();
        return written.getValue();
    }

    private void digestBuffered() {
        int from = (int) (digestedTo - flushed);
        written.update(buffer.array(), from, buffer.position() - from);
        digestedTo = length();
    }

    private void flush() {
        digestBuffered();
        buffer.flip();
        try {
            while (buffer.hasRemaining()) {
                output.channel().write(buffer);
            }
        } catch (IOException e) {
            throw SbenchException.ioFailure("write", output.target(), e);
        } finally {
            // After a failed write too, the file and what is left in the buffer make up what was written (cutTo needs it).
            flushed += buffer.position();
            buffer.compact();
        }
    }

    /**
     * Cuts what was written back to its first {@code kept} records, dropping the rest and anything
     * of a {@link #finish()} that failed (a full disk): the file's tail is given back to the file
     * system, and {@link #finish()} may be called again. Process names that only the records dropped
     * had are dropped too (a reader refuses more names than records); a record dropped out of issue
     * order still marks the file as not in issue order (readers sort it).
     *
     * <p>After a failed sync ({@link AtomicFileOutput#syncFailure()}) the part kept is read back and written
     * again, so that the next sync writes all of it, each chunk into the hole {@code release} makes of its range
     * first; {@code keptDigest} is the {@link #digest()} the writer had at {@code kept} records, which what is read
     * back must match.
     *
     * A write that finds no room loses the chunk whose hole was punched: only a cut to before it ({@link #keepableTo()})
     * can be kept then.
     *
     * @throws SbenchException when what is read back does not match: the pages the sync could not write are no
     *         longer in memory (the kernel dropped them), and the disk does not hold them; or when the part to keep
     *         reaches past what a write-again lost
     */
    public void cutTo(long kept, long keptDigest, Release release) {
        if (kept < 0 || kept > records) {
            throw new IllegalArgumentException("cannot cut " + records + " records to " + kept);
        }
        long end = recordsOffset + kept * SbtLayout.RECORD_BYTES;
        if (end > lostFrom && output.syncFailure().isPresent()) {
            throw new SbenchException(ErrorKind.SYSTEM_FAILURE, "cannot write " + output.target() + ": syncing it failed ("
                    + SbenchException.reason(output.syncFailure().get()) + "), and writing it again failed ("
                    + SbenchException.reason(lostBy) + ") at byte " + lostFrom + ", before " + end + " bytes to keep: the trace is not kept");
        }
        try {
            if (end >= flushed) {
                buffer.position((int) (end - flushed));
            } else {
                output.channel().truncate(end);
                flushed = end;
                buffer.clear();
            }
            digestedTo = end;
            records = kept;
            dropProcessesFrom(kept);
            if (output.syncFailure().isPresent()) {
                writeAgain(keptDigest, release);
            }
        } catch (IOException e) {
            throw SbenchException.ioFailure("write", output.target(), e);
        }
    }

    /** Drops the process names first met at record {@code first} or later: indexes are given in the order met. */
    private void dropProcessesFrom(long first) {
        // The first records of the names grow with their indexes: the first name to drop is found by halving.
        int keep = 0;
        for (int above = processes.size(); keep < above; ) {
            int mid = (keep + above) >>> 1;
            if (processes.number(mid) >= first) {
                above = mid;
            } else {
                keep = mid + 1;
            }
        }
        trailerBytes -= processes.nameBytes();
        processes.truncate(keep);
        trailerBytes += processes.nameBytes();
        int kept = keep;
        processIndex.values().removeIf(i -> i >= kept);
    }

    /** Reads what was written out back, checks it against {@code expected}, and writes it again in place. */
    private void writeAgain(long expected, Release release) throws IOException {
        FileChannel ch = output.channel();
        CRC32C read = new CRC32C();
        ByteBuffer chunk = ByteBuffer.allocate(BUFFER_BYTES).order(ByteOrder.LITTLE_ENDIAN);
        for (long at = 0; at < flushed; at += chunk.limit()) {
            chunk.clear().limit((int) Math.min(chunk.capacity(), flushed - at));
            while (chunk.hasRemaining()) {
                if (ch.read(chunk, at + chunk.position()) < 0) {
                    throw new IOException("the file ends at " + (at + chunk.position()) + " bytes, before " + flushed);
                }
            }
            if (at == 0) {
                // As digested: finish() fills them in again.
                chunk.putShort(SbtLayout.POS_HEADER_FLAGS, (short) 0).putInt(SbtLayout.POS_RECORDS_OFFSET, 0)
                        .putLong(SbtLayout.POS_RECORD_COUNT, 0).putLong(SbtLayout.POS_TRAILER_OFFSET, 0);
            }
            read.update(chunk.array(), 0, chunk.limit());
            release.release(at, chunk.limit());
            chunk.flip();
            try {
                while (chunk.hasRemaining()) {
                    ch.write(chunk, at + chunk.position());
                }
            } catch (IOException e) {
                lostFrom = at + chunk.position();
                lostBy = e;
                throw e;
            }
        }
        read.update(buffer.array(), 0, buffer.position());
        if (read.getValue() != expected) {
            throw new SbenchException(ErrorKind.SYSTEM_FAILURE, "cannot write " + output.target() + ": syncing it failed ("
                    + SbenchException.reason(output.syncFailure().get()) + "), and the kernel no longer holds what it could not"
                    + " write: the trace is not kept");
        }
        lostFrom = Long.MAX_VALUE;
        output.writtenAgain();
    }

    /**
     * How long a {@link #cutTo cut} can leave the file: up to where writing it again after a failed sync found no
     * room (the rest of that chunk's hole was not written again); its {@link #length()} otherwise.
     */
    public long keepableTo() {
        return Math.min(lostFrom, length());
    }

    /** Gives a range of the file's blocks back to the file system (a hole), so that what is written there next gets new ones. */
    @FunctionalInterface
    public interface Release {
        void release(long offset, long length);
    }

    @Override
    public void close() {
        processes.close();
        if (!finished) {
            output.close();
        }
    }
}
