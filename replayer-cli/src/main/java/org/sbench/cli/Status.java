// A progress status in parts, so that a line cut to a narrow terminal loses the parts that matter least first.
package org.sbench.cli;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.LongFunction;
import org.sbench.result.DisplayWidth;

/**
 * A progress status: groups, each a label and fields ("replay: 12 of 40 IOs (30.0%), 3 IOPS, elapsed 0:04,
 * ETA 0:09; suite: run 3 of 9, ETA 1:10"). {@link #text()} is the whole status; {@link #fit(int)}
 * the status on a terminal of that many columns: fields are shortened or dropped one at a time, by
 * {@link Kind} (rates first, then elapsed times, then counts down to their percent; of one kind the
 * last first) until it fits; then the first group's label is cut in its middle, and fields are
 * left out whole from the end (a group left with none, whole). Labels, percents and ETAs stay to the
 * last. Not thread-safe.
 */
final class Status {
    /** What a field is: fields of the kinds after {@link #KEPT}, in this order, are shortened or dropped to fit a width. */
    enum Kind { KEPT, RATE, ELAPSED, COUNT }

    private static final String FIELDS = ", ";
    private static final String GROUPS = "; ";
    private static final String LABEL_END = ": ";
    private static final String CUT = "...";
    /** The fewest columns of a label cut in its middle, its cut mark included. */
    private static final int LABEL_MIN = 12;
    private static final double PERCENT = 100.0;

    /** A field; {@code shortText} is what stays of it once shortened, null for nothing. */
    private record Field(String text, String shortText, Kind kind) {
    }

    private record Group(String label, String separator, List<Field> fields) {
    }

    private final List<Group> groups = new ArrayList<>();

    /** A status whose first group is {@code label}: its fields follow it after ": ", apart by ", ". */
    Status(String label) {
        then(label);
    }

    /** A status whose fields follow {@code label} (none: "") apart by {@code separator}. */
    Status(String label, String separator) {
        groups.add(new Group(label, separator, new ArrayList<>()));
    }

    /** Starts the next group, {@code label} (after "; "); the fields added after are its. */
    Status then(String label) {
        groups.add(new Group(label, FIELDS, new ArrayList<>()));
        return this;
    }

    /** A field that stays whatever the width: a percent, an ETA. */
    Status add(String text) {
        return add(Kind.KEPT, text, null);
    }

    /** A field that goes to fit a width once fields of {@code kind} go. */
    Status add(Kind kind, String text) {
        return add(kind, text, null);
    }

    /** A field that becomes {@code shortText} to fit a width once fields of {@code kind} go. */
    Status add(Kind kind, String text, String shortText) {
        groups.get(groups.size() - 1).fields().add(new Field(text, shortText, kind));
        return this;
    }

    /** "DONE of TOTAL UNIT (P%)", to fit a width "P%"; "DONE UNIT" when the total is unknown; {@code format} writes a count. */
    Status amount(long done, long total, String unit, LongFunction<String> format) {
        if (total <= 0) {
            return add(Kind.COUNT, format.apply(done) + " " + unit);
        }
        String percent = percent(Math.min(done, total), total);
        return add(Kind.COUNT, format.apply(done) + " of " + format.apply(total) + " " + unit + " (" + percent + ")", percent);
    }

    /** "elapsed 0:12, ETA 1:25" at the rate so far; no ETA while nothing is done or the total is unknown. */
    Status time(long done, long total, long elapsedNs) {
        add(Kind.ELAPSED, "elapsed " + ProgressLine.clock(elapsedNs));
        if (total > 0 && done > 0 && done <= total) {
            add("ETA " + ProgressLine.clock((long) ((double) elapsedNs * (total - done) / done)));
        }
        return this;
    }

