package org.sbench.target;

/**
 * How the block layer cuts a discard of a block device (block/blk-lib.c, {@code bio_discard_limit}
 * and {@code blk_alloc_discard_bio}): a bio that starts off a multiple of the discard granularity
 * (counted on the whole disk) ends at the next one; one that starts on a multiple holds at most
 * the largest multiple of the granularity a bio's u32 byte count takes. A request holds at most
 * {@code discard_max_bytes}, and the block layer splits a longer bio into several.
 *
 * @param granularityBytes {@code queue/discard_granularity}, at least the logical block size
 * @param maxBytes         {@code queue/discard_max_bytes}; 0 when the device does not discard
 * @param startBytes       where the target starts on its disk (a partition's start), 0 for a disk
 */
public record DiscardGeometry(long granularityBytes, long maxBytes, long startBytes) {
    /** No block-layer discard: a file, the null target, a device with {@code discard_max_bytes} 0. */
    public static final DiscardGeometry NONE = new DiscardGeometry(1, 0, 0);
    /** A bio's byte count is a u32. */
    private static final long BIO_MAX_BYTES = 0xFFFF_FFFFL;

    public DiscardGeometry {
        if (granularityBytes < 1 || maxBytes < 0 || startBytes < 0) {
            throw new IllegalArgumentException("discard granularity " + granularityBytes + ", max " + maxBytes + ", start " + startBytes);
        }
    }

    /** True when the device discards at all. */
    public boolean discards() {
        return maxBytes > 0;
    }

    /** True when the block layer makes a discard of [offsetBytes, offsetBytes + lengthBytes) of the target one bio and one request. */
    public boolean oneRequest(long offsetBytes, long lengthBytes) {
        if (lengthBytes > maxBytes) {
            return false;
        }
        long intoGranule = (startBytes + offsetBytes) % granularityBytes;
        long bioBytes = intoGranule != 0 ? granularityBytes - intoGranule : BIO_MAX_BYTES / granularityBytes * granularityBytes;
        return lengthBytes <= bioBytes;
    }
}
