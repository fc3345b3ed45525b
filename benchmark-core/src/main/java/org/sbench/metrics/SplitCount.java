// How many trace IOs an engine split into several device IOs in one run.
package org.sbench.metrics;

import org.sbench.engine.IoEngine;
import org.sbench.engine.IoSlot;
import org.sbench.engine.StripedEngine;
import org.sbench.target.Target;

/**
 * The reads and writes that a {@link StripedEngine} split into several member IOs in one run (at
 * chunk boundaries, and where a device takes no more whole), and the member IOs they became; a
 * striped target's {@link MemberMetrics} also count what each member did. Replay thread only.
 */
public class SplitCount implements StripedEngine.MemberListener {
    private long ios;
    private long parts;

    SplitCount() {
    }

    /**
     * Starts counting for one run on {@code target} (replacing whoever counted before): the
     * per-member numbers on a striped target, the splits alone on another; null when the engine
     * splits nothing ({@code engine} is no {@link StripedEngine}).
     */
    public static SplitCount attach(IoEngine engine, Target target) {
        if (!(engine instanceof StripedEngine striped)) {
            return null;
        }
        if (target.stripe() != null) {
            return MemberMetrics.attach(striped);
        }
        SplitCount count = new SplitCount();
        striped.listen(count);
        return count;
    }

    @Override
    public final void split(int count) {
        ios++;
        parts += count;
    }

    @Override
    public void submitted(IoSlot part, int memberInFlight) {
    }

    @Override
    public void completed(IoSlot part) {
    }

    /** Reads and writes that became several member IOs. */
    public final long splitIos() {
        return ios;
    }

    /** The member IOs those became. */
    public final long splitParts() {
        return parts;
    }
}
