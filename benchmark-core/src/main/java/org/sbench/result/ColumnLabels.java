// How sbench compare names its columns: the drive, told apart from the other columns only by what differs.
package org.sbench.result;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sbench.target.StripedTarget;
import org.sbench.target.TargetSafety;

/** The labels of a {@link ResultComparison}'s columns, and the words for a result's drive and mode they are made of. */
final class ColumnLabels {
    private static final String SEPARATOR = ", ";

    private ColumnLabels() {
    }

    /**
     * The given label, else the drive's name (model, else target path, else kind), followed, where
     * several columns share that name, by the parts that tell them apart: firmware, serial, target
     * path, engine, data pattern, mode, trace.
     */
    static List<String> of(List<List<ResultComparison.Input>> columns) {
        boolean striped = false;
        for (List<ResultComparison.Input> runs : columns) {
            striped |= runs.get(0).result().stripe() != null;
        }
        List<List<String>> parts = new ArrayList<>();
        for (List<ResultComparison.Input> runs : columns) {
            ReplayResult r = runs.get(0).result();
            String model = model(r);
            String where = r.target().name();
            String name = model.isEmpty() ? where : model;
            // Beside a stripe, every column is named by its geometry first: "2 x 64.0 GB striped, 64 KiB", "1 x 128 GB".
            parts.add(List.of(striped ? geometry(r) : name, striped ? name : "", part("fw ", device(r, "firmware")),
                    part("serial ", device(r, "serial")), model.isEmpty() || striped ? "" : where, "engine " + r.settings().engine(),
                    "data " + r.settings().data(), mode(r.settings()), r.trace().name()));
        }
        List<String> labels = new ArrayList<>();
        for (int c = 0; c < columns.size(); c++) {
            String given = columns.get(c).get(0).label();
            if (given != null) {
                labels.add(given);
                continue;
            }
            List<String> mine = parts.get(c);
            List<List<String>> sameName = new ArrayList<>();
            for (List<String> p : parts) {
                if (p.get(0).equals(mine.get(0))) {
                    sameName.add(p);
                }
            }
            List<String> kept = new ArrayList<>();
            kept.add(mine.get(0));
            for (int i = 1; i < mine.size(); i++) {
                if (!mine.get(i).isEmpty() && differsAt(sameName, i)) {
                    kept.add(mine.get(i));
                }
            }
            labels.add(String.join(SEPARATOR, kept));
        }
        // Columns that differ only in what labels leave out (stream, read-only) still get distinct names.
        Map<String, Integer> seen = new LinkedHashMap<>();
        for (int c = 0; c < labels.size(); c++) {
            int n = seen.merge(labels.get(c), 1, Integer::sum);
            if (n > 1) {
                labels.set(c, labels.get(c) + " #" + n);
            }
        }
        return labels;
    }

    /** The drive model: the device's, or a stripe's members' when they all have the same; empty when unknown. */
    private static String model(ReplayResult r) {
        if (r.stripe() == null) {
            return device(r, "model");
        }
        String model = null;
        for (ReplayResult.Member m : r.stripe().members()) {
            String v = m.device() == null ? null : m.device().get("model");
            if (v == null || (model != null && !model.equals(v))) {
                return "";
            }
            model = v;
        }
        return model == null ? "" : model;
    }

    /** {@code 2 x 64.0 GB striped, 64 KiB} for a stripe, {@code 1 x 128 GB} for a single device. */
    static String geometry(ReplayResult r) {
        ReplayResult.Stripe s = r.stripe();
        return s == null ? "1 x " + TargetSafety.decimalSize(r.target().capacity())
                : StripedTarget.words(s.memberCount(), s.memberBytes(), s.chunkBytes());
    }

    /** The value of {@code key} in the result's device map, or empty. */
    static String device(ReplayResult r, String key) {
        Map<String, String> d = r.target().device();
        String v = d == null ? null : d.get(key);
        return v == null ? "" : v;
    }

    /** The replay mode with its QD or speed: {@code fixed-qd QD 32}, {@code timed speed 2.0}, {@code recorded-qd}. */
    static String mode(ReplayResult.Settings s) {
        switch (s.mode()) {
            case "fixed-qd": return "fixed-qd QD " + s.qd();
            case "timed": return "timed speed " + s.speed();
            default: return s.mode();
        }
    }

    private static String part(String prefix, String value) {
        return value.isEmpty() ? "" : prefix + value;
    }

    private static boolean differsAt(List<List<String>> parts, int i) {
        for (List<String> p : parts) {
            if (!p.get(i).equals(parts.get(0).get(i))) {
                return true;
            }
        }
        return false;
    }
}
