package org.sbench.cli;

import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import org.sbench.engine.IoEngines;
import org.sbench.replay.FitPolicy;
import org.sbench.replay.ReplayMode;

/** The values shell completion offers for options that take one of a few words ({@code completionCandidates}). */
final class Candidates {
    private Candidates() {
    }

    /** {@code --engine}: auto and the kernel-facing engines (the null engine comes with the null target by itself). */
    static final class Engines implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return IoEngines.names().iterator();
        }
    }

    /** {@code --mode} of a replay. */
    static final class Modes implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return List.of(ReplayMode.RecordedQd.WORD, ReplayMode.Timed.WORD, ReplayMode.FixedQd.WORD).iterator();
        }
    }

    /** {@code --fit}: error, wrap, scale. */
    static final class Fits implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return Arrays.stream(FitPolicy.values()).map(FitPolicy::word).iterator();
        }
    }

    /** {@code --max-idle}: none (every gap in full), 0 (no idle), and the default cap. */
    static final class IdleCaps implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return List.of(IdleCapConverter.NONE, "0", "25ms").iterator();
        }
    }
}
