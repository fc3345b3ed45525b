// How the phases of several results are matched: by name, in order.
package org.sbench.result;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Phases of results matched by name: the n-th phase of a name in one result is the n-th phase of
 * that name in another (a trace may name several phases alike; they are told apart as
 * {@code "idle (2)"}). Results written before phases were measured have none ({@code phases} absent).
 */
final class PhaseKeys {
    /** The {@code occurrence}-th (from 1) phase called {@code name}. */
    record Key(String name, int occurrence) {
        /** The name, with the occurrence after it from the second phase of that name on. */
        String label() {
            return occurrence == 1 ? name : name + " (" + occurrence + ")";
        }
    }

    private PhaseKeys() {
    }

    /** The keys of {@code r}'s phases in trace order; null when the result has no phase results. */
    static List<Key> of(ReplayResult r) {
        if (r.phases() == null) {
            return null;
        }
        Map<String, Integer> seen = new HashMap<>();
        List<Key> keys = new ArrayList<>();
        for (ReplayResult.PhaseResult p : r.phases()) {
            keys.add(new Key(p.name(), seen.merge(p.name(), 1, Integer::sum)));
        }
        return keys;
    }

    /** The phase of {@code r} with that name and occurrence, or null. */
    static ReplayResult.PhaseResult find(ReplayResult r, String name, int occurrence) {
        if (r.phases() == null) {
            return null;
        }
        int n = 0;
        for (ReplayResult.PhaseResult p : r.phases()) {
            if (p.name().equals(name) && ++n == occurrence) {
                return p;
            }
        }
        return null;
    }
}
