// Where the bytes of a striped target live: the RAID 0 mapping of dm-stripe and md raid0.
package org.sbench.target;

/**
 * The RAID 0 layout of {@code members} equal members in chunks of {@code chunkBytes}, as
 * dm-stripe maps it and md raid0 does with members of equal size (one zone): byte {@code x} of
 * the array is in chunk {@code c = x / chunk}, on member {@code c mod N}, at member offset
 * {@code (c / N) * chunk + x mod chunk}. Immutable and allocation-free; offsets in bytes.
 *
 * <p>A read or write is split where it crosses from one member to the next, which with two or
 * more members is every chunk boundary (consecutive chunks are on different members); with one
 * member nothing is ever split, so a stripe of one is the member itself. A discard becomes at most
 * one range per member ({@link #rangeStart}), the union of its parts there, which is contiguous on
 * the member (dm-stripe's {@code stripe_map_range}).
 */
public final class StripeLayout {
    /** The smallest chunk: a page, as dm-stripe requires. */
    public static final long MIN_CHUNK_BYTES = 4096;
    /** A target alone, as a stripe of one: every byte where it is, nothing split at chunks. */
    public static final StripeLayout ONE = new StripeLayout(1, MIN_CHUNK_BYTES);

    private final int members;
    private final long chunkBytes;
    private final int chunkShift;

    /**
     * @throws IllegalArgumentException for fewer than one member or a chunk that is not a power of
     *                                  two of at least {@link #MIN_CHUNK_BYTES}
     */
    public StripeLayout(int members, long chunkBytes) {
        if (members < 1) {
            throw new IllegalArgumentException("a stripe of " + members + " members");
        }
        if (chunkBytes < MIN_CHUNK_BYTES || Long.bitCount(chunkBytes) != 1) {
            throw new IllegalArgumentException("chunk of " + chunkBytes + " bytes");
        }
        this.members = members;
        this.chunkBytes = chunkBytes;
        this.chunkShift = Long.numberOfTrailingZeros(chunkBytes);
    }

    public int members() {
        return members;
    }

    public long chunkBytes() {
        return chunkBytes;
    }

    /** The member that holds array byte {@code offsetBytes}. */
    public int memberOf(long offsetBytes) {
        return (int) ((offsetBytes >>> chunkShift) % members);
    }

    /** Where array byte {@code offsetBytes} is on its member. */
    public long memberOffset(long offsetBytes) {
        long chunk = offsetBytes >>> chunkShift;
        return ((chunk / members) << chunkShift) | (offsetBytes & (chunkBytes - 1));
    }

    /**
     * Bytes of the part of a read or write that starts at array byte {@code offsetBytes} with
     * {@code remainingBytes} left: up to the end of its chunk, or all of it on a stripe of one.
     */
    public long partBytes(long offsetBytes, long remainingBytes) {
        if (members == 1) {
            return remainingBytes;
        }
        return Math.min(remainingBytes, chunkBytes - (offsetBytes & (chunkBytes - 1)));
    }

    /**
     * Where the array range starting or ending at {@code arrayBytes} starts or ends on member
     * {@code member} (dm-stripe's {@code stripe_map_range_sector}): the mapped offset when the byte
     * is on that member, else the start of the member's chunk in the same row, or of its next
     * row's chunk when the member comes before the byte's member. Member {@code m} holds
     * {@code [rangeStart(start, m), rangeStart(end, m))} of array range {@code [start, end)}: empty
     * when the first is not below the second.
     */
    public long rangeStart(long arrayBytes, int member) {
        int on = memberOf(arrayBytes);
        long mapped = memberOffset(arrayBytes);
        if (on == member) {
            return mapped;
        }
        long rowStart = mapped & ~(chunkBytes - 1);
        return member < on ? rowStart + chunkBytes : rowStart;
    }

    /** What the stripe uses of every member: the smallest member's size rounded down to whole chunks. */
    public long memberBytes(long smallestMemberBytes) {
        return smallestMemberBytes >>> chunkShift << chunkShift;
    }
}
