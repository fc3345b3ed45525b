// A striped target's engine: each trace IO becomes member IOs on one engine over all the members.
package org.sbench.engine;

import java.util.Arrays;
import org.sbench.target.StripeLayout;
import org.sbench.trace.Op;

/**
 * The engine of a {@link org.sbench.target.StripedTarget}: the caller sees one slot per trace IO,
 * as with any engine, and this engine splits each into member IOs on an engine opened over all the
 * members ({@code inner}), whose first {@link #depth()} slots are the trace IOs' (with their
 * buffers) and whose further slots, without buffers, carry the member IOs. A read or write becomes
 * one member IO per chunk it touches ({@link StripeLayout#partBytes}), each pointing into the
 * trace IO's buffer, so the bytes are those a single device would get; a FLUSH one per member; a
 * TRIM one ranged discard on each member it touches. Member IOs are submitted in trace order, so
 * each member sees its IOs in trace order.
 *
 * <p>A trace IO is submitted ({@link IoSlot#submitNs}) when its first member IO is and done
 * ({@link IoSlot#doneNs}) when its last is; its result is the bytes all parts moved, or the first
 * part's negative errno. So queue-depth gating, latency, lateness and fidelity stay per trace IO.
 * Each member has its own count of IOs in flight and a cap ({@code memberCaps}: what its queue
 * holds); {@link #admits} holds a trace IO back until every member it touches has room for its parts.
 * A {@link MemberListener} hears every member IO, for the per-member results.
 *
 * <p>Not thread-safe, like every engine; allocates nothing per IO.
 */
public final class StripedEngine implements IoEngine {
    /** Hears the member IOs of a striped engine, on the replay thread. */
    public interface MemberListener {
        MemberListener NONE = new MemberListener() {
            @Override
            public void split(int parts) {
            }

            @Override
            public void submitted(IoSlot part, int memberInFlight) {
            }

            @Override
            public void completed(IoSlot part) {
            }
        };

        /** A read or write became {@code parts} (more than one) member IOs. */
        void split(int parts);

        /** {@code part} went to member {@code part.member} ({@link IoSlot#submitNs} set), which then had {@code memberInFlight} in flight, counting it. */
        void submitted(IoSlot part, int memberInFlight);

        /** {@code part} completed ({@link IoSlot#doneNs}, {@link IoSlot#result} set). */
        void completed(IoSlot part);
    }

    private final IoEngine inner;
    private final StripeLayout layout;
    private final int[] memberCaps;
    private final IoSlot[] parents;
    private final IoSlot[] all;
    private final int[] memberInFlight;
    /** Scratch of {@link #admits}: member IOs the slot needs per member. */
    private final int[] need;
    private final int[] freeParts;
    private int freePartCount;
    /** By inner slot index: the trace IO a member IO is part of, and its member's depth at submit. */
    private final int[] parentOf;
    private final int[] depthAtSubmit;
    /** By trace IO: its first member IO, its parts, those still running, those done in commit, the latest part done, bytes moved, first errno. */
    private final int[] firstPart;
    private final int[] parts;
    private final int[] partsLeft;
    private final int[] doneInCommit;
    private final long[] lastDoneNs;
    private final long[] transferred;
    private final long[] errno;
    /** The trace IOs submitted and not yet handed back (and the checks at submit). */
    private final InFlightSlots inFlight;
    /** Member IOs and trace IOs submitted since the last commit, in order. */
    private final int[] uncommittedParts;
    private int uncommittedPartCount;
    private final int[] uncommittedParents;
    private int uncommittedParentCount;
    private final CompletionSink partDone = this::partDone;
    private MemberListener listener = MemberListener.NONE;
    private CompletionSink sink;
    private int delivered;
    private int committed;
    /** {@link #admits} said no since the last reap, and a member IO completed since: reap may return. */
    private boolean refused;
    private boolean roomMade;

