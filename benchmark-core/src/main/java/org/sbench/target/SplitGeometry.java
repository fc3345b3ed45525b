// Where the block layer splits a read or write of a block device into requests.
package org.sbench.target;

/**
 * How the block layer cuts a read or write of a block device into requests (block/blk-merge.c,
 * {@code get_max_io_size} and {@code bio_split_rw_at}): a request holds at most
 * {@code max_sectors_kb}, in at most {@code max_segments} runs of physically contiguous memory of
 * at most {@code max_segment_size} each, and never crosses a multiple of {@code chunk_sectors}
 * (counted on the whole disk). A longer bio is cut from its start, each cut on a physical block
 * where one is in reach. {@link #NONE} for a target without a block device queue: nothing is cut.
 *
 * @param maxBytes           {@code queue/max_sectors_kb} in bytes; 0 when there is no queue
 * @param maxSegments        {@code queue/max_segments}; 0 when unknown (no limit)
 * @param maxSegmentBytes    {@code queue/max_segment_size}; 0 when unknown (no limit)
 * @param chunkBytes         {@code queue/chunk_sectors} in bytes; 0 when the device has no chunks
 * @param physicalBlockBytes the physical block size
 * @param startBytes         where the target starts on its disk (a partition's start), 0 for a disk
 */
public record SplitGeometry(long maxBytes, long maxSegments, long maxSegmentBytes, long chunkBytes, long physicalBlockBytes,
                            long startBytes) {
    /** No block device queue: a file, the null target, a stripe (whose members each have their own). */
    public static final SplitGeometry NONE = new SplitGeometry(0, 0, 0, 0, 1, 0);
    private static final long SMALL_PAGE = 4096;
    private static final long HUGE_PAGE = 2L << 20;

    public SplitGeometry {
        if (maxBytes < 0 || maxSegments < 0 || maxSegmentBytes < 0 || chunkBytes < 0 || physicalBlockBytes < 1 || startBytes < 0) {
            throw new IllegalArgumentException("split geometry " + maxBytes + ", " + maxSegments + ", " + maxSegmentBytes + ", "
                    + chunkBytes + ", " + physicalBlockBytes + ", " + startBytes);
        }
    }

    /** True when the block layer cuts some reads or writes of this target. */
    public boolean cuts() {
        return maxBytes > 0 || chunkBytes > 0;
    }

    /**
     * The longest IO the device takes whole from a buffer of 4 KiB pages, or of huge pages
     * (contiguous runs of up to {@code max_segment_size}): {@code max_sectors_kb}, and no more
     * segments than {@code max_segments}. 0 when nothing limits it.
     */
    public long wholeBytes(boolean hugePages) {
        if (maxBytes == 0) {
            return 0;
        }
        long segment = hugePages ? (maxSegmentBytes > 0 ? Math.min(HUGE_PAGE, maxSegmentBytes) : HUGE_PAGE) : SMALL_PAGE;
        return maxSegments > 0 ? Math.min(maxBytes, maxSegments * segment) : maxBytes;
    }

    /**
     * Bytes of the first request that a read or write of {@code remainingBytes} at {@code offsetBytes}
     * of the target becomes, when the device takes at most {@code wholeBytes} whole (0: no limit):
     * all of it when it fits, else up to that limit or the next {@code chunk_sectors} boundary,
     * whichever is nearer, the cut moved back onto a physical block where that leaves any bytes.
     */
    public long headBytes(long offsetBytes, long remainingBytes, long wholeBytes) {
        long disk = startBytes + offsetBytes;
        long most = wholeBytes > 0 ? wholeBytes : remainingBytes;
        if (chunkBytes > 0) {
            most = Math.min(most, chunkBytes - disk % chunkBytes);
        }
        if (remainingBytes <= most) {
            return remainingBytes;
        }
        long end = disk + most - (disk + most) % physicalBlockBytes;
        return end > disk ? end - disk : most;
    }
}
