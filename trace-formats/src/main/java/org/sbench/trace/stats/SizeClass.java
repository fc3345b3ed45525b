package org.sbench.trace.stats;

/**
 * The IO-size classes of docs/definitions.md; each is named by the upper bound of its range
 * ({@code 8K} is (4K, 8K]; {@code 4K} is exactly 4096 bytes; K = 1024 bytes).
 */
public enum SizeClass {
    UNDER_4K("<4K", 4095),
    K4("4K", 4096),
    K8("8K", 8 * 1024),
    K16("16K", 16 * 1024),
    K32("32K", 32 * 1024),
    K64("64K", 64 * 1024),
    K128("128K", 128 * 1024),
    OVER_128K(">128K", Long.MAX_VALUE);

    private static final SizeClass[] VALUES = values();
    private static final int LOG2_4K = 12;
    private final String label;
    private final long maxBytes;

    SizeClass(String label, long maxBytes) {
        this.label = label;
        this.maxBytes = maxBytes;
    }

    /** The name used in tables and JSON: {@code <4K, 4K, 8K, 16K, 32K, 64K, 128K, >128K}. */
    public String label() {
        return label;
    }

    /** The largest IO size in this class, bytes ({@link Long#MAX_VALUE} for {@code >128K}). */
    public long maxBytes() {
        return maxBytes;
    }

    public static SizeClass of(long lengthBytes) {
        if (lengthBytes < K4.maxBytes) {
            return UNDER_4K;
        }
        // From 4K on, the classes double: lengths in (2^(k-1), 2^k] are the class of ordinal k - 11, up to 128K.
        int ceilLog2 = Long.SIZE - Long.numberOfLeadingZeros(lengthBytes - 1);
        return VALUES[Math.min(OVER_128K.ordinal(), ceilLog2 - LOG2_4K + K4.ordinal())];
    }
}
