package org.sbench.replay;

import java.util.Locale;
import org.sbench.SbenchException;

/** How IOs are released to the target (docs/definitions.md, "Replay modes"). */
public enum ReplayMode {
    /** Storage Bench style: trace order, at most the recorded queue depth, idle gaps capped. */
    RECORDED_QD,
    /** Open loop: each IO at its recorded time (divided by the speed factor). */
    TIMED,
    /** Closed loop: a fixed number of IOs outstanding, as fast as possible. */
    FIXED_QD;

    /** The word users type: {@code recorded-qd}, {@code timed}, {@code fixed-qd}. */
    public String word() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    public static ReplayMode of(String word) {
        for (ReplayMode m : values()) {
            if (m.word().equals(word)) {
                return m;
            }
        }
        throw SbenchException.usage("--mode takes recorded-qd, timed or fixed-qd, found '" + word + "'");
    }
}
