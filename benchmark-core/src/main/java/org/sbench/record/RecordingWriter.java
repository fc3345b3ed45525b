// The recording's output side: paired IOs in, the .sbt trace out, with streams, times, QD and phase marks.
package org.sbench.record;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.trace.Field;
import org.sbench.trace.IncompleteRecording;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;
import org.sbench.trace.PhaseMarker;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.format.sbt.SbtWriter;
import org.sbench.trace.input.AtomicFileOutput;
import org.sbench.trace.sort.SpillSpace;
import org.sbench.trace.stats.RecordedQd;

/**
 * Turns the IOs paired from the event stream (in issue order, on the kernel's clock, with the
 * disk's dev_t as stream) into the trace: keeps those of the recorded devices, numbers their
 * streams, moves the clock's zero to the first IO, computes the recorded queue depth per stream
 * (docs/definitions.md, counting recorded IOs only) and writes them. Phase marks arrive on the kernel's
 * clock too and are stored relative to the first IO when the trace is finished (a mark before the
 * first IO has a negative time). Written by one thread (the recorder's); the counters may be read
 * by any thread.
 *
 * <p>A full disk ends the trace rather than failing it ({@link #diskFull()}): the file is kept
 * allocated ahead of what is written ({@link SpaceReserve}) by what finishing it takes (the
 * trailer: process names, marks and metadata so far, and {@link #LATE_METADATA_BYTES}), so the IO
 * or mark that finds no more room is left out, as is everything after it, and the trace written
 * so far can still be finished. On a copy-on-write file system (btrfs) the room held is not always
 * enough: a write into it, or the rename that puts the trace in place, can still find the disk full.
 * A write that does ends the trace as a full disk does; a finish that does cuts the trace back to
 * an earlier {@link CutPoints cut point} (taken where each chunk was allocated), further each time, which
 * gives the records' room back to the file system, until it fits. A finish whose sync failed has the part kept
 * written again before it is synced again ({@link SbtWriter#cutTo}): the kernel does not write again what it failed
 * to write once, and when it no longer holds it the trace is not kept; a write-again that finds the disk full cuts back
 * to before the part it lost.
 */
final class RecordingWriter implements AutoCloseable {
    /** The trace's source format: recorded live from tracefs. */
    static final String SOURCE_FORMAT = "tracefs";
    /**
     * Room kept for the metadata {@link #finish} adds: some 20 keys of at most a sentence each (a
     * recording of a loop device had 805 bytes of header and trailer in all).
     */
    static final long LATE_METADATA_BYTES = 16 << 10;
    /** The metadata key of {@link #reordered}. */
    static final String REORDERED = "record.reordered";

    private final DeviceSelection devices;
    private final SbtWriter writer;
    private final SpaceReserve reserve;
    /** Trailer bytes of the marks, which go to the writer only when it finishes. */
    private long markBytes;
    private boolean diskFull;
    private boolean quota;
    /** The temporary directory the process names spill to, once it filled up (then not the trace's disk). */
    private String tempDirFull;
    private long lostToFullDisk;
    /** Where the trace can be cut back to, in the order written; the first is before any IO. */
    private final CutPoints cutPoints = new CutPoints();
    private final RecordedQd[] queues;
    /** Marks with their times on the events' clock, rebased on finish. */
    private final List<PhaseMarker> marks = new ArrayList<>();
    /** Names of the marks left out because the disk was full, in the order made. */
    private final List<String> lostMarks = new ArrayList<>();
    private long originNs = IoRecord.NO_TIME;
    private long lastIssueNs = Long.MIN_VALUE;
    private long reordered;

    // Single writer (the recording thread), read by the status display: volatile, no atomics needed.
    private volatile long ios;
    private volatile long reads;
    private volatile long writes;
    private volatile long trims;
    private volatile long flushes;
    private volatile long bytesRead;
    private volatile long bytesWritten;

    RecordingWriter(Path out, DeviceSelection devices, Map<String, String> metadata) {
        this(out, devices, metadata, SpillSpace.processNames());
    }