    /**
     * @param inner      an engine over the target's members whose first {@code depth} slots have
     *                   buffers and whose others (at least as many as a trace IO has parts) have none
     * @param memberCaps per member, the most member IOs in flight at once; each at least the parts
     *                   the largest IO puts on one member
     */
    public StripedEngine(IoEngine inner, int depth, StripeLayout layout, int[] memberCaps) {
        if (memberCaps.length != layout.members() || depth < 1 || inner.slots().length <= depth) {
            throw new IllegalArgumentException("striped engine over " + inner.slots().length + " slots for depth " + depth
                    + " and " + memberCaps.length + " member caps of " + layout.members() + " members");
        }
        this.inner = inner;
        this.layout = layout;
        this.memberCaps = memberCaps.clone();
        this.all = inner.slots();
        this.parents = Arrays.copyOf(all, depth);
        int members = layout.members();
        this.memberInFlight = new int[members];
        this.need = new int[members];
        this.freeParts = new int[all.length - depth];
        for (int i = all.length - 1; i >= depth; i--) {
            freeParts[freePartCount++] = i;
        }
        this.parentOf = new int[all.length];
        this.depthAtSubmit = new int[all.length];
        this.firstPart = new int[depth];
        this.parts = new int[depth];
        this.partsLeft = new int[depth];
        this.doneInCommit = new int[depth];
        this.lastDoneNs = new long[depth];
        this.transferred = new long[depth];
        this.errno = new long[depth];
        this.inFlight = new InFlightSlots(parents, 1);
        this.uncommittedParts = new int[freeParts.length];
        this.uncommittedParents = new int[depth];
    }

    /** Who hears the member IOs from now on ({@link MemberListener#NONE}: nobody); set between runs. */
    public void listen(MemberListener memberListener) {
        this.listener = memberListener;
    }

    public StripeLayout layout() {
        return layout;
    }

    /** The most member IOs member {@code member} gets in flight at once. */
    public int memberCap(int member) {
        return memberCaps[member];
    }

    @Override
    public String name() {
        return inner.name();
    }

    @Override
    public int depth() {
        return parents.length;
    }

    @Override
    public IoSlot[] slots() {
        return parents;
    }

    @Override
    public long hugePageBytes() {
        return inner.hugePageBytes();
    }

    /** True when there are member slots for the parts of {@code slot}'s IO and room on each member it touches. */
    @Override
    public boolean admits(IoSlot slot) {
        int parts = 0;
        switch (slot.op) {
            case READ:
            case WRITE:
                for (long pos = 0; pos < slot.lengthBytes; parts++) {
                    long at = slot.offsetBytes + pos;
                    need[layout.memberOf(at)]++;
                    pos += layout.partBytes(at, slot.lengthBytes - pos);
                }
                break;
            case FLUSH:
                for (int m = 0; m < need.length; m++) {
                    need[m] = 1;
                }
                parts = need.length;
                break;
            default:
                for (int m = 0; m < need.length; m++) {
                    if (trimsMember(slot, m)) {
                        need[m] = 1;
                        parts++;
                    }
                }
        }
        boolean room = parts <= freePartCount;
        for (int m = 0; m < need.length; m++) {
            room &= memberInFlight[m] + need[m] <= memberCaps[m];
            need[m] = 0;
        }
        refused = !room;
        return room;
    }

    /** True when member {@code m} holds part of the TRIM in {@code slot} (an empty TRIM: the member its offset is on). */
    private boolean trimsMember(IoSlot slot, int m) {
        if (slot.lengthBytes == 0) {
            return layout.memberOf(slot.offsetBytes) == m;
        }
        return layout.rangeStart(slot.offsetBytes, m) < layout.rangeStart(slot.offsetBytes + slot.lengthBytes, m);
    }

    @Override
    public void submit(IoSlot slot) {
        inFlight.take(slot);
        int p = slot.index;
        parts[p] = 0;
        doneInCommit[p] = 0;
        lastDoneNs[p] = Long.MIN_VALUE;
        transferred[p] = 0;
        errno[p] = 0;
        slot.doneNs = Long.MIN_VALUE;
        switch (slot.op) {
            case READ:
            case WRITE:
                for (long pos = 0; pos < slot.lengthBytes; ) {
                    long at = slot.offsetBytes + pos;
                    long n = layout.partBytes(at, slot.lengthBytes - pos);
                    addPart(slot, layout.memberOf(at), layout.memberOffset(at), n, (int) pos);
                    pos += n;
                }
                if (parts[p] > 1) {
                    listener.split(parts[p]);
                }
                break;
            case FLUSH:
                for (int m = 0; m < need.length; m++) {
                    addPart(slot, m, 0, 0, 0);
                }
                break;
            default:
                for (int m = 0; m < need.length; m++) {
                    if (trimsMember(slot, m)) {
                        long start = slot.lengthBytes == 0 ? layout.memberOffset(slot.offsetBytes) : layout.rangeStart(slot.offsetBytes, m);
                        long end = slot.lengthBytes == 0 ? start : layout.rangeStart(slot.offsetBytes + slot.lengthBytes, m);
                        addPart(slot, m, start, end - start, 0);
                    }
                }
        }
        uncommittedParents[uncommittedParentCount++] = p;
    }

