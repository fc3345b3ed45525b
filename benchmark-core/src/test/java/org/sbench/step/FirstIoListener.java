package org.sbench.step;

import java.util.function.LongConsumer;
import org.sbench.replay.ReplayListener;

/** A run's listener for tests that hear its first IO's submit time and pass its progress on. */
final class FirstIoListener {
    private FirstIoListener() {
    }

    static ReplayListener of(LongConsumer firstIo, ReplayListener progress) {
        return new ReplayListener() {
            @Override
            public void firstIo(long submitNs) {
                firstIo.accept(submitNs);
            }

            @Override
            public void progress(long doneIos, long totalIos, long elapsedNs, long bytes) {
                progress.progress(doneIos, totalIos, elapsedNs, bytes);
            }
        };
    }
}
