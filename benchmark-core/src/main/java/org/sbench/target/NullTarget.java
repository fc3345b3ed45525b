package org.sbench.target;

import java.util.Map;
import org.sbench.SbenchException;

/**
 * The {@code null} target: no device, every IO is a no-op for the engine to short-circuit, as fio's
 * null engine does. Measures the replay machinery itself (scheduler, engine, recorder).
 */
public final class NullTarget implements Target {
    public static final String NAME = "null";
    /**
     * Capacity when none is given: 1 EiB (2^60), so no trace needs fitting, while offset + length
     * arithmetic (and scaling onto it) stays far from overflow.
     */
    public static final long DEFAULT_CAPACITY_BYTES = 1L << 60;
    public static final int BLOCK_SIZE = 512;
    /** From this size on a null target is taken for one given no --size (its default; under --scale, the whole target's). */
    private static final long UNSIZED_FROM = 1L << 50;
    private static final int NO_FD = -1;

    private final long capacityBytes;

    public NullTarget() {
        this(DEFAULT_CAPACITY_BYTES);
    }

    /**
     * Refuses work over the whole of a null target given no {@code --size} ({@code what}: "a fill",
     * of the step command {@code command}): at the null engine's speed a pass over 2^60 bytes takes years.
     */
    public static void checkSizedFor(Target target, String what, String command) {
        // A scaled region is a share of the whole target: judged by the share, a scale below 1/1024 let the default through.
        Target whole = target.members().get(0);
        if (NAME.equals(target.kind()) && whole.capacityBytes() >= UNSIZED_FROM) {
            throw SbenchException.usage(what + " covers the whole target, and the null target takes any size: "
                    + whole.capacityBytes() + " bytes unless given one: sbench " + command + " --size 1G, or sbench run --size 1G"
                    + " for a scenario");
        }
    }

    /** A null target of {@code capacityBytes}, rounded down to its block size. */
    public NullTarget(long capacityBytes) {
        if (capacityBytes < BLOCK_SIZE) {
            throw new IllegalArgumentException("null target capacity " + capacityBytes + " below " + BLOCK_SIZE);
        }
        this.capacityBytes = capacityBytes / BLOCK_SIZE * BLOCK_SIZE;
    }

    @Override
    public String kind() {
        return NAME;
    }

    /** Null: there is no path. */
    @Override
    public String path() {
        return null;
    }

    @Override
    public long capacityBytes() {
        return capacityBytes;
    }

    @Override
    public int logicalBlockSize() {
        return BLOCK_SIZE;
    }

    @Override
    public int physicalBlockSize() {
        return BLOCK_SIZE;
    }

    @Override
    public int fd() {
        return NO_FD;
    }

    @Override
    public Map<String, String> describe() {
        return Map.of();
    }

    @Override
    public int discard(long offsetBytes, long lengthBytes) {
        return 0;
    }

    /** Erases nothing, by any method. */
    @Override
    public int erase(EraseMethod method, long offsetBytes, long lengthBytes) {
        return 0;
    }

    @Override
    public Erasure erasure(EraseMethod method) {
        return new Erasure(method.word(), "nothing (the null target)", null, null);
    }

    @Override
    public int flush() {
        return 0;
    }

    @Override
    public void close() {
        // nothing is open
    }
}
