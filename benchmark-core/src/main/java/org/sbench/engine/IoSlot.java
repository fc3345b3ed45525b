package org.sbench.engine;

import java.nio.ByteBuffer;
import org.sbench.trace.Op;

/**
 * One queue slot: an IO in flight and the aligned buffer it owns. Slots are made once, up front,
 * one per queue-depth position ({@link IoEngine#slots()}); the replay fills one, submits it, and
 * gets it back on completion, so the hot path allocates nothing.
 *
 * <p>Ownership: between {@link IoEngine#submit} and the {@link CompletionSink#completed} call
 * for it, the engine (and the kernel) own the slot and its buffer; the caller must not touch them.
 *
 * <p>A striped target's member IOs ({@link StripedEngine}) are slots of their own that carry no
 * buffer: each names its member, and the part of the trace IO's buffer that holds its data
 * ({@link #dataSlot}, {@link #dataOffsetBytes}). Every other slot keeps member 0 and its own buffer.
 */
public final class IoSlot {
    /** Position in {@link IoEngine#slots()}; engines use it as the kernel's user data. */
    public final int index;
    /** Native address of this slot's buffer, aligned to at least the target's logical block size. */
    public final long bufferAddress;
    /** Bytes available at {@link #bufferAddress}; the largest read or write this slot can carry. */
    public final int bufferBytes;
    /** The same memory as a direct buffer (position 0, capacity {@link #bufferBytes}), for filling write data. */
    public final ByteBuffer buffer;

    public Op op;
    /** Which of the target's files the IO goes to: an index into {@link org.sbench.target.Target#members()}. */
    public int member;
    /** Offset on {@link #member}. */
    public long offsetBytes;
    public long lengthBytes;
    /** The slot whose buffer holds this IO's data: this slot's own {@link #index} unless the IO is part of another's. */
    public int dataSlot;
    /** Where in {@link #dataSlot}'s buffer this IO's data starts. */
    public int dataOffsetBytes;
    /** Caller's tag, e.g. the IO's index in the trace; engines leave it alone. */
    public long tag;
    /** Set by the engine: when the IO was handed to the kernel (ns, the engine's clock). */
    public long submitNs;
    /**
     * Set by the engine with {@link #submitNs}: when the last wait inside commit that kept trace order had ended when the
     * IO went ({@link IoEngine#orderWaitEndNs} then; {@link Long#MIN_VALUE} before any). A commit can wait more than
     * once (two flushes, each run there), so the engine's value after commit is not every IO's.
     */
    public long orderWaitEndNs = Long.MIN_VALUE;
    /**
     * Set by the engine: when the completion was reaped (ns, the engine's clock); for an IO run
     * synchronously inside {@link IoEngine#commit}, when that call returned, set before commit returns.
     */
    public long doneNs;
    /** Set by the engine: bytes transferred, or a negative errno on failure. */
    public long result;

    public IoSlot(int index, long bufferAddress, int bufferBytes, ByteBuffer buffer) {
        this.index = index;
        this.bufferAddress = bufferAddress;
        this.bufferBytes = bufferBytes;
        this.buffer = buffer;
        this.dataSlot = index;
    }

    /** True when the IO failed or transferred fewer bytes than asked (flushes transfer none). */
    public boolean failed() {
        return result < 0 || (op != Op.FLUSH && op != Op.TRIM && result != lengthBytes);
    }
}
