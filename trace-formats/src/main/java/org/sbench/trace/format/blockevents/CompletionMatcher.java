// Pairs Linux block-layer "issued to driver" events with their completions, streaming.
package org.sbench.trace.format.blockevents;

import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;

/**
 * Pairs each request issued to a driver (blkparse {@code D}, tracefs {@code block_rq_issue},
 * blktrace {@code __BLK_TA_ISSUE}) with its completion and hands the paired IOs out in ISSUE order.
 * Shared by the blkparse, tracefs and blktrace readers, whose events carry the same fields.
 *
 * <p>A request is known by its key (device, sector, op): the completion event repeats the
 * issue's device and start sector, and its RWBS flags give the same {@link Op}. A flush has no
 * sector, and current kernels print different ones for it (tracefs: 0 at issue, 2^64 - 1 at
 * completion), so flushes are keyed by device alone. When several issues with one key are in
 * flight (two flushes, a rewrite of a block still being written), a completion belongs to the
 * oldest of them.
 *
 * <p>Issues wait in a FIFO in issue order; {@link #poll} releases the head once it is completed,
 * so records leave in issue order and memory is bounded by the requests in flight plus the
 * completed ones waiting behind an older, slower one. An issue whose completion never comes
 * (a capture of issues only, such as {@code blktrace -a issue} or one CPU's file; the tracer
 * dropped events; the trace ended first) would hold the FIFO forever: once {@code maxPending}
 * issues wait, the head is given up, and at the end of the input every issue still waiting is.
 * An issue given up is handed out as an IO without a completion time
 * ({@link IoRecord#NO_TIME}), or, for a matcher made to drop them, counted in
 * {@link #lostIssues()} and left out; a completion that comes after its issue was given up finds
 * no issue and is passed over.
 *
 * <p>When the event stream says it lost events ({@link #eventsLost}), an issue waiting then may
 * have lost its completion: were it left waiting, it would pair with the completion of the next
 * request at its sector, seconds later. So a read, write or trim that waited across a loss is
 * given up, as above, when its key is issued again; and as the stream names a loss only at the
 * next event of the CPU that lost it, one already followed by a request with its key (of the
 * latest {@value #REWRITES_KEPT}) is given up at the loss. Without a loss a request at a sector
 * still in flight is a rewrite, and the two pair oldest first. Flushes keep that rule across a
 * loss too: their key is the device alone, and several flushes in flight on one device are common.
 *
 * <p>Storage is parallel primitive arrays (a ring of issues, an open-addressing table from key
 * to the oldest waiting issue with that key, chained through the ring), so pairing allocates
 * nothing per IO once the arrays have grown to the trace's concurrency. Not thread-safe.
 */
public final class CompletionMatcher {
    /**
     * Issues that may wait before the oldest waiting one is given up as lost: seconds of IO at
     * the rates traced devices reach (a quarter second at a million IOPS), about 25 MB of arrays.
     */
    public static final int DEFAULT_MAX_PENDING = 1 << 18;
    private static final int INITIAL_CAPACITY = 64;
    private static final byte WAITING = 0;
    private static final byte DONE = 1;
    private static final byte CANCELLED = 2;
    /** End of a same-key chain. */
    private static final long NO_NEXT = -1;
    /** Handle returned by {@link #find} when no issue waits with the key. */
    public static final long NOT_FOUND = -1;
    private static final long GOLDEN_GAMMA = 0x9E3779B97F4A7C15L;
    /** The sector key of every flush. */
    private static final long FLUSH_KEY = -1;
    /** Rewrites in flight remembered for {@link #eventsLost}: more than a loss's span of them is not expected. */
    static final int REWRITES_KEPT = 4096;

    private final int maxPending;
    private final boolean keepUncompleted;

    // The ring, indexed by sequence number & mask; head is the oldest entry, tail the next free.
    private long[] issueNs;
    private long[] completeNs;
    private long[] sectorKey;
    private long[] offsetBytes;
    private long[] lengthBytes;
    private long[] nextSameKey;
    private int[] device;
    private byte[] op;
    private byte[] state;
    private String[] process;
    private int mask;
    private long head;
    private long tail;

