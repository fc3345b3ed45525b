// A striped target's engine: each trace IO becomes member IOs on one engine over all the members.
package org.sbench.engine;

import java.util.Arrays;
import org.sbench.target.SplitGeometry;
import org.sbench.target.StripeLayout;
import org.sbench.trace.sort.EntryHeap;

/**
 * The engine of a {@link org.sbench.target.StripedTarget}, and of a block device whose reads and
 * writes the block layer would split (a stripe of one, {@link StripeLayout#ONE}): the caller sees
 * one slot per trace IO, as with any engine, and this engine splits each into member IOs on an
 * engine opened over all the members ({@code inner}), whose first {@link #depth()} slots are the
 * trace IOs' (with their buffers) and whose further slots, without buffers, carry the member IOs. A
 * read or write becomes one member IO per chunk it touches ({@link StripeLayout#partBytes}), and
 * each of those is cut further, from its start, into the requests its member takes whole, as the
 * block layer would cut it ({@link SplitGeometry#headBytes}; not for an engine whose workers would
 * race the pieces to the block layer: {@code memberSplits} {@link SplitGeometry#NONE}). Each member
 * IO points into the trace IO's buffer, so the bytes are those a single device would get. A FLUSH
 * becomes one member IO per member, a TRIM one ranged discard on each member it touches. Member IOs
 * are submitted in trace order, so each member sees its IOs in trace order.
 *
 * <p>A trace IO is submitted ({@link IoSlot#submitNs}) when its first member IO is and done
 * ({@link IoSlot#doneNs}) when its last is; its result is the bytes all parts moved, or the first
 * part's negative errno. So queue-depth gating, latency, lateness and fidelity stay per trace IO.
 * Each member has its own count of IOs in flight and a cap ({@code memberCaps}: what its queue
 * holds); {@link #admits} holds a trace IO back until every member it touches has room for its
 * parts. A read or write with more parts on a member than its cap (or than there are member slots)
 * is let go once its first part has room, and its parts go out in order as room comes, the next
 * trace IO waiting until all are out. A {@link MemberListener} hears every member IO, for the
 * per-member results.
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

        /** A read or write became {@code parts} (more than one) member IOs; heard when the last of them is submitted. */
        void split(int parts);

        /** {@code part} went to member {@code part.member} ({@link IoSlot#submitNs} set), which then had {@code memberInFlight} in flight, counting it. */
        void submitted(IoSlot part, int memberInFlight);

        /** {@code part} completed ({@link IoSlot#doneNs}, {@link IoSlot#result} set). */
        void completed(IoSlot part);
    }

    private final IoEngine inner;
    private final StripeLayout layout;
    private final int[] memberCaps;
    /** Per member: where its device splits a read or write, and the longest it takes whole from the inner engine's buffers. */
    private final SplitGeometry[] memberSplits;
    private final long[] wholeBytes;
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
    /** By inner slot index: the listener heard the member IO submitted, and not yet completed. */
    private final boolean[] heardRunning;
    /** By inner slot index: the listener heard the member IO complete in commit, and is not told again at its reap. */
    private final boolean[] heardDone;
    /** In a commit that waited: the member IOs heard running and stamped done, not yet heard done; earliest done first. */
    private final EntryHeap doneUnheard;
    /** The inner engine's {@link IoEngine#orderWaits} after the last commit: when it moves, IOs ran or waited in commit. */
    private long orderWaits;
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
    /** The trace IO whose parts are not all submitted (a member had no room for the next), -1 when none; where its next part starts. */
    private int unsent = -1;
    private long unsentPos;

    /**
     * @param inner        an engine over the target's members whose first {@code depth} slots have
     *                     buffers and whose others (at least one per member) have none
     * @param memberCaps   per member, the most member IOs in flight at once (at least 1)
     * @param memberSplits per member, where its reads and writes are cut into requests;
     *                     {@link SplitGeometry#NONE} for none
     */
    public StripedEngine(IoEngine inner, int depth, StripeLayout layout, int[] memberCaps, SplitGeometry[] memberSplits) {
        if (memberCaps.length != layout.members() || memberSplits.length != layout.members() || depth < 1
                || inner.slots().length < depth + layout.members()) {
            throw new IllegalArgumentException("striped engine over " + inner.slots().length + " slots for depth " + depth
                    + ", " + memberCaps.length + " member caps and " + memberSplits.length + " splits of " + layout.members() + " members");
        }
        this.inner = inner;
        this.layout = layout;
        this.memberCaps = memberCaps.clone();
        this.memberSplits = memberSplits.clone();
        this.wholeBytes = new long[memberSplits.length];
        for (int m = 0; m < wholeBytes.length; m++) {
            wholeBytes[m] = memberSplits[m].wholeBytes(inner.hugePageBytes() > 0);
        }
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
        this.heardRunning = new boolean[all.length];
        this.heardDone = new boolean[all.length];
        this.doneUnheard = new EntryHeap(all.length, (a, b) -> all[a].doneNs < all[b].doneNs);
        this.orderWaits = inner.orderWaits();
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

    /** As above, with no member IO cut further than at chunk boundaries. */
    public StripedEngine(IoEngine inner, int depth, StripeLayout layout, int[] memberCaps) {
        this(inner, depth, layout, memberCaps, none(layout.members()));
    }

    private static SplitGeometry[] none(int members) {
        SplitGeometry[] none = new SplitGeometry[members];
        Arrays.fill(none, SplitGeometry.NONE);
        return none;
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

    @Override
    public String bufferNote() {
        return inner.bufferNote();
    }

    @Override
    public int spareRequests() {
        return inner.spareRequests();
    }

    /**
     * True when there are member slots for the parts of {@code slot}'s IO and room on each member it
     * touches, or, for a read or write with more parts on a member than its cap or than there are
     * member slots, room for its first part; false while a trace IO's parts are still going out.
     */
    @Override
    public boolean admits(IoSlot slot) {
        if (unsent >= 0) {
            refused = true;
            return false;
        }
        int parts = 0;
        switch (slot.op) {
            case READ:
            case WRITE:
                for (long pos = 0; pos < slot.lengthBytes; parts++) {
                    long at = slot.offsetBytes + pos;
                    int m = layout.memberOf(at);
                    need[m]++;
                    pos += partBytes(at, slot.lengthBytes - pos, m);
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
        boolean never = parts > freeParts.length;
        for (int m = 0; m < need.length; m++) {
            room &= memberInFlight[m] + need[m] <= memberCaps[m];
            never |= need[m] > memberCaps[m];
            need[m] = 0;
        }
        room |= never && hasRoom(layout.memberOf(slot.offsetBytes));
        refused = !room;
        return room;
    }

    /** True when a member IO can go to member {@code m} now: a member slot is free and the member is below its cap. */
    private boolean hasRoom(int m) {
        return freePartCount > 0 && memberInFlight[m] < memberCaps[m];
    }

    /**
     * Bytes of the member IO of a read or write that starts at array byte {@code at} with
     * {@code remaining} left, on member {@code m}: up to the end of its chunk, cut to what the member takes whole.
     */
    private long partBytes(long at, long remaining, int m) {
        return memberSplits[m].headBytes(layout.memberOffset(at), layout.partBytes(at, remaining), wholeBytes[m]);
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
                unsentPos = 0;
                sendParts(p);
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

    /**
     * Submits the member IOs of the read or write {@code p} from {@link #unsentPos} on, in order,
     * while their members have room; leaves it {@link #unsent} when one had none.
     */
    private void sendParts(int p) {
        IoSlot slot = parents[p];
        long pos = unsentPos;
        while (pos < slot.lengthBytes) {
            long at = slot.offsetBytes + pos;
            int m = layout.memberOf(at);
            if (!hasRoom(m)) {
                break;
            }
            long n = partBytes(at, slot.lengthBytes - pos, m);
            addPart(slot, m, layout.memberOffset(at), n, (int) pos);
            pos += n;
        }
        unsentPos = pos;
        unsent = pos < slot.lengthBytes ? p : -1;
        if (unsent < 0 && parts[p] > 1) {
            listener.split(parts[p]);
        }
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
     * Commits every member IO submitted; a trace IO is stamped submitted with its first part (with the end of the
     * waits in commit before that part), and done in commit when all its parts ran there (a FLUSH or TRIM, run in
     * commit by the engine).
     */
    @Override
    public int commit() {
        commitParts();
        for (int k = 0; k < uncommittedParentCount; k++) {
            int p = uncommittedParents[k];
            IoSlot parent = parents[p];
            parent.submitNs = all[firstPart[p]].submitNs;
            parent.orderWaitEndNs = all[firstPart[p]].orderWaitEndNs;
            if (doneInCommit[p] == parts[p] && p != unsent) {
                parent.doneNs = lastDoneNs[p];
            }
        }
        int n = uncommittedParentCount;
        committed += n;
        uncommittedParentCount = 0;
        return n;
    }

    /**
     * Commits the member IOs submitted since the last commit and tells the listener of each; when IOs
     * ran or waited in commit (a FLUSH, a TRIM), it hears first the member IOs that were done before
     * each submit (those that ran there, and those the engine stamped done meanwhile): a member's busy
     * time needs its events in time order.
     */
    private void commitParts() {
        inner.commit();
        boolean waited = inner.orderWaits() != orderWaits;
        orderWaits = inner.orderWaits();
        if (waited) {
            collectDoneUnheard();
        }
        for (int k = 0; k < uncommittedPartCount; k++) {
            int i = uncommittedParts[k];
            hearDoneBy(all[i].submitNs);
            listener.submitted(all[i], depthAtSubmit[i]);
            heardRunning[i] = true;
            if (all[i].doneNs != Long.MIN_VALUE) {
                int p = parentOf[i];
                doneInCommit[p]++;
                lastDoneNs[p] = Math.max(lastDoneNs[p], all[i].doneNs);
                if (waited) {
                    doneUnheard.push(i);
                }
            }
        }
        hearDoneBy(Long.MAX_VALUE);
        uncommittedPartCount = 0;
    }

    /** Member IOs heard submitted before this commit that the engine stamped done in it (or before), not yet reaped. */
    private void collectDoneUnheard() {
        for (int i = parents.length; i < all.length; i++) {
            if (heardRunning[i] && !heardDone[i] && all[i].doneNs != Long.MIN_VALUE) {
                doneUnheard.push(i);
            }
        }
    }

    /** Tells the listener, earliest first, of the collected member IOs stamped done by {@code byNs}. */
    private void hearDoneBy(long byNs) {
        while (doneUnheard.size() > 0 && all[doneUnheard.top()].doneNs <= byNs) {
            int i = doneUnheard.pop();
            heardDone[i] = true;
            listener.completed(all[i]);
        }
    }

    /** Submits and commits the parts of the {@link #unsent} trace IO that have room now; nothing while trace IOs wait for commit. */
    private void sendUnsent() {
        if (unsent < 0 || uncommittedParentCount > 0) {
            return;
        }
        sendParts(unsent);
        if (uncommittedPartCount > 0) {
            commitParts();
        }
    }

    /**
     * Hands over the trace IOs whose last part completed, waiting as {@link IoEngine#reap} says for
     * {@code min} of them, and sends the parts of an {@link #unsent} trace IO as room comes; returns
     * early, with fewer, when {@link #admits} refused an IO and a member IO completed since (its
     * member may have room now).
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
                sendUnsent();
                return delivered;
            }
            long deadline = timeoutNs > 0 ? System.nanoTime() + timeoutNs : 0;
            while (delivered < want && !(refused && roomMade && unsent < 0)) {
                long leftNs = -1;
                if (timeoutNs > 0) {
                    leftNs = deadline - System.nanoTime();
                    if (leftNs <= 0) {
                        break;
                    }
                }
                inner.reap(1, leftNs, partDone);
                sendUnsent();
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
        if (!heardDone[i]) {
            listener.completed(part);
        }
        heardRunning[i] = false;
        heardDone[i] = false;
        if (part.result < 0) {
            errno[p] = errno[p] == 0 ? part.result : errno[p];
        } else {
            transferred[p] += part.result;
        }
        lastDoneNs[p] = Math.max(lastDoneNs[p], part.doneNs);
        freeParts[freePartCount++] = i;
        if (--partsLeft[p] > 0 || p == unsent) {
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
    public long orderWaits() {
        return inner.orderWaits();
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
