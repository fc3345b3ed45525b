package org.sbench.replay;

import org.sbench.SbenchException;
import org.sbench.engine.IoEngine;
import org.sbench.engine.IoEngines;
import org.sbench.target.Target;

/**
 * The opened target and engine a run issues its IOs with, and what its result says of them. The
 * caller owns both and closes them (the engine first).
 *
 * @param engineNote          why the engine is not the one asked for (auto fallback), or null
 * @param bufferMemory        how the slot buffers are backed (e.g. "transparent huge pages (2 MiB)")
 * @param splitThresholdBytes IOs longer than this are split, into the requests the device takes whole; 0 when unknown
 */
public record Equipment(Target target, IoEngine engine, String engineNote, String bufferMemory, long splitThresholdBytes) {
    /** Between the pages and the engine's note in {@link #bufferMemory(IoEngine)}: the pages' words never hold it. */
    private static final String NOTE_SEPARATOR = "; ";
    /**
     * The longest IO sbench replays: slot buffers are made for the longest of the run, up to this. A
     * trace's longer IO is a bad record when the trace is planned ({@link TracePlan}); generated IOs
     * are checked here.
     */
    public static final long MAX_IO_BYTES = 1L << 30;

    /**
     * Opens engine {@code name} on {@code target} for IOs up to {@code largestIoBytes}, with {@code depth}
     * slots or as many as the device queue holds where that is fewer ({@link DeviceQueue}).
     *
     * @throws SbenchException a usage error for an IO beyond {@link #MAX_IO_BYTES} (of generated IOs: an
     *         option made it); what the engine throws
     */
    public static Equipment open(IoEngines.Opener opener, String name, Target target, int depth, long largestIoBytes,
                                 NanoClock clock) {
        if (largestIoBytes > MAX_IO_BYTES) {
            throw SbenchException.usage("an IO of " + largestIoBytes + " bytes is longer than sbench replays (1 GiB)");
        }
        int block = target.logicalBlockSize();
        // Widened by a block at each end for alignment.
        int bufferBytes = (int) Math.max(largestIoBytes + 2L * block, block);
        IoEngines.Opened opened = DeviceQueue.open(opener, name, target, depth, bufferBytes, largestIoBytes, clock);
        IoEngine engine = opened.engine();
        return new Equipment(target, engine, opened.fallbackReason().isEmpty() ? null : opened.fallbackReason(),
                bufferMemory(engine), target.splitGeometry().wholeBytes(engine.hugePageBytes() > 0));
    }

    /** How the engine's slot buffers are backed, and its {@link IoEngine#bufferNote}, for the result's mapping section. */
    static String bufferMemory(IoEngine engine) {
        long huge = engine.hugePageBytes();
        String pages = huge > 0 ? "transparent huge pages (" + huge / (1 << 20) + " MiB)"
                : huge == 0 ? "4 KiB pages (no huge pages granted)" : "unknown page size";
        return engine.bufferNote() == null ? pages : pages + NOTE_SEPARATOR + engine.bufferNote();
    }

    /** The engine's buffer note in a result's {@code bufferMemory} ({@link #bufferMemory(IoEngine)}), or null where it has none. */
    public static String bufferNote(String bufferMemory) {
        int at = bufferMemory == null ? -1 : bufferMemory.indexOf(NOTE_SEPARATOR);
        return at < 0 ? null : bufferMemory.substring(at + NOTE_SEPARATOR.length());
    }
}