    /** A run that ends at a time limit: "elapsed 0:01 of 0:03 (33.3%), ETA 0:02", to fit a width "33.3%, ETA 0:02". */
    Status timeOf(long elapsedNs, long limitNs) {
        long elapsed = Math.min(elapsedNs, limitNs);
        String percent = percent(elapsed, limitNs);
        return add(Kind.COUNT, "elapsed " + ProgressLine.clock(elapsedNs) + " of " + ProgressLine.clock(limitNs) + " (" + percent + ")",
                percent).add("ETA " + ProgressLine.clock(limitNs - elapsed));
    }

    private static String percent(long part, long whole) {
        return String.format(Locale.ROOT, "%.1f%%", PERCENT * part / whole);
    }

    /** The whole status. */
    String text() {
        return render(Set.of(), Set.of(), groups.get(0).label());
    }

    /**
     * The status in fewer than {@code columns} columns as a terminal shows them ({@link DisplayWidth}),
     * so that the cursor stays on its row, as above; whole for 0.
     */
    String fit(int columns) {
        if (columns <= 0) {
            return text();
        }
        List<Field> order = new ArrayList<>();
        for (Group g : groups) {
            for (Field f : g.fields()) {
                if (f.kind() != Kind.KEPT) {
                    order.add(f);
                }
            }
        }
        Collections.reverse(order);  // of one kind, the last goes first: a run's MB/s before its IOPS, the suite's before the run's
        order.sort(Comparator.comparing(Field::kind));
        String label = groups.get(0).label();
        Set<Field> shortened = Collections.newSetFromMap(new IdentityHashMap<>());
        String s = render(shortened, Set.of(), label);
        for (Field f : order) {
            if (DisplayWidth.of(s) < columns) {
                return s;
            }
            shortened.add(f);
            s = render(shortened, Set.of(), label);
        }
        // Then the label in its middle, and fields from the end whole: a number cut short would mislead.
        List<Field> fromEnd = new ArrayList<>();
        groups.forEach(g -> fromEnd.addAll(g.fields()));
        Collections.reverse(fromEnd);
        Set<Field> dropped = Collections.newSetFromMap(new IdentityHashMap<>());
        for (int i = 0; ; i++) {
            s = render(shortened, dropped, cut(label, DisplayWidth.of(render(shortened, dropped, label)) - (columns - 1)));
            if (DisplayWidth.of(s) < columns || i == fromEnd.size()) {
                return DisplayWidth.head(s, columns - 1);
            }
            dropped.add(fromEnd.get(i));
        }
    }

    /** {@code label} {@code over} columns narrower, cut in its middle, but not under {@link #LABEL_MIN}. */
    private static String cut(String label, int over) {
        int width = DisplayWidth.of(label);
        if (over <= 0 || width <= LABEL_MIN) {
            return label;
        }
        int keep = Math.max(LABEL_MIN, width - over) - CUT.length();
        int head = (keep + 1) / 2;
        return DisplayWidth.head(label, head) + CUT + DisplayWidth.tail(label, keep - head);
    }

    /**
     * The status with the fields in {@code shortened} short and those in {@code dropped} left out (a
     * group after the first with no field left, whole), its first group's label {@code firstLabel}.
     */
    private String render(Set<Field> shortened, Set<Field> dropped, String firstLabel) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < groups.size(); i++) {
            Group g = groups.get(i);
            List<String> shown = new ArrayList<>();
            for (Field f : g.fields()) {
                String text = dropped.contains(f) ? null : shortened.contains(f) ? f.shortText() : f.text();
                if (text != null) {
                    shown.add(text);
                }
            }
            if (i > 0 && shown.isEmpty()) {
                continue;
            }
            if (i > 0) {
                s.append(GROUPS);
            }
            String label = i == 0 ? firstLabel : g.label();
            s.append(label);
            if (!label.isEmpty() && !shown.isEmpty()) {
                s.append(LABEL_END);
            }
            s.append(String.join(g.separator(), shown));
        }
        return s.toString();
    }
}