    // Key -> (sequence number + 1) of the oldest and newest waiting issue with that key; 0 is free.
    private long[] chainHead;
    private long[] chainTail;
    private int tableMask;

    private long lost;
    /** Issues with a lower sequence number were waiting when the stream last lost events. */
    private long waitingAtLoss;
    /** Sequence numbers of the latest issues that found an older one waiting with their key, ring of {@link #REWRITES_KEPT}. */
    private final long[] rewrites = new long[REWRITES_KEPT];
    private long rewritesSinceLoss;

    /** A matcher that hands issues it gives up out without a completion time. */
    public CompletionMatcher() {
        this(DEFAULT_MAX_PENDING, true);
    }

    /**
     * A matcher that gives up the oldest waiting issue once {@code maxPending} issues wait, and
     * hands issues given up out without a completion time when {@code keepUncompleted}, else drops
     * them (counted in {@link #lostIssues()}).
     */
    public CompletionMatcher(int maxPending, boolean keepUncompleted) {
        if (maxPending < 1) {
            throw new IllegalArgumentException("maxPending < 1");
        }
        this.maxPending = maxPending;
        this.keepUncompleted = keepUncompleted;
        allocateRing(INITIAL_CAPACITY);
        allocateTable(2 * INITIAL_CAPACITY);
    }

    /**
     * Adds an issued request. {@code issued} carries issue time, offset, length, op, stream (the
     * device, also part of the key) and process; it is copied, the caller may reuse it.
     *
     * @param sectorKey the start sector exactly as the events print it (the completion must
     *        repeat it); -1 for the all-ones sector; ignored for a flush
     */
    public void issue(IoRecord issued, long sectorKey) {
        long key = issued.op == Op.FLUSH ? FLUSH_KEY : sectorKey;
        if (tail - head == mask + 1) {
            growRing();
        }
        long seq = tail++;
        int s = (int) seq & mask;
        issueNs[s] = issued.issueNs;
        completeNs[s] = IoRecord.NO_TIME;
        this.sectorKey[s] = key;
        offsetBytes[s] = issued.offsetBytes;
        lengthBytes[s] = issued.lengthBytes;
        device[s] = issued.stream;
        op[s] = (byte) issued.op.ordinal();
        state[s] = WAITING;
        process[s] = issued.process;
        nextSameKey[s] = NO_NEXT;
        int t = probe(issued.stream, key, op[s]);
        if (t >= 0 && key != FLUSH_KEY) {
            if (chainHead[t] - 1 < waitingAtLoss) {
                giveUpOlderThan(waitingAtLoss, issued.stream, key, op[s]);
                t = probe(issued.stream, key, op[s]);
            }
            if (t >= 0) {
                rewrites[(int) rewritesSinceLoss++ & (REWRITES_KEPT - 1)] = seq;
            }
        }
        if (t >= 0) {
            nextSameKey[(int) (chainTail[t] - 1) & mask] = seq;
            chainTail[t] = seq + 1;
        } else {
            t = -t - 1;
            chainHead[t] = seq + 1;
            chainTail[t] = seq + 1;
        }
    }

    /** The oldest issue waiting with this key, as a handle for the calls below, or {@link #NOT_FOUND}. */
    public long find(int device, long sectorKey, Op op) {
        int t = probe(device, op == Op.FLUSH ? FLUSH_KEY : sectorKey, (byte) op.ordinal());
        return t >= 0 ? chainHead[t] - 1 : NOT_FOUND;
    }

    /** Issue time of the waiting issue {@code handle} from {@link #find}. */
    public long issueNs(long handle) {
        return issueNs[(int) handle & mask];
    }

    /** Completes the waiting issue {@code handle} from {@link #find}. */
    public void complete(long handle, long completeNs) {
        int s = (int) handle & mask;
        unlink(s);
        this.completeNs[s] = completeNs;
        state[s] = DONE;
    }

