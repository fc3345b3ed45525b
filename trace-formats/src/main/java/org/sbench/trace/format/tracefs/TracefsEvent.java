// One event of a tracefs instance, as its text line or its binary ring-buffer record says it: what the pairing reads.
package org.sbench.trace.format.tracefs;

import java.util.function.LongFunction;
import org.sbench.SbenchException;
import org.sbench.trace.Op;
import org.sbench.trace.format.blockevents.BlockEventPairing;

/**
 * A block request event, a {@code trace_marker} write or a loss, decoded from a text line
 * ({@link TracefsReader}) or a ring-buffer page ({@code tracefs.raw}) into the same fields, so that
 * one {@link #deliver} pairs either. Mutable, reused from event to event.
 */
public final class TracefsEvent {
    /** What the event is. */
    public enum Kind { ISSUE, COMPLETE, REQUEUE, MARKER, LOST }

    public Kind kind;
    /** The trace clock's time, ns. */
    public long timeNs;
    /** The device, {@code (major << 20) | minor}. */
    public int device;
    /** The start sector as the event carries it (-1 for all ones); completions repeat their issue's. */
    public long sector;
    public long sectors;
    /** Null for a request of another kind (write-zeroes, passthrough, zone commands), left out and counted. */
    public Op op;
    public long offsetBytes;
    /** The IO's length; for a request of another kind, the bytes it spans. */
    public long lengthBytes;
    /** A completion's error, positive (5 for EIO); 0 for success. */
    public int errno;
    /** An issue's process, or null. */
    public String process;
    /** A marker's text. */
    public String text;

    /**
     * Hands the event to {@code pairing}, a marker to {@code markers}.
     *
     * @param earlier the error for a completion before its issue (at the issue's ns)
     * @return true when the input ends after this event (the marker sink says so)
     */
    public boolean deliver(BlockEventPairing pairing, TracefsReader.MarkerSink markers, LongFunction<SbenchException> earlier) {
        switch (kind) {
            case MARKER:
                return markers.marker(timeNs, text);
            case LOST:
                pairing.eventsLost();
                return false;
            case ISSUE:
                if (op == null) {
                    pairing.otherRequest(lengthBytes);
                } else {
                    pairing.issue(timeNs, op, device, sector, offsetBytes, lengthBytes, process);
                }
                return false;
            case REQUEUE:
                if (op == null) {
                    pairing.otherRequeued(lengthBytes);
                } else {
                    pairing.requeue(device, sector, op);
                }
                return false;
            default:
                if (op != null) {
                    pairing.complete(timeNs, device, sector, sectors, op, errno, earlier);
                }
                return false;
        }
    }
}
