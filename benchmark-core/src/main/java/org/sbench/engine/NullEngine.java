package org.sbench.engine;

import org.sbench.replay.NanoClock;

/**
 * The {@code null} engine (fio's {@code engines/null.c}): every IO completes the moment it is
 * committed, successfully (reads and writes transfer their length, TRIM and FLUSH return 0),
 * without a system call. It serves the null target and measures what the harness itself costs.
 */
public final class NullEngine extends AbstractIoEngine {
    public static final String NAME = "null";

    public NullEngine(int depth, int maxIoBytes, NanoClock clock) {
        super(NAME, HandOver.EACH, null, depth, maxIoBytes, 0, clock);
    }

    /** Completes the IO on the spot; the next reap hands it back. */
    @Override
    protected void queue(IoSlot s, int position) {
        s.result = s.op.transfersData() ? s.lengthBytes : 0;
        completeInCommit(s);
    }

    /** Nothing ever runs: every IO completes in commit, and reap hands those back before asking. */
    @Override
    protected int awaitCompletions(int wanted, long timeoutNs, CompletionSink sink) {
        return 0;
    }

    /** Nothing to free but the slot buffers, which close frees itself. */
    @Override
    protected void release() {
    }
}
