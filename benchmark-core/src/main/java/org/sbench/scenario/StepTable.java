package org.sbench.scenario;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import org.sbench.result.TableResultWriter;
import org.sbench.result.TextTable;
import org.sbench.step.BundleLog;
import org.sbench.step.StepResult;

/**
 * The steps of a scenario bundle as a table (the terminal's and the report's): one row per step record,
 * a step whose runs read never-written extents of a file marked UNWRITTEN, with a line of its own ({@link #unwritten});
 * in a bundle of more than {@link #FOLD_ABOVE} records, a row per group's run of finished steps between its first and
 * last {@link #FOLD_KEEP} ({@link #folds}), so that the table of 100,000 steps is some 1,000 rows.
 */
public final class StepTable {
    private static final double NS_PER_S = 1e9;
    private static final double BYTES_PER_MB = 1e6;
    private static final String NONE = "-";

    private StepTable() {
    }

    /** A table of more step records than this is folded ({@link #folds}). */
    static final int FOLD_ABOVE = 1_000;
    /** The step records a folded table keeps a row each at its start, and as many at its end. */
    static final int FOLD_KEEP = 500;
    /** The UNWRITTEN lines kept whole ({@link #unwritten}); one line counts those past them. */
    static final int UNWRITTEN_KEEP = 10;

    /**
     * A row standing for the finished step records {@code from} to {@code to} (entries of the bundle, {@code to} excluded),
     * consecutive and of one group.
     */
    record Fold(int from, int to) {
    }

    /**
     * The steps table. A bundle with a zeroing purge has a column of the bytes the kernel was asked to zero beside those written
     * ({@link StepResult#bytesToZero}): the device may unmap them rather than write them.
     */
    public static TextTable of(ScenarioBundle b) {
        boolean zeroes = zeroes(b);
        TextTable t = new TextTable(withBytes(zeroes, List.of("step", "status", "time s"), List.of("MB/s", "IOPS", "busy s", "p99 us")));
        Deque<Fold> folds = new ArrayDeque<>(folds(b));
        for (int i = 0; i < b.entries().size(); i++) {
            if (!folds.isEmpty() && folds.peek().from() == i) {
                Fold f = folds.pop();
                foldRow(t, zeroes, b.entries().subList(f.from(), f.to()));
                i = f.to() - 1;
                continue;
            }
            ScenarioBundle.Entry e = b.entries().get(i);
            boolean runAgain = i + 1 < b.entries().size() && b.entries().get(i + 1).planned().ordinal() == e.planned().ordinal();
            StepNumbers n = e.numbers();
            t.row(withBytes(zeroes, List.of((e.record() + 1) + ". " + e.step().label(), status(e, runAgain),
                    f1(e.step().durationNs() / NS_PER_S)), e.step().bytesWritten(), e.step().bytesToZero(), List.of(f1(n.mbps()),
                    f0(n.iops()), n.ios() == 0 ? NONE : f1(n.busyNs() / NS_PER_S), f1(n.p99Us()))));
        }
        return t;
    }

    /** True when a step of {@code b} is a zeroing purge: its tables have a column of the bytes to zero ({@link #withBytes}). */
    static boolean zeroes(ScenarioBundle b) {
        return b.entries().stream().anyMatch(e -> e.step().bytesToZero() > 0);
    }

    /** The header {@code before}, {@code written MB} (and {@code MB to zero asked of the kernel} when {@code zeroes}), {@code after}. */
    static String[] withBytes(boolean zeroes, List<String> before, List<String> after) {
        List<String> header = new ArrayList<>(before);
        header.add("written MB");
        if (zeroes) {
            header.add("MB " + StepResult.TO_ZERO);
        }
        header.addAll(after);
        return header.toArray(new String[0]);
    }

    /**
     * A row's cells: {@code before}, the MB of {@code bytes} written, of those the kernel was asked to zero ({@code toZero}) in a
     * column of their own when {@code zeroes} ({@code -} where none), then {@code after}.
     */
    static Object[] withBytes(boolean zeroes, List<String> before, long bytes, long toZero, List<String> after) {
        List<String> cells = new ArrayList<>(before);
        long written = bytes - toZero;
        cells.add(zeroes && written == 0 && toZero > 0 ? NONE : f1(written / BYTES_PER_MB));
        if (zeroes) {
            cells.add(toZero == 0 ? NONE : f1(toZero / BYTES_PER_MB));
        }
        cells.addAll(after);
        return cells.toArray();
    }

    /**
     * The rows folded in the tables of {@code b} (the steps, the state log), in order: none when it has at most
     * {@link #FOLD_ABOVE} step records; else, past its first {@link #FOLD_KEEP} records and before its last as many, each
     * run of two or more finished records of one group. A record stopped part way, or of a step not in a group, keeps its row.
     */
    static List<Fold> folds(ScenarioBundle b) {
        List<ScenarioBundle.Entry> entries = b.entries();
        List<Fold> folds = new ArrayList<>();
        if (entries.size() <= FOLD_ABOVE) {
            return folds;
        }
        int end = entries.size() - FOLD_KEEP;
        for (int i = FOLD_KEEP; i < end; ) {
            int j = i;
            while (j < end && foldable(entries.get(i), entries.get(j))) {
                j++;
            }
            if (j - i >= 2) {
                folds.add(new Fold(i, j));
            }
            i = Math.max(j, i + 1);
        }
        return folds;
    }

