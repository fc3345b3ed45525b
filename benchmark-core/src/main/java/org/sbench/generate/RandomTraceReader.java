package org.sbench.generate;

import java.util.SplittableRandom;
import org.sbench.trace.Op;

/**
 * A generated trace of random IOs at uniformly random block-aligned offsets inside the region; the
 * same seed gives the same offsets.
 */
public final class RandomTraceReader extends BlockTraceReader {
    private final SplittableRandom random;

    /**
     * @param regionBytes the region, from offset 0; holds at least one block
     * @param count       IOs to produce, {@link Long#MAX_VALUE} for no end (a time-limited run)
     */
    public RandomTraceReader(String name, Op op, long regionBytes, int blockBytes, long count, long seed) {
        super(name, op, regionBytes, blockBytes, count);
        this.random = new SplittableRandom(seed);
    }

    @Override
    long block(long produced) {
        return random.nextLong(blocks);
    }
}
