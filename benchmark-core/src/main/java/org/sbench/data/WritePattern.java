package org.sbench.data;

import java.nio.ByteBuffer;

/**
 * The content of replayed writes (compressing and deduplicating controllers make it matter).
 * Implementations pre-generate what they need when made; {@link #fill} only copies and stamps, so
 * it never caps throughput and allocates nothing. Not thread-safe: one per replay thread.
 */
public interface WritePattern {

    /** The word users type: {@code random}, {@code zero}, {@code compress:PCT}. */
    String name();

    /**
     * Writes the content of write number {@code writeIndex} into {@code buffer[0, lengthBytes)}
     * (absolute positions; the buffer's position and limit are left alone).
     */
    void fill(ByteBuffer buffer, int lengthBytes, long writeIndex);

    /**
     * True when every write gets the same bytes ({@link #fill} ignores {@code writeIndex}): a
     * buffer that still holds them from an earlier fill, with nothing written over them since,
     * need not be filled again.
     */
    default boolean sameForEveryWrite() {
        return false;
    }
}
