package org.sbench.engine;

/** Receives completed IOs from {@link IoEngine#reap}; called on the reaping thread, once per IO. */
@FunctionalInterface
public interface CompletionSink {
    /**
     * The IO in {@code slot} completed ({@link IoSlot#result}, {@link IoSlot#submitNs},
     * {@link IoSlot#doneNs} are set). The slot is the caller's again when this returns.
     */
    void completed(IoSlot slot);
}
