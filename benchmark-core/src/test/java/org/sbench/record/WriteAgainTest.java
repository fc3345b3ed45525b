// A trace written again after a failed sync, on a disk that is full again by then.
package org.sbench.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.SbenchException;
import org.sbench.target.Ext4OverFullTmpfs;
import org.sbench.trace.Field;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.format.sbt.SbtWriter;
import org.sbench.trace.input.AtomicFileOutput;

class WriteAgainTest {
    private static final long MIB = 1 << 20;
    private static final long RECORDS_PER_MIB = MIB / 48;

    @TempDir
    Path dir;

    /**
     * After a failed sync the part kept is written again a MiB at a time, each into a hole punched first. Here the
     * disk is full again when the third MiB's hole has been punched (another file takes its room): that MiB is lost,
     * the two before it were written again. A cut to before it is kept, one past it is refused, saying so. Until
     * 2026-12-07 a cut past it that gave back room enough wrote the hole as zeros, and was refused as if the kernel had
     * dropped the pages ("the kernel no longer holds what it could not write"); nothing told the recorder where the
     * part written again ended ({@link SbtWriter#keepableTo()}), so its cuts went back a doubling at a time past it.
     */
    @Test
    @Tag("device")
    void aWriteAgainThatFindsNoRoomLeavesTheChunksBeforeItKeepable() throws Exception {
        Ext4OverFullTmpfs.assumeUsable();
        long kept = RECORDS_PER_MIB;
        long mid = RECORDS_PER_MIB * 7 / 2;
        long past = RECORDS_PER_MIB * 5;
        try (Ext4OverFullTmpfs fs = Ext4OverFullTmpfs.mount(dir, 256 << 10)) {
            Path out = fs.dir().resolve("t.sbt");
            AtomicFileOutput file = new AtomicFileOutput(out);
            try (SbtWriter w = new SbtWriter(file, new TraceInfo("test", EnumSet.of(Field.COMPLETE), Map.of(), List.of()));
                 SpaceReserve reserve = new SpaceReserve(file.part())) {
                write(w, 0, kept);
                long keptDigest = w.digest();
                write(w, kept, RECORDS_PER_MIB * 2);
                // The writer holds the last MiB; what it wrote out is written back now, and fails.
                fs.failWritebackThenMakeRoom();
                write(w, RECORDS_PER_MIB * 2, mid);
                long midDigest = w.digest();
                long midEnd = w.length();
                write(w, mid, past);
                long pastDigest = w.digest();
                write(w, past, RECORDS_PER_MIB * 6);
                assertThrows(SbenchException.class, w::finish, "the sync reports the failed writeback");

                SbenchException full = assertThrows(SbenchException.class, () -> w.cutTo(past, pastDigest, (offset, length) -> {
                    reserve.release(offset, length);
                    if (offset == 2 * MIB) {
                        fill(fs);
                    }
                }));
                assertTrue(full.getCause() instanceof IOException io && SbenchException.isNoSpace(io), full.toString());
                long lostFrom = w.keepableTo();
                assertTrue(lostFrom >= 2 * MIB && lostFrom < 3 * MIB, "lost from byte " + lostFrom);

                // Cut back past the lost MiB, its hole would have room again (what the cut gives back), and be written as zeros.
                SbenchException refused = assertThrows(SbenchException.class, () -> w.cutTo(mid, midDigest, reserve::release));
                assertEquals("cannot write " + out + ": syncing it failed (No space left on device), and writing it again failed"
                        + " (No space left on device) at byte " + lostFrom + ", before " + midEnd + " bytes to keep:"
                        + " the trace is not kept", refused.getMessage());

                w.cutTo(kept, keptDigest, reserve::release);
                w.finish();
            }
            fs.dropFromMemory(out);
            RecordingWriterTest.holdsTheFirstWrites(out, kept);
        }
    }

    private static void fill(Ext4OverFullTmpfs fs) {
        try {
            fs.fill();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Writes records {@code from} to {@code to} (exclusive): 4 KiB writes one after the other, 1 us apart. */
    private static void write(SbtWriter w, long from, long to) {
        for (long i = from; i < to; i++) {
            IoRecord r = new IoRecord();
            r.issueNs = i * 1_000L;
            r.completeNs = r.issueNs + 500;
            r.op = Op.WRITE;
            r.offsetBytes = i * 4096L;
            r.lengthBytes = 4096;
            w.write(r);
        }
    }
}