    /** As {@link #RecordingWriter(Path, DeviceSelection, Map)}, the trace's process names spilling into {@code names}. */
    RecordingWriter(Path out, DeviceSelection devices, Map<String, String> metadata, SpillSpace names) {
        this.devices = devices;
        EnumSet<Field> fields = EnumSet.of(Field.COMPLETE, Field.QD, Field.PROCESS);
        if (devices.multiStream()) {
            fields.add(Field.STREAM);
        }
        AtomicFileOutput file = new AtomicFileOutput(out);
        this.writer = new SbtWriter(file, new TraceInfo(SOURCE_FORMAT, fields, metadata, List.of()), names);
        try {
            this.reserve = new SpaceReserve(file.part());
        } catch (RuntimeException e) {
            writer.close();
            throw e;
        }
        if (!room(0)) {
            close();
            throw new SbenchException(ErrorKind.SYSTEM_FAILURE, "cannot write " + out + ": "
                    + (quota ? "disk quota exceeded" : "no space left on device"));
        }
        this.queues = new RecordedQd[devices.devices().size()];
        for (int i = 0; i < queues.length; i++) {
            queues[i] = new RecordedQd();
        }
    }

    /** One paired IO, as the tracefs reader delivers it; {@code r} is changed. */
    void accept(IoRecord r) {
        int stream = devices.streamOf(r);
        if (stream < 0) {
            // A request of a recorded disk outside the recorded partitions: the kernel's filter lets none through.
            return;
        }
        if (diskFull || !room(SbtWriter.maxBytesOf(r))) {
            lostToFullDisk++;
            return;
        }
        long issueNs = r.issueNs;
        long origin = originNs == IoRecord.NO_TIME ? issueNs : originNs;
        r.issueNs -= origin;
        r.completeNs -= origin;
        r.qd = queues[stream].next(r.issueNs, r.completeNs);
        r.stream = devices.multiStream() ? stream : IoRecord.NO_STREAM;
        try {
            writer.write(r);
        } catch (SbenchException e) {
            if (!outOfRoom(e)) {
                throw e;
            }
            diskFull = true;
            lostToFullDisk++;
            return;
        }
        originNs = origin;
        if (issueNs < lastIssueNs) {
            // trace_pipe merges the per-CPU buffers by time, but an event still being written on
            // one CPU can be passed by a later one already committed on another.
            reordered++;
        }
        lastIssueNs = Math.max(lastIssueNs, issueNs);
        count(r.op, r.lengthBytes);
    }

    private void count(Op op, long length) {
        switch (op) {
            case READ:
                reads++;
                bytesRead += length;
                break;
            case WRITE:
                writes++;
                bytesWritten += length;
                break;
            case TRIM:
                trims++;
                break;
            default:
                flushes++;
        }
        ios++;
    }

    /** A phase mark at {@code kernelTimeNs} on the events' clock. */
    void phase(long kernelTimeNs, String name) {
        PhaseMarker mark = new PhaseMarker(name, kernelTimeNs);
        long bytes = SbtWriter.phaseBytes(mark);
        if (diskFull || !room(bytes)) {
            lostMarks.add(name);
            return;
        }
        markBytes += bytes;
        marks.add(mark);
    }

    /** Whether the file can take {@code bytes} more and still be finished; false from the first time it cannot. */
    private boolean room(long bytes) {
        long end = writer.length() + bytes + writer.trailerBytes() + markBytes + LATE_METADATA_BYTES;
        if (end > reserve.covered()) {
            cutPoints.add(new CutPoints.CutPoint(ios, reads, writes, trims, flushes, bytesRead, bytesWritten, reordered, lastIssueNs,
                    writer.length(), writer.digest()));
            if (!reserve.cover(end)) {
                diskFull = true;
                quota = reserve.quota();
            }
        }
        return !diskFull;
    }

    /**
     * Whether {@code e} is a failure to write for want of room (ENOSPC, or EDQUOT: then noted as the quota's), of the trace's
     * disk or of the temporary directory its process names spill to: then that spill's failure names it
     * ({@link SpillSpace#ranOut}).
     */
    private boolean outOfRoom(SbenchException e) {
        SpillSpace.RanOut spill = SpillSpace.ranOut(e);
        if (spill != null) {
            quota = spill.quota();
            tempDirFull = spill.tempDir();
            return true;
        }
        if (!(e.getCause() instanceof IOException io)) {
            return false;
        }
        quota = SbenchException.isQuotaExceeded(io);
        return quota || SbenchException.isNoSpace(io);
    }

