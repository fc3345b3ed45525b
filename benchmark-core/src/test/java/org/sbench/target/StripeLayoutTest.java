package org.sbench.target;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

/**
 * The RAID 0 mapping against vectors worked out by hand from dm-stripe's {@code stripe_map_sector}
 * and {@code stripe_map_range_sector} (drivers/md/dm-stripe.c), and against a byte-by-byte
 * brute force. (The byte-identical comparison with the kernel's own dm-stripe is
 * {@code org.sbench.replay.StripeKernelLayoutDeviceTest}, where the kernel has device-mapper.)
 */
class StripeLayoutTest {
    private static final long K = 1024;

    /** Each row: members, chunk, array offset, then by hand: chunk index, member, member offset. */
    private static final long[][] VECTORS = {
        // 2 x 64 KiB: chunk c is on member c mod 2 at (c / 2) * 64K.
        {2, 64 * K, 0, 0, 0, 0},
        {2, 64 * K, 64 * K - 1, 0, 0, 64 * K - 1},
        {2, 64 * K, 64 * K, 1, 1, 0},
        {2, 64 * K, 128 * K, 2, 0, 64 * K},
        // 200000 = 3 * 65536 + 3392: chunk 3, member 1, row 1: 65536 + 3392.
        {2, 64 * K, 200_000, 3, 1, 68_928},
        // 3 x 4 KiB: 12288 is chunk 3 (row 1 of member 0); 20580 = 5 * 4096 + 100 is member 2, row 1.
        {3, 4 * K, 12_288, 3, 0, 4096},
        {3, 4 * K, 20_580, 5, 2, 4196},
        {3, 4 * K, 40_960, 10, 1, 12_288},
        // 4 x 128 KiB: 1 MiB is chunk 8, row 2 of member 0; chunk 11 is member 3, row 2.
        {4, 128 * K, 1 << 20, 8, 0, 256 * K},
        {4, 128 * K, (1 << 20) + 3 * 128 * K + 5, 11, 3, 256 * K + 5},
        // One member: the identity.
        {1, 64 * K, 1_234_568_168L, 18_838, 0, 1_234_568_168L},
    };

    @Test
    void mapsAsWorkedOutByHand() {
        for (long[] v : VECTORS) {
            StripeLayout layout = new StripeLayout((int) v[0], v[1]);
            String what = v[0] + " x " + v[1] + " at " + v[2];
            assertEquals(v[3], v[2] / v[1], what + ": chunk");
            assertEquals(v[4], layout.memberOf(v[2]), what + ": member");
            assertEquals(v[5], layout.memberOffset(v[2]), what + ": member offset");
        }
    }

    @Test
    void discardsOneRangePerMemberAsDmStripeMapsThem() {
        // 2 x 64K, [10K, 70K): member 0 gets [10K, 64K) of chunk 0; member 1 [0, 6K) of chunk 1.
        StripeLayout two = new StripeLayout(2, 64 * K);
        assertRange(two, 10 * K, 70 * K, 0, 10 * K, 64 * K);
        assertRange(two, 10 * K, 70 * K, 1, 0, 6 * K);
        // 3 x 4K, [2K, 21K): member 0 chunks 0 (from 2K) and 3 -> [2K, 8K); member 1 chunks 1 and 4
        // -> [0, 8K); member 2 chunk 2 and the first 1K of chunk 5 -> [0, 5K).
        StripeLayout three = new StripeLayout(3, 4 * K);
        assertRange(three, 2 * K, 21 * K, 0, 2 * K, 8 * K);
        assertRange(three, 2 * K, 21 * K, 1, 0, 8 * K);
        assertRange(three, 2 * K, 21 * K, 2, 0, 5 * K);
        // Inside one chunk of member 1: nothing for members 0 and 2.
        assertEquals(three.rangeStart(5 * K, 0), three.rangeStart(6 * K, 0));
        assertRange(three, 5 * K, 6 * K, 1, K, 2 * K);
        assertEquals(three.rangeStart(5 * K, 2), three.rangeStart(6 * K, 2));
    }

