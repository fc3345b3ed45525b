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
}