    /** Submits one member IO of {@code parent}: on {@code member} at {@code offsetBytes}, its data at {@code dataOffsetBytes} of the parent's buffer. */
    private void addPart(IoSlot parent, int member, long offsetBytes, long lengthBytes, int dataOffsetBytes) {
        if (freePartCount == 0) {
            throw new IllegalStateException("no member slot free for slot " + parent.index + ": submitted without admits()");
        }
        int i = freeParts[--freePartCount];
        IoSlot s = all[i];
        s.op = parent.op;
        s.member = member;
        s.offsetBytes = offsetBytes;
        s.lengthBytes = lengthBytes;
        s.dataSlot = parent.index;
        s.dataOffsetBytes = dataOffsetBytes;
        s.tag = parent.tag;
        s.doneNs = Long.MIN_VALUE;
        parentOf[i] = parent.index;
        depthAtSubmit[i] = ++memberInFlight[member];
        if (parts[parent.index]++ == 0) {
            firstPart[parent.index] = i;
        }
        partsLeft[parent.index]++;
        inner.submit(s);
        uncommittedParts[uncommittedPartCount++] = i;
    }

    /**
     * Commits every member IO submitted; a trace IO is stamped submitted with its first part, and
     * done in commit when all its parts ran there (a FLUSH or TRIM, run in commit by the engine).
     */
    @Override
    public int commit() {
        inner.commit();
        for (int k = 0; k < uncommittedPartCount; k++) {
            int i = uncommittedParts[k];
            listener.submitted(all[i], depthAtSubmit[i]);
            if (all[i].doneNs != Long.MIN_VALUE) {
                int p = parentOf[i];
                doneInCommit[p]++;
                lastDoneNs[p] = Math.max(lastDoneNs[p], all[i].doneNs);
            }
        }
        for (int k = 0; k < uncommittedParentCount; k++) {
            int p = uncommittedParents[k];
            IoSlot parent = parents[p];
            parent.submitNs = all[firstPart[p]].submitNs;
            if (doneInCommit[p] == parts[p]) {
                parent.doneNs = lastDoneNs[p];
            }
        }
        int n = uncommittedParentCount;
        committed += n;
        uncommittedPartCount = 0;
        uncommittedParentCount = 0;
        return n;
    }

    /**
     * Hands over the trace IOs whose last part completed, waiting as {@link IoEngine#reap} says for
     * {@code min} of them; returns early, with fewer, when {@link #admits} refused an IO and a
     * member IO completed since (its member may have room now).
     */
    @Override
    public int reap(int min, long timeoutNs, CompletionSink completions) {
        sink = completions;
        delivered = 0;
        roomMade = false;
        try {
            int want = Math.min(min, committed);
            if (want <= 0 || timeoutNs == 0) {
                inner.reap(0, 0, partDone);
                return delivered;
            }
            long deadline = timeoutNs > 0 ? System.nanoTime() + timeoutNs : 0;
            while (delivered < want && !(refused && roomMade)) {
                long leftNs = -1;
                if (timeoutNs > 0) {
                    leftNs = deadline - System.nanoTime();
                    if (leftNs <= 0) {
                        break;
                    }
                }
                inner.reap(1, leftNs, partDone);
            }
            return delivered;
        } finally {
            sink = null;
        }
    }

    /** A member IO completed: frees its member's room and slot; its trace IO completes with its last part. */
    private void partDone(IoSlot part) {
        int i = part.index;
        int p = parentOf[i];
        memberInFlight[part.member]--;
        roomMade = true;
        listener.completed(part);
        if (part.result < 0) {
            errno[p] = errno[p] == 0 ? part.result : errno[p];
        } else {
            transferred[p] += part.result;
        }
        lastDoneNs[p] = Math.max(lastDoneNs[p], part.doneNs);
        freeParts[freePartCount++] = i;
        if (--partsLeft[p] > 0) {
            return;
        }
        IoSlot parent = parents[p];
        parent.result = errno[p] < 0 ? errno[p] : transferred[p];
        parent.doneNs = lastDoneNs[p];
        inFlight.release(parent);
        committed--;
        delivered++;
        sink.completed(parent);
    }

    @Override
    public int inFlight() {
        return inFlight.count();
    }

    @Override
    public long orderWaitEndNs() {
        return inner.orderWaitEndNs();
    }

    /** How the members' trims go: each trace TRIM becomes one ranged discard per member it covers. */
    @Override
    public String discards() {
        return inner.discards();
    }

    /** Closes the engine over the members (it waits for every member IO in flight). */
    @Override
    public void close() {
        inner.close();
    }
}
