// The recording's controlling thread asleep until something may have changed, rather than looking ten times a second.
package org.sbench.record;

import java.util.Optional;
import org.sbench.engine.linux.DataWait;
import org.sbench.engine.linux.KernelUevents;

/**
 * What {@link TraceRecorder#awaitStop} sleeps on: a stop asked ({@link #wake}) or a kernel uevent (a
 * disk removed, a loop device detached or attached anew, see {@link KernelUevents}), after which the
 * recorded devices are looked at again. Without a uevent socket (none to be had, or one the kernel would send
 * nothing to: {@link KernelUevents#open}) a wait lasts at most {@link #FALLBACK_POLL_NS}, so that a device going away
 * is still noticed within it.
 */
final class StopWait implements AutoCloseable {
    /** The longest wait where no uevents can be had: how often the devices were looked at before uevents. */
    static final long FALLBACK_POLL_NS = 100_000_000L;
    private static final long NS_PER_MS = 1_000_000L;

    private final Optional<KernelUevents> uevents;
    private final DataWait wait;

    /** Subscribes to uevents first: a device that goes away after this wakes {@link #await}. */
    StopWait() {
        uevents = KernelUevents.open();
        wait = new DataWait(uevents.stream().mapToInt(KernelUevents::fd).toArray(), "the recording's stop wait");
    }

    /** Sleeps until {@link #wake}, a uevent, a signal or {@code timeoutNs} (above 0; rounded up to whole ms). */
    void await(long timeoutNs) {
        long ns = uevents.isPresent() ? timeoutNs : Math.min(timeoutNs, FALLBACK_POLL_NS);
        wait.awaitAtMost((int) Math.min(Integer.MAX_VALUE, (ns - 1) / NS_PER_MS + 1));
        uevents.ifPresent(KernelUevents::drain);
    }

    /** Ends the current or the next {@link #await}. Thread-safe; nothing once closed. */
    void wake() {
        wait.wake();
    }

    @Override
    public void close() {
        try {
            wait.close();
        } finally {
            uevents.ifPresent(KernelUevents::close);
        }
    }
}