    private static boolean foldable(ScenarioBundle.Entry first, ScenarioBundle.Entry e) {
        return first.finished() && e.finished() && e.planned().position().inGroup()
                && e.planned().position().part() == first.planned().position().part();
    }

    /** What the folded rows of {@code b}'s tables are, in a sentence; null when none is folded. */
    public static String foldNote(ScenarioBundle b) {
        if (folds(b).isEmpty()) {
            return null;
        }
        return "A bundle of more than " + f0(FOLD_ABOVE) + " step records has a row for each of its first and last " + FOLD_KEEP
                + " and, between them, one for each run of a group's finished steps (time, MB and busy seconds added, MB/s"
                + " and IOPS over their busy time, p99 the highest of theirs; in the state log, the bytes added, the rest as after the"
                + " last of them); every step's record and runs are kept in " + b.dir();
    }

    /** The row of the finished step records {@code folded}, of one group. */
    private static void foldRow(TextTable t, boolean zeroes, List<ScenarioBundle.Entry> folded) {
        long durationNs = 0;
        long written = 0;
        long toZero = 0;
        long bytes = 0;
        long ios = 0;
        long busyNs = 0;
        double p99 = Double.NaN;
        for (ScenarioBundle.Entry e : folded) {
            StepNumbers n = e.numbers();
            durationNs = BundleLog.added(durationNs, e.step().durationNs());
            written = BundleLog.added(written, e.step().bytesWritten());
            toZero = BundleLog.added(toZero, e.step().bytesToZero());
            bytes = BundleLog.added(BundleLog.added(bytes, n.bytesRead()), n.bytesWritten());
            ios = BundleLog.added(ios, n.ios());
            busyNs = BundleLog.added(busyNs, n.busyNs());
            p99 = Double.isNaN(p99) || n.p99Us() > p99 ? n.p99Us() : p99;
        }
        double busyS = busyNs / NS_PER_S;
        long unwritten = folded.stream().filter(e -> e.runs().stream().anyMatch(run -> run.unwritten() != null)).count();
        t.row(withBytes(zeroes, List.of(foldedSteps(folded) + ". " + folded(folded),
                "done" + (unwritten == 0 ? "" : ", " + f0(unwritten) + " UNWRITTEN"), f1(durationNs / NS_PER_S)), written, toZero,
                List.of(ios == 0 ? NONE : f1(bytes / BYTES_PER_MB / busyS), ios == 0 ? NONE : f0(ios / busyS),
                        ios == 0 ? NONE : f1(busyS), f1(p99))));
    }

    /** {@code 501-99500}: the numbers of the first and last of {@code folded}'s step records. */
    static String foldedSteps(List<ScenarioBundle.Entry> folded) {
        return (folded.get(0).record() + 1) + "-" + (folded.get(folded.size() - 1).record() + 1);
    }

    /** {@code 99,000 steps of degradation, folded}: what the row of {@code folded} stands for. */
    static String folded(List<ScenarioBundle.Entry> folded) {
        return f0(folded.size()) + " steps of " + folded.get(0).planned().position().group() + ", folded";
    }

    /** One line per group run until steady state: {@code GROUP: steady state of ... reached at round R (...)}. */
    public static List<String> verdicts(ScenarioBundle b) {
        return b.verdicts().stream().map(e -> e.planned().position().group() + ": " + SteadyStates.describe(e.step().steadyState())).toList();
    }

    /**
     * The {@link TableResultWriter#unwritten UNWRITTEN} line of each run that read never-written extents of a file:
     * {@code UNWRITTEN (step 2, probe-1): ...}; past the first {@link #UNWRITTEN_KEEP}, one line counts the rest (a
     * scenario of 100,000 replays onto a sparse file would print as many), each marked in the steps table.
     */
    public static List<String> unwritten(ScenarioBundle b) {
        List<String> lines = new ArrayList<>();
        long more = 0;
        int firstMore = -1;
        int lastMore = -1;
        for (ScenarioBundle.Entry e : b.entries()) {
            for (ScenarioBundle.Run run : e.runs()) {
                if (run.unwritten() == null) {
                    continue;
                }
                if (lines.size() < UNWRITTEN_KEEP) {
                    lines.add(run.unwritten());
                    continue;
                }
                more++;
                firstMore = firstMore < 0 ? e.record() + 1 : firstMore;
                lastMore = e.record() + 1;
            }
        }
        if (more > 0) {
            lines.add("UNWRITTEN: " + f0(more) + " more run" + (more == 1 ? "" : "s") + " (steps " + firstMore + " to " + lastMore
                    + ") read never-written extents too, each step marked UNWRITTEN in the table above");
        }
        return lines;
    }

    /** {@code done}, or why the record is incomplete and whether it was run again; UNWRITTEN when a run read never-written extents. */
    private static String status(ScenarioBundle.Entry e, boolean runAgain) {
        String status = e.finished() ? "done" : "stopped (" + e.step().stopReason() + ")" + (runAgain ? ", run again" : "");
        return e.runs().stream().anyMatch(run -> run.unwritten() != null) ? status + ", UNWRITTEN" : status;
    }

    /** One decimal with thousands separators, as the table writes seconds, MB and MB/s; {@code -} for none. */
    public static String f1(double v) {
        return Double.isNaN(v) ? NONE : String.format(Locale.ROOT, "%,.1f", v);
    }

    /** A whole number with thousands separators, as the table writes IOPS; {@code -} for none. */
    public static String f0(double v) {
        return Double.isNaN(v) ? NONE : String.format(Locale.ROOT, "%,.0f", v);
    }
}
