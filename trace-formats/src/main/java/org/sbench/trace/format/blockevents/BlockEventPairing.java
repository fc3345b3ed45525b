// Block request events in, paired IOs out: what every reader of issue / complete events shares, whatever their encoding.
package org.sbench.trace.format.blockevents;

import java.util.function.LongFunction;
import java.util.function.Predicate;
import org.sbench.SbenchException;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;
import org.sbench.trace.RequestAccounts;

/**
 * The events of block requests, decoded from text lines or binary ring-buffer pages, paired into
 * IOs ({@link CompletionMatcher}) and counted ({@link RequestAccounts}): issues, completions,
 * requeues, requests of other kinds and losses go in, IOs in issue order come out of
 * {@link #poll}. Not thread-safe.
 */
public final class BlockEventPairing {
    private final CompletionMatcher matcher;
    private final Predicate<IoRecord> accept;
    private final IoRecord issued = new IoRecord();
    private final RequestAccounts accounts = new RequestAccounts();

    /**
     * @param keepUncompleted true to hand out an issue whose completion never comes as an IO
     *        without a completion time, false to drop it (counted in {@link #lostIssues()})
     * @param accept checks an issued record before it waits for its completion; false leaves it out
     */
    public BlockEventPairing(boolean keepUncompleted, Predicate<IoRecord> accept) {
        this.matcher = new CompletionMatcher(CompletionMatcher.DEFAULT_MAX_PENDING, keepUncompleted);
        this.accept = accept;
    }

    /**
     * A request issued to the driver at {@code timeNs}; {@code sectorKey} is its start sector as the
     * events carry it ({@link BlockEventFields#NO_SECTOR} for none), which its completion repeats.
     */
    public void issue(long timeNs, Op op, int device, long sectorKey, long offsetBytes, long lengthBytes, String process) {
        issued.clear();
        issued.issueNs = timeNs;
        issued.op = op;
        issued.offsetBytes = offsetBytes;
        issued.lengthBytes = lengthBytes;
        issued.stream = device;
        issued.process = process;
        if (accept.test(issued)) {
            matcher.issue(issued, sectorKey);
        }
    }

    /**
     * The completion at {@code timeNs} of the oldest issue waiting with this device, sector and op;
     * one with none waiting was issued before tracing began. A trim completing without sectors was
     * never issued as one (its issue is a bad record), and is passed over; a read or write without
     * sectors never reaches here ({@link BlockEventFields#op}): the request that asked for a cache
     * flush ({@code WS () 0 + 0} after the {@code FF} flush itself), which the block layer completes
     * in place, is one. An IO completed with an error ({@code errno} not 0) is kept, and counted.
     *
     * @param earlier the error for a completion before its issue (named in ns), which drops that issue
     */
    public void complete(long timeNs, int device, long sectorKey, long sectors, Op op, int errno,
            LongFunction<SbenchException> earlier) {
        if (sectors == 0 && op != Op.FLUSH) {
            return;
        }
        long handle = matcher.find(device, sectorKey, op);
        if (handle == CompletionMatcher.NOT_FOUND) {
            return;
        }
        long issueNs = matcher.issueNs(handle);
        if (timeNs < issueNs) {
            matcher.cancel(handle);
            throw earlier.apply(issueNs);
        }
        matcher.complete(handle, timeNs);
        if (errno != 0) {
            accounts.failed(errno);
        }
    }

    /** What a completion before its issue at {@code issueNs} should have been, for its error. */
    public static String earlierThanIssue(long issueNs) {
        return "a completion time no earlier than its issue at " + issueNs + " ns";
    }

    /** A request of another kind (write-zeroes, passthrough, zone commands) issued, spanning {@code bytes}: left out, counted. */
    public void otherRequest(long bytes) {
        accounts.otherRequest(bytes);
    }

    /** A requeue of a request of another kind spanning {@code bytes}: it is issued again, and counted then. */
    public void otherRequeued(long bytes) {
        accounts.otherRequeued(bytes);
    }

    /** The events say some were lost here ({@link CompletionMatcher#eventsLost}). */
    public void eventsLost() {
        matcher.eventsLost();
    }

    /** A requeue: the newest issue waiting with this key is dropped, as a later issue repeats it ({@link CompletionMatcher#requeue}). */
    public void requeue(int device, long sectorKey, Op op) {
        matcher.requeue(device, sectorKey, op);
    }

    /** The next IO in issue order, if it can leave ({@link CompletionMatcher#poll}). */
    public boolean poll(IoRecord into, boolean endOfInput) {
        return matcher.poll(into, endOfInput);
    }

    /** Issues read but not yet handed out. */
    public int pending() {
        return matcher.pending();
    }

    /** Issues dropped because their completion never came (a pairing that drops them). */
    public long lostIssues() {
        return matcher.lostIssues();
    }

    public RequestAccounts requestAccounts() {
        return accounts;
    }
}
