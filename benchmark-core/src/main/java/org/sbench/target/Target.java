package org.sbench.target;

import java.util.List;
import java.util.Map;
import org.sbench.engine.linux.Errno;

/**
 * Where a replay sends its IOs: a block device, a regular file, or nothing ({@code null}). A target
 * owns its open file descriptor and knows its geometry and identity; it knows nothing of traces.
 * Not thread-safe except where a method says so.
 */
public interface Target extends AutoCloseable {
    /** {@link #unwrittenBytes} of a target that cannot tell. */
    long UNWRITTEN_UNKNOWN = -1;

    /** {@code block}, {@code file} or {@code null}. */
    String kind();

    /** The path as the user gave it ({@code null} for the null target). */
    String path();

    /** Bytes addressable: the device size (BLKGETSIZE64) or the file's size. */
    long capacityBytes();

    /** The smallest unit of an O_DIRECT IO: offsets, lengths and buffers are aligned to it. */
    int logicalBlockSize();

    /** The device's physical sector size (for the result), or the logical size when unknown. */
    int physicalBlockSize();

    /** The open file descriptor (O_DIRECT), or -1 for the null target. */
    int fd();

    /**
     * Identity for the result: for block devices model, serial, firmware revision, rotational,
     * scheduler, nr_requests, max_sectors_kb, max_segments, nomerges (from sysfs), keys absent
     * when unknown; for files the filesystem; empty for the null target.
     */
    Map<String, String> describe();

    /**
     * Bytes of [0, endBytes) that hold no written data, whose reads the filesystem answers without
     * device IO (holes and unwritten extents of a file), or {@link #UNWRITTEN_UNKNOWN} when the target
     * cannot tell (a block device: thin provisioning and discarded blocks do not show; the null
     * target). Called between runs, not during one.
     */
    default long unwrittenBytes(long endBytes) {
        return UNWRITTEN_UNKNOWN;
    }

    /**
     * Discards [offsetBytes, offsetBytes + lengthBytes) synchronously (BLKDISCARD on a device,
     * a hole punched in a file). Safe to call from an engine's worker threads.
     *
     * @return 0 or a negative errno
     */
    int discard(long offsetBytes, long lengthBytes);

    /**
     * How the block layer cuts this target's discards into bios and requests, for an engine that
     * queues discards; {@link DiscardGeometry#NONE} where discards do not reach a block device queue
     * (a file's discard is a punched hole).
     */
    default DiscardGeometry discardGeometry() {
        return DiscardGeometry.NONE;
    }

    /**
     * How the block layer cuts this target's reads and writes into requests, for an engine that
     * cuts them itself; {@link SplitGeometry#NONE} where they do not reach a block device queue (a
     * file, the null target) or go to members that each have their own (a stripe).
     */
    default SplitGeometry splitGeometry() {
        return SplitGeometry.NONE;
    }

    /**
     * Erases [offsetBytes, offsetBytes + lengthBytes) by {@code method}, synchronously (a purge): on a
     * block device BLKDISCARD, BLKSECDISCARD or BLKZEROOUT, on a file a punched hole or a zeroed
     * range. Offset and length are multiples of the logical block size. Not during a run.
     *
     * @return 0 or a negative errno; EOPNOTSUPP where the target has no such method
     */
    default int erase(EraseMethod method, long offsetBytes, long lengthBytes) {
        return method == EraseMethod.TRIM ? discard(offsetBytes, lengthBytes) : -Errno.EOPNOTSUPP;
    }

    /** What this target says of erasing by {@code method} before any call: its words for it, a refusal, a note. */
    default Erasure erasure(EraseMethod method) {
        return method == EraseMethod.TRIM ? new Erasure(method.word(), "discard", null, null)
                : new Erasure(method.word(), method.word(), kind() + " target " + path() + " has no " + method.word(), null);
    }

    /**
     * Flushes the device's write cache synchronously (fdatasync). Safe to call from an engine's
     * worker threads.
     *
     * @return 0 or a negative errno
     */
    int flush();

    /**
     * The targets IOs go to, in the order {@link org.sbench.engine.IoSlot#member} numbers them:
     * this target alone, or a {@link StripedTarget}'s members in stripe order. Engines hold one
     * descriptor per member.
     */
    default List<Target> members() {
        return List.of(this);
    }

    /** The stripe this target's IOs are laid out on (a {@link StripedTarget}, or a region of one), else null. */
    default StripedTarget stripe() {
        return null;
    }

    /** Closes the descriptor and restores anything changed on the device (e.g. queue settings). */
    @Override
    void close();

    /**
     * Closes the target as {@link #close} does and undoes what opening it made: a file it created
     * is deleted. For a refusal that comes after the target was opened and before its first IO
     * ({@link Targets#beforeFirstIo}), so that a refused command leaves nothing behind, and for a
     * replay or suite that did not end ({@link Targets#measure}).
     */
    default void abandon() {
        close();
    }
}
