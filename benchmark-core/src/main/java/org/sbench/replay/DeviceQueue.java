package org.sbench.replay;

import java.util.Map;
import org.sbench.SbenchException;
import org.sbench.engine.IoEngines;
import org.sbench.engine.SlotBuffers;
import org.sbench.target.BlockDeviceTarget;
import org.sbench.target.StripeLayout;
import org.sbench.target.StripeSpec;
import org.sbench.target.StripedTarget;
import org.sbench.target.Target;

/**
 * What a block device's request queue takes at once, and engines sized to it. The queue holds
 * {@code nr_requests} requests; an IO longer than the device takes whole is split into several. When
 * an IO finds no free request, io_uring hands it to a kernel worker that issues it later, after IOs
 * submitted behind it (measured: hundreds of IOs out of trace order at the block layer in a timed
 * burst), and libaio blocks the replay thread in {@code io_submit}. So a replay never has more IOs in
 * flight than the queue holds: the engine gets no more slots than that, and IOs whose recorded depth
 * or time would have let them go while all slots were busy are counted ({@code heldAtCap}). A
 * striped target's members are capped each ({@link #memberLimits}), and the array's depth is the
 * trace's.
 */
public final class DeviceQueue {
    private static final long SMALL_PAGE = 4096;
    private static final long HUGE_PAGE = 2L << 20;
    private static final long KIB = 1024;

    private DeviceQueue() {
    }

    /** The requests the device queue holds ({@code queue/nr_requests}); 0 when the target has no block device queue. */
    public static int requests(Map<String, String> device) {
        String n = device.get(BlockDeviceTarget.KEY_NR_REQUESTS);
        return n == null ? 0 : Integer.parseInt(n);
    }

    /**
     * The longest IO a block device takes whole: its max_sectors_kb, and no more segments than
     * max_segments, each a physically contiguous run: a 4 KiB page, or with huge pages up to
     * max_segment_size. 0 when the target is not a block device.
     */
    public static long splitThreshold(Map<String, String> device, boolean hugePages) {
        String sectorsKb = device.get(BlockDeviceTarget.KEY_MAX_SECTORS_KB);
        String segments = device.get(BlockDeviceTarget.KEY_MAX_SEGMENTS);
        if (sectorsKb == null || segments == null) {
            return 0;
        }
        String segmentSize = device.get(BlockDeviceTarget.KEY_MAX_SEGMENT_SIZE);
        long segment = hugePages ? Math.min(HUGE_PAGE, segmentSize == null ? HUGE_PAGE : Long.parseLong(segmentSize)) : SMALL_PAGE;
        return Math.min(Long.parseLong(sectorsKb) * KIB, Long.parseLong(segments) * segment);
    }

    /**
     * The most IOs of up to {@code largestIoBytes} that the device queue holds at once: its requests,
     * divided by the requests the largest IO is split into; 0 when there is no device queue.
     */
    public static int ioLimit(Map<String, String> device, long largestIoBytes, boolean hugePages) {
        int requests = requests(device);
        if (requests == 0) {
            return 0;
        }
        long threshold = splitThreshold(device, hugePages);
        long parts = threshold <= 0 || largestIoBytes <= threshold ? 1 : (largestIoBytes + threshold - 1) / threshold;
        return (int) Math.max(1, requests / parts);
    }

    /**
     * Per member of {@code stripe}, the most member IOs it is given at once: what its device queue
     * holds of the largest part (a chunk, or the whole IO on a stripe of one; {@link #ioLimit}),
     * and no more than {@code depth} trace IOs of up to {@code largestIoBytes} can put on it (all
     * of that for a file, which has no device queue).
     *
     * @throws SbenchException a usage error when the largest IO puts more parts on a member than
     *                         its queue holds at once, or becomes more member IOs than sbench keeps
     *                         in flight ({@link SlotBuffers#MAX_PART_SLOTS}): it could never be issued whole
     */
    public static int[] memberLimits(StripedTarget stripe, int depth, long largestIoBytes, boolean hugePages) {
        StripeLayout layout = stripe.layout();
        int n = layout.members();
        long chunk = layout.chunkBytes();
        // The chunks an IO of this size touches at most: one more than it covers when it starts mid-chunk.
        long chunks = n == 1 ? 1 : (Math.max(1, largestIoBytes) + chunk - 2) / chunk + 1;
        int perMember = (int) ((chunks + n - 1) / n);
        if (chunks > SlotBuffers.MAX_PART_SLOTS) {
            throw SbenchException.usage("the largest IO (" + largestIoBytes + " bytes) becomes " + chunks + " member IOs in chunks of "
                    + StripeSpec.chunkText(chunk) + ", more than the " + SlotBuffers.MAX_PART_SLOTS + " sbench keeps in flight: use a"
                    + " larger chunk");
        }
        long largestPart = n == 1 ? largestIoBytes : Math.min(chunk, largestIoBytes);
        int[] limits = new int[n];
        for (int m = 0; m < n; m++) {
            Target member = stripe.members().get(m);
            int queue = ioLimit(member.describe(), largestPart, hugePages);
            if (queue > 0 && queue < perMember) {
                throw SbenchException.usage("the largest IO (" + largestIoBytes + " bytes) puts " + perMember + " requests on "
                        + member.path() + ", whose queue holds " + queue + " at once: use a larger chunk than "
                        + StripeSpec.chunkText(chunk) + ", or raise its queue/nr_requests");
            }
            long most = (long) depth * perMember;
            limits[m] = (int) (queue > 0 ? Math.min(queue, most) : Math.min(most, Integer.MAX_VALUE));
        }
        return limits;
    }

    /**
     * Opens engine {@code name} on {@code target} with {@code depth} slots, or as many as the device
     * queue holds where that is fewer ({@link #ioLimit}, with the page size the buffers got).
     */
    public static IoEngines.Opened open(IoEngines.Opener opener, String name, Target target, int depth, int maxIoBytes,
                                        long largestIoBytes, NanoClock clock) {
        Map<String, String> device = target.describe();
        int requests = requests(device);
        IoEngines.Opened opened = opener.open(name, target, requests > 0 ? Math.min(depth, requests) : depth, maxIoBytes, clock);
        int limit = ioLimit(device, largestIoBytes, opened.engine().hugePageBytes() > 0);
        if (limit > 0 && limit < opened.engine().depth()) {
            opened.engine().close();
            opened = opener.open(name, target, limit, maxIoBytes, clock);
        }
        return opened;
    }
}