    /**
     * The events stopped being complete here (the tracer's ring buffer overran): an issue waiting
     * now may never see its completion. Each such read, write or trim is given up when a request
     * with its key is issued after it, at once if one already was.
     */
    public void eventsLost() {
        for (long i = Math.max(0, rewritesSinceLoss - REWRITES_KEPT); i < rewritesSinceLoss; i++) {
            long seq = rewrites[(int) i & (REWRITES_KEPT - 1)];
            int s = (int) seq & mask;
            if (seq >= head && state[s] == WAITING) {
                giveUpOlderThan(seq, device[s], sectorKey[s], op[s]);
            }
        }
        rewritesSinceLoss = 0;
        waitingAtLoss = tail;
    }

    /** Gives up every issue with this key waiting from before sequence number {@code seq}. */
    private void giveUpOlderThan(long seq, int dev, long key, byte opOrdinal) {
        int t = probe(dev, key, opOrdinal);
        while (t >= 0 && chainHead[t] - 1 < seq) {
            giveUp((int) (chainHead[t] - 1) & mask);
            t = probe(dev, key, opOrdinal);
        }
    }

    /**
     * A request with this key was requeued: the newest issue waiting with it is forgotten without
     * counting it lost, as the request is issued again later. The newest, not the oldest: a driver
     * requeues a request right after its issue, while an older request at the same sector (a rewrite)
     * may still be in flight and is completed by the next completion of the key. So only when that
     * issue is the latest of the input: a driver that refuses a request before starting it (SCSI
     * host busy) requeues one never issued, and an issue of its key waiting then is another request,
     * in flight (it was dropped, and its completion found no issue). A request refused unstarted
     * right after one of its key was issued cannot be told from one refused after its issue; the
     * newest is taken for it.
     */
    public void requeue(int device, long sectorKey, Op op) {
        int t = probe(device, op == Op.FLUSH ? FLUSH_KEY : sectorKey, (byte) op.ordinal());
        if (t < 0 || chainTail[t] != tail) {
            return;
        }
        long newest = chainTail[t] - 1;
        if (chainHead[t] == chainTail[t]) {
            deleteAt(t);
        } else {
            long before = chainHead[t] - 1;
            while (nextSameKey[(int) before & mask] != newest) {
                before = nextSameKey[(int) before & mask];
            }
            nextSameKey[(int) before & mask] = NO_NEXT;
            chainTail[t] = before + 1;
        }
        state[(int) newest & mask] = CANCELLED;
    }

    /** Forgets the waiting issue {@code handle} without counting it lost (its completion was rejected). */
    public void cancel(long handle) {
        int s = (int) handle & mask;
        unlink(s);
        state[s] = CANCELLED;
    }

    /**
     * Fills {@code into} with the oldest issue if it is completed. An oldest issue still waiting
     * is given up when {@code endOfInput} or when {@code maxPending} issues wait: handed out
     * without a completion time, or dropped.
     *
     * @return false when nothing can leave yet (or, at the end of the input, nothing is left)
     */
    public boolean poll(IoRecord into, boolean endOfInput) {
        while (head != tail) {
            int s = (int) head & mask;
            byte st = state[s];
            if (st == WAITING) {
                if (!endOfInput && tail - head < maxPending) {
                    return false;
                }
                giveUp(s);
                st = state[s];
            }
            if (st == DONE) {
                into.clear();
                into.issueNs = issueNs[s];
                into.completeNs = completeNs[s];
                into.offsetBytes = offsetBytes[s];
                into.lengthBytes = lengthBytes[s];
                into.op = Op.ofOrdinal(op[s]);
                into.stream = device[s];
                into.process = process[s];
                process[s] = null;
                head++;
                return true;
            }
            process[s] = null;
            head++;
        }
        return false;
    }

    /** The waiting issue in ring slot {@code s} will not see its completion: handed out without one, or dropped. */
    private void giveUp(int s) {
        unlink(s);
        if (keepUncompleted) {
            completeNs[s] = IoRecord.NO_TIME;
            state[s] = DONE;
        } else {
            state[s] = CANCELLED;
            lost++;
        }
    }

