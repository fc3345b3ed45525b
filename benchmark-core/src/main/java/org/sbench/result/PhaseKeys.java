// How the phases of several results are matched: by name, in order.
package org.sbench.result;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
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
        return r.phases() == null ? null : new ArrayList<>(index(r).keySet());
    }

    /** The phases of {@code r} by key, in trace order; empty when the result has no phase results. */
    static Map<Key, ReplayResult.PhaseResult> index(ReplayResult r) {
        Map<Key, ReplayResult.PhaseResult> out = new LinkedHashMap<>();
        if (r.phases() != null) {
            Map<String, Integer> seen = new HashMap<>();
            for (ReplayResult.PhaseResult p : r.phases()) {
                out.put(new Key(p.name(), seen.merge(p.name(), 1, Integer::sum)), p);
            }
        }
        return out;
    }
}