    private static void assertRange(StripeLayout layout, long start, long end, int member, long memberStart, long memberEnd) {
        assertEquals(memberStart, layout.rangeStart(start, member), "start on member " + member);
        assertEquals(memberEnd, layout.rangeStart(end, member), "end on member " + member);
    }

    @Test
    void splitsReadsAndWritesAtChunkBoundariesExceptOnAStripeOfOne() {
        StripeLayout two = new StripeLayout(2, 64 * K);
        assertEquals(4 * K, two.partBytes(60 * K, 8 * K));
        StripeLayout one = new StripeLayout(1, 64 * K);
        assertEquals(1 << 20, one.partBytes(60 * K, 1 << 20));
    }

    @Test
    void everyMemberIsUsedToTheSmallestMembersWholeChunks() {
        StripeLayout two = new StripeLayout(2, 64 * K);
        assertEquals(64 * K, two.memberBytes(64 * K + 4 * K));
    }

    @Test
    void refusesWhatDmStripeRefuses() {
        assertThrows(IllegalArgumentException.class, () -> new StripeLayout(0, 64 * K));
        assertThrows(IllegalArgumentException.class, () -> new StripeLayout(2, 2 * K));
        assertThrows(IllegalArgumentException.class, () -> new StripeLayout(2, 48 * K));
    }

    /** Every byte of a read or write lands where the per-byte mapping says, in parts that never cross a member. */
    @Property(tries = 300)
    void partsCoverTheIoExactly(@ForAll @IntRange(min = 1, max = 5) int members, @ForAll @IntRange(min = 12, max = 20) int chunkShift,
                                @ForAll @LongRange(min = 0, max = 1L << 32) long offset, @ForAll @IntRange(min = 1, max = 3 << 20) int length) {
        StripeLayout layout = new StripeLayout(members, 1L << chunkShift);
        long pos = 0;
        while (pos < length) {
            long at = offset + pos;
            long n = layout.partBytes(at, length - pos);
            assertTrue(n > 0 && n <= length - pos);
            int member = layout.memberOf(at);
            // The part's first and last bytes are on its member, contiguous there.
            assertEquals(member, layout.memberOf(at + n - 1));
            assertEquals(layout.memberOffset(at) + n - 1, layout.memberOffset(at + n - 1));
            pos += n;
        }
    }

    /** A discard's range on each member is exactly the union of the member offsets of its bytes there. */
    @Property(tries = 300)
    void discardRangesAreTheUnionOfTheirChunks(@ForAll @IntRange(min = 1, max = 4) int members,
                                               @ForAll @IntRange(min = 0, max = 4000) int startBlock, @ForAll @IntRange(min = 1, max = 600) int blocks) {
        long chunk = 4 * K;
        long block = 512;
        StripeLayout layout = new StripeLayout(members, chunk);
        long start = startBlock * block;
        long end = start + blocks * block;
        for (int m = 0; m < members; m++) {
            long lo = Long.MAX_VALUE;
            long hi = Long.MIN_VALUE;
            long count = 0;
            for (long b = start; b < end; b += block) {
                if (layout.memberOf(b) == m) {
                    lo = Math.min(lo, layout.memberOffset(b));
                    hi = Math.max(hi, layout.memberOffset(b) + block);
                    count++;
                }
            }
            long from = layout.rangeStart(start, m);
            long to = layout.rangeStart(end, m);
            if (count == 0) {
                assertTrue(from >= to, "member " + m + " holds none of it");
            } else {
                assertEquals(lo, from, "member " + m + " start");
                assertEquals(hi, to, "member " + m + " end");
                assertEquals(count * block, to - from, "member " + m + ": the union is contiguous");
            }
        }
    }
}