    /** Issues dropped because their completion never came (only by a matcher made to drop them). */
    public long lostIssues() {
        return lost;
    }

    /** Issues held, waiting or completed behind a waiting one. */
    public int pending() {
        return (int) (tail - head);
    }

    /** Removes ring slot {@code s}, the oldest waiting issue of its key, from the key's chain. */
    private void unlink(int s) {
        int t = probe(device[s], sectorKey[s], op[s]);
        long next = nextSameKey[s];
        if (next == NO_NEXT) {
            deleteAt(t);
        } else {
            chainHead[t] = next + 1;
        }
    }

    /** Table index holding the key, or {@code -(free index) - 1}. */
    private int probe(int dev, long sector, byte opOrdinal) {
        int t = hash(dev, sector, opOrdinal) & tableMask;
        while (chainHead[t] != 0) {
            int s = (int) (chainHead[t] - 1) & mask;
            if (sectorKey[s] == sector && device[s] == dev && op[s] == opOrdinal) {
                return t;
            }
            t = (t + 1) & tableMask;
        }
        return -t - 1;
    }

    /** Linear-probing deletion by backward shift, so lookups never need tombstones. */
    private void deleteAt(int free) {
        int i = free;
        int j = free;
        while (true) {
            j = (j + 1) & tableMask;
            if (chainHead[j] == 0) {
                break;
            }
            int s = (int) (chainHead[j] - 1) & mask;
            int home = hash(device[s], sectorKey[s], op[s]) & tableMask;
            boolean stays = i <= j ? (home > i && home <= j) : (home > i || home <= j);
            if (!stays) {
                chainHead[i] = chainHead[j];
                chainTail[i] = chainTail[j];
                i = j;
            }
        }
        chainHead[i] = 0;
        chainTail[i] = 0;
    }

    private static int hash(int dev, long sector, byte opOrdinal) {
        long h = sector * GOLDEN_GAMMA ^ ((long) dev << 3 | opOrdinal);
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        return (int) h;
    }

    private void allocateRing(int capacity) {
        issueNs = new long[capacity];
        completeNs = new long[capacity];
        sectorKey = new long[capacity];
        offsetBytes = new long[capacity];
        lengthBytes = new long[capacity];
        nextSameKey = new long[capacity];
        device = new int[capacity];
        op = new byte[capacity];
        state = new byte[capacity];
        process = new String[capacity];
        mask = capacity - 1;
    }

    private void allocateTable(int capacity) {
        chainHead = new long[capacity];
        chainTail = new long[capacity];
        tableMask = capacity - 1;
    }

    private void growRing() {
        long[] oIssue = issueNs;
        long[] oComplete = completeNs;
        long[] oSector = sectorKey;
        long[] oOffset = offsetBytes;
        long[] oLength = lengthBytes;
        long[] oNext = nextSameKey;
        int[] oDevice = device;
        byte[] oOp = op;
        byte[] oState = state;
        String[] oProcess = process;
        int oMask = mask;
        allocateRing(2 * (oMask + 1));
        for (long seq = head; seq != tail; seq++) {
            int from = (int) seq & oMask;
            int to = (int) seq & mask;
            issueNs[to] = oIssue[from];
            completeNs[to] = oComplete[from];
            sectorKey[to] = oSector[from];
            offsetBytes[to] = oOffset[from];
            lengthBytes[to] = oLength[from];
            nextSameKey[to] = oNext[from];
            device[to] = oDevice[from];
            op[to] = oOp[from];
            state[to] = oState[from];
            process[to] = oProcess[from];
        }
        // Table entries hold sequence numbers, which survive the move; only their places change.
        long[] oHead = chainHead;
        long[] oTail = chainTail;
        allocateTable(2 * (mask + 1));
        for (int i = 0; i < oHead.length; i++) {
            if (oHead[i] != 0) {
                int s = (int) (oHead[i] - 1) & mask;
                int t = -probe(device[s], sectorKey[s], op[s]) - 1;
                chainHead[t] = oHead[i];
                chainTail[t] = oTail[i];
            }
        }
    }
}
