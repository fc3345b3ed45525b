package org.sbench.replay;

import java.util.ArrayList;
import java.util.List;
import org.sbench.record.RequestCapture.Request;
import org.sbench.trace.Op;

/**
 * The requests some disks were given, claimed by the IOs that made them,
 * and the busy time they make: the length of the union of the intervals the kernel certainly had
 * them ({@link Request#issuedByNs} to {@link Request#completedFromNs}).
 */
public final class KernelRequests {
    private final List<Request> requests;
    private final boolean[] claimed;

    /** {@code requests} in issue order. */
    KernelRequests(List<Request> requests) {
        this.requests = requests;
        this.claimed = new boolean[requests.size()];
    }

    /**
     * Claims the requests an IO of {@code op} to {@code disk} at {@code offsetBytes},
     * {@code lengthBytes} made: those not yet claimed of its op within its range, first issued
     * first, until they cover it; for a flush, the first flush request not yet claimed, where there
     * is one. Returns them, fewer than the IO made where the kernel shows fewer.
     */
    List<Request> claim(String disk, Op op, long offsetBytes, long lengthBytes) {
        List<Request> out = new ArrayList<>();
        long end = offsetBytes + lengthBytes;
        long covered = 0;
        for (int i = 0; i < requests.size() && (op == Op.FLUSH ? out.isEmpty() : covered < lengthBytes); i++) {
            Request r = requests.get(i);
            if (!claimed[i] && r.op() == op && r.disk().equals(disk)
                    && (op == Op.FLUSH || (r.offsetBytes() >= offsetBytes && r.offsetBytes() + r.lengthBytes() <= end))) {
                claimed[i] = true;
                covered += r.lengthBytes();
                out.add(r);
            }
        }
        return out;
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
        IntervalUnion union = new IntervalUnion();
        for (Request r : requests) {
            if (r.completedFromNs() > r.issuedByNs()) {
                union.add(r.issuedByNs(), r.completedFromNs());
            }
        }
        return union.lengthNs();
    }
}
