package org.sbench.replay;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.sbench.record.RequestCapture.Request;
import org.sbench.target.StripeLayout;
import org.sbench.trace.Op;

/**
 * The requests a device (or each member of a stripe) was given, claimed by the IOs that made them,
 * and the busy time they make: the length of the union of the intervals the kernel certainly had
 * them ({@link Request#issuedByNs} to {@link Request#completedFromNs}).
 */
final class KernelRequests {
    private final List<Request> requests;
    private final boolean[] claimed;

    /** {@code requests} in issue order. */
    KernelRequests(List<Request> requests) {
        this.requests = requests;
        this.claimed = new boolean[requests.size()];
    }

    /**
     * Claims the requests an IO of {@code op} at {@code offsetBytes}, {@code lengthBytes} of a target
     * laid out as {@code layout} over {@code disks} made: on each member, those not yet claimed of
     * its op within its part there, first issued first, until they cover the part (one flush
     * request each member for a flush, where there is one). Returns them, fewer than the IO made
     * where the kernel shows fewer.
     */
    List<Request> claim(Op op, long offsetBytes, long lengthBytes, StripeLayout layout, List<String> disks) {
        List<Request> out = new ArrayList<>();
        if (op == Op.FLUSH) {
            for (String disk : disks) {
                claimWithin(disk, op, 0, 0, 1, out);
            }
            return out;
        }
        for (long pos = 0; pos < lengthBytes; ) {
            long at = offsetBytes + pos;
            long part = layout.partBytes(at, lengthBytes - pos);
            long start = layout.memberOffset(at);
            claimWithin(disks.get(layout.memberOf(at)), op, start, start + part, Integer.MAX_VALUE, out);
            pos += part;
        }
        return out;
    }

    private void claimWithin(String disk, Op op, long start, long end, int most, List<Request> out) {
        long covered = 0;
        int taken = 0;
        for (int i = 0; i < requests.size() && taken < most && (op == Op.FLUSH || covered < end - start); i++) {
            Request r = requests.get(i);
            if (!claimed[i] && r.op() == op && r.disk().equals(disk)
                    && (op == Op.FLUSH || (r.offsetBytes() >= start && r.offsetBytes() + r.lengthBytes() <= end))) {
                claimed[i] = true;
                covered += r.lengthBytes();
                taken++;
                out.add(r);
            }
        }
    }

    /** The requests no IO claimed. */
    List<Request> unclaimed() {
        List<Request> out = new ArrayList<>();
        for (int i = 0; i < requests.size(); i++) {
            if (!claimed[i]) {
                out.add(requests.get(i));
            }
        }
        return out;
    }

    /** The length of the union of the intervals {@code requests} were certainly with the kernel, ns. */
    static long busyNs(List<Request> requests) {
        List<Request> sorted = new ArrayList<>(requests);
        sorted.sort(Comparator.comparingLong(Request::issuedByNs));
        long busy = 0;
        long start = Long.MIN_VALUE;
        long end = Long.MIN_VALUE;
        for (Request r : sorted) {
            long from = r.issuedByNs();
            long to = r.completedFromNs();
            if (to <= from) {
                continue;
            }
            if (from > end) {
                busy += end - start;
                start = from;
                end = to;
            } else {
                end = Math.max(end, to);
            }
        }
        return busy + end - start;
    }
}