    /**
     * Adds the phases (relative to the first IO, or to {@code fallbackOriginNs} when there was
     * none) and {@code lateMetadata}, and moves the file into place.
     */
    void finish(long fallbackOriginNs, Map<String, String> lateMetadata) {
        long origin = originNs == IoRecord.NO_TIME ? fallbackOriginNs : originNs;
        for (PhaseMarker m : marks) {
            writer.addPhase(new PhaseMarker(m.name(), m.timeNs() - origin));
        }
        lateMetadata.forEach(writer::putMetadata);
        CutPoints.CutPoint cut = null;
        for (long back = SpaceReserve.CHUNK_BYTES;; back *= 2) {
            try {
                if (cut != null) {
                    cutBackTo(cut);
                }
                writer.finish();
                return;
            } catch (SbenchException e) {
                if (!outOfRoom(e) || ios == 0) {
                    throw e;
                }
            }
            cut = cutPoints.atOrBefore(Math.min(writer.length() - back, writer.keepableTo()));
        }
    }

    /**
     * Drops the IOs written after {@code p} and says so in the metadata: the disk was full, and fewer IOs were
     * reordered. After a failed sync the IOs kept are written again (which can find the disk full too: the counts
     * are those of the cut by then).
     */
    private void cutBackTo(CutPoints.CutPoint p) {
        lostToFullDisk += ios - p.ios();
        ios = p.ios();
        reads = p.reads();
        writes = p.writes();
        trims = p.trims();
        flushes = p.flushes();
        bytesRead = p.bytesRead();
        bytesWritten = p.bytesWritten();
        reordered = p.reordered();
        lastIssueNs = p.lastIssueNs();
        diskFull = true;
        writer.cutTo(p.ios(), p.digest(), reserve::release);
        writer.putMetadata(REORDERED, Long.toString(reordered));
        writer.putMetadata(IncompleteRecording.DISK_FULL, "true");
        howRoomRanOut().forEach(writer::putMetadata);
        writer.putMetadata(IncompleteRecording.COMPLETE, "false");
    }

    /** Deletes the output unless {@link #finish} completed it. */
    @Override
    public void close() {
        try {
            writer.close();
        } finally {
            reserve.close();
        }
    }

    /** True once the disk filled up: the trace ends at the last IO before, later IOs and marks are left out. */
    boolean diskFull() {
        return diskFull;
    }

    /**
     * The metadata that says how room ran out ({@link IncompleteRecording#DISK_FULL_DIR}, {@link IncompleteRecording#DISK_QUOTA}),
     * each only when it applies: none when the file system of the trace filled up, or when room did not run out.
     */
    Map<String, String> howRoomRanOut() {
        Map<String, String> how = new LinkedHashMap<>();
        if (tempDirFull != null) {
            how.put(IncompleteRecording.DISK_FULL_DIR, tempDirFull);
        }
        if (quota) {
            how.put(IncompleteRecording.DISK_QUOTA, "true");
        }
        return how;
    }

    /** True when the full disk was the user's disk quota running out (EDQUOT), not the file system filling up. */
    boolean quotaExceeded() {
        return quota;
    }

    /** Names of the marks left out because the disk was full, in the order made. */
    List<String> lostMarks() {
        return List.copyOf(lostMarks);
    }

    /** The temporary directory the process names spill to when it was that which filled up, not the trace's disk; else null. */
    String tempDirFull() {
        return tempDirFull;
    }

    /** IOs left out because the disk was full. */
    long lostToFullDisk() {
        return lostToFullDisk;
    }

    /** The last IO's issue time from the first's, ns (0 without IOs): how much of the recording the trace holds. */
    long spanNs() {
        return ios == 0 ? 0 : lastIssueNs - originNs;
    }

    long ios() {
        return ios;
    }

    long reads() {
        return reads;
    }

    long writes() {
        return writes;
    }

    long trims() {
        return trims;
    }

    long flushes() {
        return flushes;
    }

    long bytesRead() {
        return bytesRead;
    }

    long bytesWritten() {
        return bytesWritten;
    }

    /** IOs whose issue time was below an earlier IO's (see {@link #accept}); readers sort them. */
    long reordered() {
        return reordered;
    }

    int phases() {
        return marks.size();
    }
}
