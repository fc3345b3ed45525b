package org.sbench.replay;

import java.util.Map;
import org.sbench.engine.IoEngine;
import org.sbench.engine.IoEngines;
import org.sbench.engine.SlotBuffers;
import org.sbench.engine.StripedEngine;
import org.sbench.target.BlockDeviceTarget;
import org.sbench.target.SplitGeometry;
import org.sbench.target.StripeLayout;
import org.sbench.target.Target;

/**
 * What a block device's request queue takes at once, and engines sized to it. The queue holds
 * {@code nr_requests} requests, and a request at most what the device takes whole
 * ({@link SplitGeometry}: {@code max_sectors_kb}, {@code max_segments}, {@code chunk_sectors}); the
 * block layer splits a longer IO into several requests. io_uring submits without blocking, and the
 * block layer refuses to split such a bio or to wait for a free request: io_uring then hands the
 * IO to a kernel worker, which issues it later, after IOs submitted behind it (measured: every IO
 * longer than the device took whole, and hundreds of IOs in a timed burst beyond the queue, out of
 * trace order at the block layer). libaio blocks the replay thread in {@code io_submit} instead.
 *
 * <p>So a replay never asks the block layer to split or to wait. io_uring and libaio cut every read
 * and write the device would split into the requests the kernel's split would make
 * ({@link StripedEngine}, as it cuts a striped target's IOs at chunk boundaries), and count each
 * member's requests in flight against its {@code nr_requests} ({@link #memberLimits}); an IO waits
 * until its member has room (counted in {@code heldAtCap}), and one longer than the whole queue goes
 * out in parts as room comes. The sync engine does not cut (its workers would race the parts to the
 * block layer): it gets no more slots than the queue holds of the largest IO ({@link #ioLimit}).
 * Either way a trace IO is one slot, and the engine has no more slots than the device queue holds
 * requests, less those the engine leaves free ({@link IoEngine#spareRequests}: io_uring one, for a
 * request the kernel has completed but not yet freed): IOs whose recorded depth or time would have
 * let them go while all were busy are counted ({@code heldAtCap}).
 */
public final class DeviceQueue {
    private DeviceQueue() {
    }

    /** The requests the device queue holds ({@code queue/nr_requests}); 0 when the target has no block device queue. */
    public static int requests(Map<String, String> device) {
        String n = device.get(BlockDeviceTarget.KEY_NR_REQUESTS);
        return n == null ? 0 : Integer.parseInt(n);
    }

    /**
     * The requests of a queue of {@code requests} that an engine leaving {@code spare} free puts in
     * flight: never below one; 0 when there is no device queue.
     */
    static int usable(int requests, int spare) {
        return requests == 0 ? 0 : Math.max(1, requests - spare);
    }

    /**
     * The most IOs of up to {@code largestIoBytes} that a queue of {@code requests} holds at once when
     * the device takes {@code wholeBytes} whole (0: any length): its requests, divided by the
     * requests the largest IO is split into; 0 when there is no device queue.
     */
    public static int ioLimit(int requests, long wholeBytes, long largestIoBytes) {
        if (requests == 0) {
            return 0;
        }
        long parts = wholeBytes <= 0 || largestIoBytes <= wholeBytes ? 1 : (largestIoBytes + wholeBytes - 1) / wholeBytes;
        return (int) Math.max(1, requests / parts);
    }

    /**
     * True when the block layer would split some read or write of up to {@code largestIoBytes} on
     * {@code target}: longer than it takes whole from a buffer of 4 KiB pages, or on a device with
     * {@code chunk_sectors}.
     */
    public static boolean splits(Target target, long largestIoBytes) {
        SplitGeometry g = target.splitGeometry();
        return g.chunkBytes() > 0 || (g.cuts() && largestIoBytes > g.wholeBytes(false));
    }

    /**
     * Per member of {@code target} (laid out as {@code layout}: a stripe's members, or the target
     * alone as a stripe of one), the most member IOs it is given at once: with {@code cut} (the
     * engine cuts every member IO to what the device takes whole, so each is one request), what
     * its device queue holds; without, what it holds of the largest part ({@link #ioLimit}); and no
     * more than {@code depth} trace IOs of up to {@code largestIoBytes} can put on it, which is all a
     * file (no device queue) gets; {@code spare} requests of each queue left free
     * ({@link IoEngine#spareRequests}). Never more than {@link SlotBuffers#MAX_PART_SLOTS}, never below 1.
     * A trace IO with more parts on a member than that goes out in parts as room comes.
     */
    public static int[] memberLimits(Target target, StripeLayout layout, int depth, long largestIoBytes, boolean hugePages,
                                     boolean cut, int spare) {
        int n = layout.members();
        long chunk = layout.chunkBytes();
        long largest = Math.max(1, largestIoBytes);
        // The chunks an IO of this size touches at most: one more than it covers when it starts mid-chunk.
        long chunks = n == 1 ? 1 : (largest + chunk - 2) / chunk + 1;
        long perMember = (chunks + n - 1) / n;
        long largestPart = n == 1 ? largest : Math.min(chunk, largest);
        int[] limits = new int[n];
        for (int m = 0; m < n; m++) {
            Target member = target.members().get(m);
            long whole = member.splitGeometry().wholeBytes(hugePages);
            // A cut part may also end short at a chunk_sectors boundary or on a physical block: one more.
            long piecesPerPart = cut && whole > 0 && largestPart > whole ? (largestPart + whole - 1) / whole + 1 : 1;
            long most = Math.min((long) depth * perMember * piecesPerPart, SlotBuffers.MAX_PART_SLOTS);
            int requests = usable(requests(member.describe()), spare);
            long queue = requests == 0 ? most : cut ? requests : ioLimit(requests, whole, largestPart);
            limits[m] = (int) Math.max(1, Math.min(queue, most));
        }
        return limits;
    }

    /**
     * Opens engine {@code name} on {@code target} with {@code depth} slots, or as many as the device
     * queue holds where that is fewer: its requests less those the engine leaves free, or for an
     * engine that does not cut IOs into requests itself, what those hold of the largest IO
     * ({@link #ioLimit}, with the page size the buffers got).
     */
    public static IoEngines.Opened open(IoEngines.Opener opener, String name, Target target, int depth, int maxIoBytes,
                                        long largestIoBytes, NanoClock clock) {
        int requests = requests(target.describe());
        IoEngines.Opened opened = opener.open(name, target, requests > 0 ? Math.min(depth, requests) : depth, maxIoBytes, clock);
        IoEngine engine = opened.engine();
        if (engine instanceof StripedEngine) {
            return opened;
        }
        int limit = ioLimit(usable(requests, engine.spareRequests()), target.splitGeometry().wholeBytes(engine.hugePageBytes() > 0),
                largestIoBytes);
        if (limit > 0 && limit < engine.depth()) {
            engine.close();
            opened = opener.open(name, target, limit, maxIoBytes, clock);
        }
        return opened;
    }
}
