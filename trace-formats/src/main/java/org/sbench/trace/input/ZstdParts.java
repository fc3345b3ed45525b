package org.sbench.trace.input;

import java.io.IOException;
import java.io.InputStream;

/**
 * A zstd stream's compressed bytes in pieces that each end where a part of a frame ends: its header, a block's header,
 * a block's content, its checksum, or a skippable frame. A decompressor given one piece at a time never decodes a
 * block in the same call as the one before it, whose bytes libzstd loses when that call fails. Bytes that are not
 * what the format says (a damaged header, garbage after a frame) are passed on as they come, for the decompressor to
 * refuse: where the pieces end changes how much is lost to damage, never what is decompressed.
 */
final class ZstdParts {
    /** The longest part header read at once: a frame's magic, descriptor, window, dictionary id and content size. */
    static final int MAX_HEADER_BYTES = 18;
    private static final int FRAME_MAGIC = 0xfd2fb528;
    private static final int SKIPPABLE_MAGIC = 0x184d2a50;
    private static final int SKIPPABLE_MAGIC_MASK = 0xfffffff0;
    private static final int BLOCK_HEADER_BYTES = 3;
    private static final int CHECKSUM_BYTES = 4;
    private static final int BLOCK_RLE = 1;
    /** The bytes of a frame header's dictionary id and content size, by the descriptor's 2-bit field for each. */
    private static final int[] DICTIONARY_ID_BYTES = {0, 1, 2, 4};
    private static final int[] CONTENT_SIZE_BYTES = {0, 2, 4, 8};

    /** What the part after the current one starts with. */
    private enum Next { FRAME, BLOCK, CHECKSUM }

    private final InputStream raw;
    private Next next = Next.FRAME;
    /** Bytes of the current part not yet given. */
    private long left;
    /** The current frame ends with a checksum. */
    private boolean checksummed;

    ZstdParts(InputStream raw) {
        this.raw = raw;
    }

    /**
     * Reads into {@code into} from {@code offset} up to {@code length} bytes ({@link #MAX_HEADER_BYTES} at least), none
     * past the end of the part they are in; -1 at the end of the stream.
     */
    int read(byte[] into, int offset, int length) throws IOException {
        if (left == 0) {
            return startPart(into, offset);
        }
        int n = raw.read(into, offset, (int) Math.min(length, left));
        if (n > 0) {
            left -= n;
        }
        return n;
    }

    /** Reads the header of the next part into {@code into}, and how much of the part follows it; -1 at the end. */
    private int startPart(byte[] into, int offset) throws IOException {
        switch (next) {
            case BLOCK: {
                int n = raw.readNBytes(into, offset, BLOCK_HEADER_BYTES);
                if (n == BLOCK_HEADER_BYTES) {
                    int header = littleEndian(into, offset, BLOCK_HEADER_BYTES);
                    left = ((header >> 1) & 3) == BLOCK_RLE ? 1 : header >>> 3;
                    next = (header & 1) == 0 ? Next.BLOCK : checksummed ? Next.CHECKSUM : Next.FRAME;
                }
                return n == 0 ? -1 : n;
            }
            case CHECKSUM: {
                next = Next.FRAME;
                left = CHECKSUM_BYTES;
                return read(into, offset, CHECKSUM_BYTES);
            }
            default:
                return startFrame(into, offset);
        }
    }

    private int startFrame(byte[] into, int offset) throws IOException {
        int n = raw.readNBytes(into, offset, 4);
        if (n < 4) {
            return n == 0 ? -1 : n;
        }
        int magic = littleEndian(into, offset, 4);
        if (magic == FRAME_MAGIC) {
            n += raw.readNBytes(into, offset + n, 1);
            if (n == 5) {
                int descriptor = into[offset + 4] & 0xff;
                boolean singleSegment = (descriptor & 0x20) != 0;
                int contentSize = descriptor >>> 6 == 0 && singleSegment ? 1 : CONTENT_SIZE_BYTES[descriptor >>> 6];
                // A window byte unless the frame is a single segment.
                n += raw.readNBytes(into, offset + n, (singleSegment ? 0 : 1) + DICTIONARY_ID_BYTES[descriptor & 3] + contentSize);
                checksummed = (descriptor & 4) != 0;
                next = Next.BLOCK;
            }
        } else if ((magic & SKIPPABLE_MAGIC_MASK) == SKIPPABLE_MAGIC) {
            n += raw.readNBytes(into, offset + n, 4);
            if (n == 8) {
                left = Integer.toUnsignedLong(littleEndian(into, offset + 4, 4));
            }
        } else {
            left = Long.MAX_VALUE;
        }
        return n;
    }

    private static int littleEndian(byte[] b, int offset, int count) {
        int v = 0;
        for (int i = count - 1; i >= 0; i--) {
            v = v << 8 | (b[offset + i] & 0xff);
        }
        return v;
    }
}
