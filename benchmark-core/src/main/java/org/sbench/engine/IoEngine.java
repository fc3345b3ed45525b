package org.sbench.engine;

/**
 * Issues IOs to a target and reaps their completions (fio's ioengine ops table). One
 * engine serves one target and one replay thread: none of its methods is thread-safe, and all must
 * be called from the thread that replays.
 *
 * <p>Life of an IO: the caller fills a free {@link IoSlot} (op, offset, length, tag; write data in
 * its buffer), calls {@link #submit}, and eventually {@link #commit} hands all submitted slots to the
 * kernel in one batch, in submit order, setting their {@link IoSlot#submitNs} from one clock read
 * taken just before the hand-over (a TRIM or FLUSH executed synchronously splits the batch, and
 * each part gets its own read; IOs the kernel takes only at a later call, io_uring's short submit,
 * or libaio's io_submit stopping at an iocb it refuses, get the read before that call). {@link #reap} waits for completions and hands each slot back
 * through the {@link CompletionSink}, with {@link IoSlot#doneNs} set from one clock read per batch
 * reaped. A failed IO is a negative errno in {@link IoSlot#result}, never an exception; exceptions
 * mean the engine itself broke (setup failed, the ring is unusable) and are
 * {@link org.sbench.SbenchException}s naming the call and errno.
 *
 * <p>Offsets, lengths and buffer addresses are aligned to the target's logical block size by the
 * caller. READ and WRITE go through the kernel's asynchronous interface where the engine has one,
 * and so does TRIM where that interface queues discards in order ({@link #discards});
 * FLUSH (fdatasync semantics) and TRIM (discard) may be executed synchronously inside
 * {@link #commit} by engines whose interface cannot issue them in order; such a slot has its
 * {@link IoSlot#doneNs} set when commit returns (the time the call returned), and is handed back
 * at the next reap like any other. A TRIM and a read or write whose range it overlaps never run at
 * once: commit waits for the earlier to complete before it hands over the later (and the IOs after it).
 */
public interface IoEngine extends AutoCloseable {

    /** The word users type ({@code --engine io_uring}). */
    String name();

    /** The most IOs that can be outstanding at once; equals {@code slots().length}. */
    int depth();

    /** The slots, made once at open; index i is {@code slots()[i]}. */
    IoSlot[] slots();

    /**
     * Bytes of the slot buffers backed by transparent huge pages (so that a large IO is a few
     * physically contiguous segments), as measured when the engine was opened; 0 when none were
     * granted, -1 when unknown or not applicable.
     */
    default long hugePageBytes() {
        return -1;
    }

    /**
     * What the result must know of how the slot buffers reach the kernel, when it is not the
     * engine's usual way: io_uring's buffers left unregistered ({@code not registered with the ring
     * (...)}); null otherwise.
     */
    default String bufferNote() {
        return null;
    }

    /**
     * Requests of each device queue this engine leaves free: it puts at most {@code nr_requests}
     * minus these in flight there. 0 for an engine whose submission waits for a free request
     * (libaio, sync).
     */
    default int spareRequests() {
        return 0;
    }

    /**
     * Queues {@code slot} for the next {@link #commit}; at most {@link #depth()} may be in flight.
     * Submitting a slot of another engine, one already in flight, or a READ or WRITE longer than
     * its buffer is a programming error ({@link IllegalArgumentException} or
     * {@link IllegalStateException}).
     */
    void submit(IoSlot slot);

    /**
     * True when {@code slot}, filled for its next IO, may be submitted now. Always true except for
     * a striped target ({@link StripedEngine}), whose IO becomes member IOs that each need room in
     * their member's queue. When it says false, submitting the slot is a programming error, and
     * the next {@link #reap} returns as soon as a completion may have made room, also with fewer
     * completions than its {@code min}.
     */
    default boolean admits(IoSlot slot) {
        return true;
    }

    /** Hands every queued slot to the kernel; returns how many were handed over. */
    int commit();

    /**
     * Waits until at least {@code min} IOs completed (or {@code timeoutNs} passed; negative: no
     * limit, 0: only what is already complete) and hands every completed IO to {@code sink}.
     * {@code min} is capped at the number of committed IOs, so it never waits for IOs that were
     * submitted but not committed. The sink may submit and commit again (not reap); IOs
     * completing meanwhile are handed over by this call or the next.
     *
     * @return the number of completions handed to {@code sink}
     */
    int reap(int min, long timeoutNs, CompletionSink sink);

    /** IOs submitted and not yet reaped. */
    int inFlight();

    /**
     * How many waits inside {@link #commit} that kept trace order there have been (an IO submitted after one holds
     * its end in {@link IoSlot#orderWaitEndNs}): a caller tells that a commit waited, and that IOs completed inside it, by this count
     * changing. Not by the end time changing: a wait that took no time on the clock ends on the value the one
     * before it ended on. 0 for an engine that never waits in commit.
     */
    default long orderWaits() {
        return 0;
    }

    /**
     * How TRIMs reach the target, for the result: {@code queued (io_uring BLOCK_URING_CMD_DISCARD)},
     * {@code ioctl BLKDISCARD in commit} with why nothing better was used, ...; null when the engine
     * does not say.
     */
    default String discards() {
        return null;
    }

    /**
     * Waits for every committed IO in flight (without handing them to anyone), drops IOs submitted
     * but not committed, then releases the kernel context and buffers. Idempotent.
     */
    @Override
    void close();
}
