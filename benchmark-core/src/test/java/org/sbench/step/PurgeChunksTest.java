// A purge's chunks on a slow device: each about a second at most, from the first, so that its progress shows and a stop takes effect.
package org.sbench.step;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sbench.replay.NanoClock;
import org.sbench.replay.ReplayControl;
import org.sbench.target.EraseMethod;
import org.sbench.target.Erasure;
import org.sbench.target.NullTarget;
import org.sbench.target.Target;

class PurgeChunksTest {
    private static final long S = 1_000_000_000L;
    private static final long MIB = 1L << 20;

    /** The null target whose erasing takes its bytes at {@code bytesPerS} on a clock of its own, as a slow device's does. */
    private static final class SlowTarget implements Target, NanoClock {
        private final NullTarget t;
        private final long bytesPerS;
        private long nowNs;

        SlowTarget(long capacityBytes, long bytesPerS) {
            t = new NullTarget(capacityBytes);
            this.bytesPerS = bytesPerS;
        }

        @Override
        public long nanoTime() {
            return nowNs;
        }

        @Override
        public int erase(EraseMethod method, long offsetBytes, long lengthBytes) {
            nowNs += lengthBytes * S / bytesPerS;
            return t.erase(method, offsetBytes, lengthBytes);
        }

        @Override
        public Erasure erasure(EraseMethod method) {
            return t.erasure(method);
        }

        @Override
        public String kind() {
            return t.kind();
        }

        @Override
        public String path() {
            return t.path();
        }

        @Override
        public long capacityBytes() {
            return t.capacityBytes();
        }

        @Override
        public int logicalBlockSize() {
            return t.logicalBlockSize();
        }

        @Override
        public int physicalBlockSize() {
            return t.physicalBlockSize();
        }

        @Override
        public int fd() {
            return t.fd();
        }

        @Override
        public Map<String, String> describe() {
            return t.describe();
        }

        @Override
        public int discard(long offsetBytes, long lengthBytes) {
            return t.discard(offsetBytes, lengthBytes);
        }

        @Override
        public int flush() {
            return t.flush();
        }

        @Override
        public void close() {
            t.close();
        }
    }

    @Test
    void onADeviceThatZeroesTwoMegabytesASecondNoChunkTakesOverASecond() {
        SlowTarget slow = new SlowTarget(128 * MIB, 2_000_000);
        List<Long> shownAtNs = new ArrayList<>();
        StepListener listener = new StepListener() {
            @Override
            public void progress(String what, Work work, long done, long total, long elapsedNs) {
                shownAtNs.add(elapsedNs);
            }
        };
        StepResult r = PurgeStep.of(Map.of("method", "zero")).run(new StepContext(slow, null, slow, new ReplayControl(), listener, "test"));
        assertEquals(128 * MIB, r.purge().lengthBytes());
        long before = 0;
        for (long at : shownAtNs) {
            assertTrue(at - before <= S, "a chunk took " + (at - before) / 1e9 + " s, progress at " + shownAtNs);
            before = at;
        }
    }

    @Test
    void chunksGrowWhileFastAndAfterASlowOneTakeHalfASecondAtItsRate() {
        assertEquals(128 * MIB, PurgeStep.nextChunk(64 * MIB, S / 10));
        assertEquals(64 * MIB, PurgeStep.nextChunk(64 * MIB, S / 2));
        assertEquals(16 * MIB, PurgeStep.nextChunk(1024 * MIB, 20 * S), "a device slowed to 54 MB/s: 25.6 MiB take half a second");
        assertEquals(MIB, PurgeStep.nextChunk(MIB, 5 * S), "never under 1 MiB");
        assertEquals(64L << 30, PurgeStep.nextChunk(64L << 30, 1), "nor over 64 GiB");
    }
}
