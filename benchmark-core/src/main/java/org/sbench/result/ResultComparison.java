package org.sbench.result;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.HdrHistogram.Histogram;
import org.sbench.SbenchException;
import org.sbench.target.NullTarget;
import org.sbench.trace.units.Units;

/**
 * Several results of one workload side by side, as {@code sbench compare} states them.
 *
 * <p><b>Comparable</b>: every result must be complete and replay the same workload as the
 * baseline: same trace (SHA-256), mode (with its QD or speed), idle cap, data pattern, stream,
 * read-only setting and phases (by name, where both results have phase results). A result that
 * read never-written extents of a file ({@link ReplayResult#readsUnwritten()}: the filesystem's
 * speed, not a drive's) is not comparable with one that did not, such as any block device's; one
 * of a file written before sbench checked ({@link ReplayResult#unwrittenUnknown()}) is neither.
 * Otherwise {@link #of} refuses with one line naming each file and what differs (a
 * {@link org.sbench.ErrorKind#BAD_INPUT} error); with {@code force} it compares anyway and
 * {@link #differences()} says what differs. What matters for a ranking although it is allowed (an
 * incomplete run under --force, bad records of the trace skipped, IOs that failed, never-written
 * reads, another kind of target) is in each column's
 * {@link Column#notes()}, which every view shows.
 *
 * <p><b>Metrics</b>: the summary and fidelity ({@link Metric#ALL}), each size class of reads and
 * writes ({@link #sizeClassMetrics()}), and each phase ({@link #phaseMetrics()}), phases matched
 * by name; a phase that some result lacks has no value there ({@link #phaseNotes()}).
 *
 * <p><b>Columns</b>: results of the same drive and configuration (target path, model, serial,
 * firmware, engine, data pattern, and the workload above) are repeated runs and form one column,
 * whose value of each metric is the mean over its runs, with the sample standard deviation, min
 * and max. A column's label ({@link ColumnLabels}) is the drive model (else the target path), with firmware, serial,
 * path, engine or data pattern added only where columns of the same model need telling apart. Where
 * any column is a striped target, every label starts with its geometry ({@code 2 x 64.0 GB striped,
 * 64 KiB} next to {@code 1 x 128 GB}): a stripe and a single drive of the same trace are comparable,
 * and the label says which is which. Given labels override this: results with the same label form one column. Columns keep
 * the order in which their first result was given; the baseline column is the one holding the
 * baseline result; differences and ratios are against its mean.
 */
public final class ResultComparison {
    private static final String SEPARATOR = ", ";

    /** One result file given to compare; {@code label} null for the automatic label. */
    public record Input(String source, ReplayResult result, String label) {
    }

    /**
     * One column: the runs of one drive configuration; {@code comparable} false when it differs from
     * the baseline (--force); {@code notes} say what about its runs matters for a ranking although
     * the comparison allows it (an incomplete run, bad records of the trace skipped, reads of never-written file extents,
     * reads of a file not known to be of written extents, another kind of target than the baseline's), empty when
     * nothing does.
     */
    public record Column(String label, List<Input> runs, boolean comparable, List<String> notes) {
        public Column {
            // A label (from a target's path or --label) is text in tables, CSV and SVG: a control character is none of those.
            label = label.replaceAll("\\p{Cntrl}", "?");
        }

        /** True when every view marks the column: not comparable (--force), or with notes. */
        public boolean flagged() {
            return !comparable || !notes.isEmpty();
        }

        /** The first run, whose identity (target, settings) the column shares. */
        public ReplayResult first() {
            return runs.get(0).result();
        }

        public List<ReplayResult> results() {
            List<ReplayResult> out = new ArrayList<>(runs.size());
            for (Input i : runs) {
                out.add(i.result());
            }
            return out;
        }
    }

    /** A metric over a column's runs: mean, sample standard deviation (NaN for one run), min and max. */
    public record Stat(int runs, double mean, double sd, double min, double max) {
        static Stat of(double[] values) {
            double sum = 0;
            double min = Double.POSITIVE_INFINITY;
            double max = Double.NEGATIVE_INFINITY;
            for (double v : values) {
                sum += v;
                min = Math.min(min, v);
                max = Math.max(max, v);
            }
            double mean = sum / values.length;
            double sd = Double.NaN;
            if (values.length > 1) {
                double squares = 0;
                for (double v : values) {
                    squares += (v - mean) * (v - mean);
                }
                sd = Math.sqrt(squares / (values.length - 1));
            }
            return new Stat(values.length, mean, sd, min, max);
        }
    }

    private final List<Column> columns;
    private final int baseline;
    private final List<String> differences;
    private final List<Metric> sizeClassMetrics;
    private final List<Metric> phaseMetrics;
    private final List<String> phaseNotes;
    private final Map<Metric, Stat[]> stats = new LinkedHashMap<>();
    /** Each result's phases by key, made once: matched by a scan per phase and metric, 20,000 phases took 43 s. */
    private final Map<ReplayResult, Map<PhaseKeys.Key, ReplayResult.PhaseResult>> phasesByKey = new IdentityHashMap<>();

    private ResultComparison(List<Column> columns, int baseline, List<String> differences) {
        this.columns = List.copyOf(columns);
        this.baseline = baseline;
        this.differences = List.copyOf(differences);
        List<PhaseKeys.Key> phases = new ArrayList<>();
        List<String> unreached = new ArrayList<>();
        for (PhaseKeys.Key k : phaseKeys()) {
            if (reached(k)) {
                phases.add(k);
            } else {
                unreached.add(k.label());
            }
        }
        List<Metric> perPhase = new ArrayList<>();
        for (PhaseKeys.Key k : phases) {
            for (Metric.Kind kind : new Metric.Kind[] {Metric.Kind.PHASE_WALL, Metric.Kind.PHASE_BUSY, Metric.Kind.PHASE_MBPS}) {
                perPhase.add(Metric.phase(k, kind, this::phase));
            }
        }
        this.phaseMetrics = List.copyOf(perPhase);
        List<String> notes = new ArrayList<>(phaseNotes(phases));
        if (!unreached.isEmpty()) {
            notes.add("no result has IOs in phase " + String.join(", ", unreached) + " (the traces end before it): not compared");
        }
        this.phaseNotes = List.copyOf(notes);
        List<Metric> all = new ArrayList<>(Metric.ALL);
        all.addAll(Metric.SIZE_CLASSES);
        all.addAll(phaseMetrics);
        for (Metric m : all) {
            Stat[] s = new Stat[columns.size()];
            for (int c = 0; c < columns.size(); c++) {
                List<Input> runs = columns.get(c).runs();
                double[] values = new double[runs.size()];
                for (int i = 0; i < values.length; i++) {
                    values[i] = m.of(runs.get(i).result());
                }
                s[c] = Stat.of(values);
            }
            stats.put(m, s);
        }
        List<Metric> classes = new ArrayList<>();
        for (Metric m : Metric.SIZE_CLASSES) {
            if (anyValue(m)) {
                classes.add(m);
            }
        }
        this.sizeClassMetrics = List.copyOf(classes);
    }

    /** Phases of the baseline's first run, then any phase only other columns have, in the order met. */
    private List<PhaseKeys.Key> phaseKeys() {
        Set<PhaseKeys.Key> keys = new LinkedHashSet<>();
        List<ReplayResult> ordered = new ArrayList<>(columns.get(baseline).results());
        for (Column c : columns) {
            ordered.addAll(c.results());
        }
        for (ReplayResult r : ordered) {
            keys.addAll(phasesOf(r).keySet());
        }
        return new ArrayList<>(keys);
    }

    private Map<PhaseKeys.Key, ReplayResult.PhaseResult> phasesOf(ReplayResult r) {
        return phasesByKey.computeIfAbsent(r, PhaseKeys::index);
    }

    /** The phase {@code k} of {@code r}, or null. */
    private ReplayResult.PhaseResult phase(ReplayResult r, PhaseKeys.Key k) {
        return phasesOf(r).get(k);
    }

    /** Whether some result has IOs in phase {@code k} (a trace cut short keeps the marks of phases it no longer reaches). */
    private boolean reached(PhaseKeys.Key k) {
        for (Column c : columns) {
            for (ReplayResult r : c.results()) {
                ReplayResult.PhaseResult p = phase(r, k);
                if (p != null && p.ios() > 0) {
                    return true;
                }
            }
        }
        return false;
    }

    /** What a column lacks of the phases compared: no phase results at all, or phases of other names. */
    private List<String> phaseNotes(List<PhaseKeys.Key> keys) {
        List<String> notes = new ArrayList<>();
        if (keys.isEmpty()) {
            return notes;
        }
        for (Column c : columns) {
            for (Input in : c.runs()) {
                if (in.result().phases() == null) {
                    notes.add(in.source() + " has no phase results (its trace has no phases, or it was written before sbench measured them)");
                    continue;
                }
                List<String> missing = new ArrayList<>();
                Map<PhaseKeys.Key, ReplayResult.PhaseResult> own = phasesOf(in.result());
                for (PhaseKeys.Key k : keys) {
                    if (!own.containsKey(k)) {
                        missing.add(k.label());
                    }
                }
                if (!missing.isEmpty()) {
                    notes.add(in.source() + " has no phase " + String.join(", ", missing));
                }
            }
        }
        return notes;
    }

    private boolean anyValue(Metric m) {
        for (Stat s : stats.get(m)) {
            if (!Double.isNaN(s.mean())) {
                return true;
            }
        }
        return false;
    }

    /**
     * Compares {@code inputs} against {@code inputs.get(baselineInput)}.
     *
     * @throws SbenchException (bad input) naming what differs, unless {@code force}
     */
    public static ResultComparison of(List<Input> inputs, int baselineInput, boolean force) {
        if (inputs.isEmpty() || baselineInput < 0 || baselineInput >= inputs.size()) {
            throw new IllegalArgumentException("baseline " + baselineInput + " of " + inputs.size() + " inputs");
        }
        Input base = inputs.get(baselineInput);
        Input measured = inputs.stream().filter(in -> !in.result().readsUnwritten() && !in.result().unwrittenUnknown())
                .findFirst().orElse(null);
        List<String> differences = new ArrayList<>();
        List<Input> differing = new ArrayList<>();
        for (Input in : inputs) {
            List<String> d = new ArrayList<>();
            if (!in.result().complete()) {
                d.add("is incomplete (" + in.result().stopReason() + " after "
                        + in.result().fidelity().issuedOfPlanned(TableResultWriter::count) + " IOs)");
            }
            if (measured != null && in.result().readsUnwritten()) {
                ReplayResult.Unwritten u = in.result().target().unwritten();
                d.add("read never-written extents of " + in.result().target().path() + " (" + Units.bytes(u.bytes())
                        + " of " + Units.bytes(u.rangeBytes()) + " held no data), which the filesystem answers"
                        + " without device IO, unlike " + measured.source());
            }
            if (in != base) {
                List<String> w = workloadDifferences(in.result(), base.result());
                if (!w.isEmpty()) {
                    d.add("differs from the baseline " + base.source() + " in " + String.join(SEPARATOR, w));
                }
            }
            if (!d.isEmpty()) {
                differences.add(in.source() + " " + String.join(" and ", d));
                differing.add(in);
            }
        }
        if (!differences.isEmpty() && !force) {
            throw new SbenchException(org.sbench.ErrorKind.BAD_INPUT, "not comparable: " + String.join("; ", differences)
                    + " (--force compares anyway)");
        }
        Map<String, List<Input>> groups = new LinkedHashMap<>();
        for (Input in : inputs) {
            groups.computeIfAbsent(in.label() != null ? "label\u0000" + in.label() : identityKey(in.result()),
                    k -> new ArrayList<>()).add(in);
        }
        List<List<Input>> runs = new ArrayList<>(groups.values());
        List<String> labels = ColumnLabels.of(runs);
        List<Column> columns = new ArrayList<>();
        int baseColumn = 0;
        for (int c = 0; c < runs.size(); c++) {
            List<Input> r = runs.get(c);
            boolean comparable = Collections.disjoint(r, differing);
            columns.add(new Column(labels.get(c), List.copyOf(r), comparable, notes(r, base.result())));
            if (r.contains(base)) {
                baseColumn = c;
            }
        }
        return new ResultComparison(columns, baseColumn, differences);
    }

    /** What about a column's runs matters for a ranking: see {@link Column#notes()}. */
    private static List<String> notes(List<Input> runs, ReplayResult base) {
        List<String> notes = new ArrayList<>();
        for (Input in : runs) {
            ReplayResult r = in.result();
            String of = runs.size() > 1 ? " (" + in.source() + ")" : "";
            if (!r.complete()) {
                notes.add("incomplete" + of + ": stopped (" + r.stopReason() + ") after "
                        + r.fidelity().issuedOfPlanned(TableResultWriter::count) + " IOs");
            }
            if (r.fidelity().skippedRecords() > 0) {
                notes.add(TableResultWriter.badRecords(r.fidelity().skippedRecords()) + " of the trace file skipped" + of
                        + " (--skip-bad): replayed without them");
            }
            if (r.summary().errors() > 0) {
                notes.add(TableResultWriter.failures(r) + of + ": its IOs, MB and latencies leave them out");
            }
            if (r.readsUnwritten()) {
                notes.add("read never-written extents of " + r.target().path() + of
                        + ": the filesystem answered those reads without device IO");
            }
            if (r.unwrittenUnknown()) {
                notes.add("whether its reads of " + r.target().path() + " went to never-written extents is not known" + of
                        + ": it was written by an sbench before 2026-12-01, which did not check");
            }
        }
        ReplayResult first = runs.get(0).result();
        if (!driveKind(first).equals(driveKind(base))) {
            notes.add("ran on " + withArticle(driveKind(first)) + ", the baseline on " + withArticle(driveKind(base)));
        }
        return List.copyOf(notes);
    }

    /**
     * What kind of drives a result ran on, in words: its target's kind, or a stripe's members' (a
     * stripe of block devices is compared with a block device as drives of one kind).
     */
    private static String driveKind(ReplayResult r) {
        if (r.stripe() == null) {
            return TargetWords.kind(r.target().kind());
        }
        List<String> kinds = new ArrayList<>();
        for (ReplayResult.Member m : r.stripe().members()) {
            String kind = TargetWords.kind(m.kind());
            if (!kinds.contains(kind)) {
                kinds.add(kind);
            }
        }
        return String.join(" and ", kinds);
    }

    /** A kind of drive as a sentence names one: "a file", "a block device", "the null target (no device)". */
    private static String withArticle(String kind) {
        if (kind.startsWith(TargetWords.kind(NullTarget.NAME))) {
            return "the " + kind;
        }
        return ("aeiou".indexOf(kind.charAt(0)) >= 0 ? "an " : "a ") + kind;
    }

    /** What makes two results replays of different workloads, as "name (this vs baseline)". */
    private static List<String> workloadDifferences(ReplayResult r, ReplayResult base) {
        List<String> d = new ArrayList<>();
        if (!Objects.equals(r.trace().sha256(), base.trace().sha256())) {
            d.add("trace (" + r.trace().name() + " sha256 " + TableResultWriter.shortSha(r.trace().sha256()) + " vs "
                    + base.trace().name() + " sha256 " + TableResultWriter.shortSha(base.trace().sha256()) + ")");
        }
        String mode = ColumnLabels.mode(r.settings());
        String baseMode = ColumnLabels.mode(base.settings());
        if (!mode.equals(baseMode)) {
            d.add("mode (" + mode + " vs " + baseMode + ")");
        } else if ("recorded-qd".equals(r.settings().mode()) && r.settings().maxIdleNs() != base.settings().maxIdleNs()) {
            d.add("idle cap (" + TableResultWriter.idleCap(r.settings()) + " vs " + TableResultWriter.idleCap(base.settings()) + ")");
        }
        if (!Objects.equals(r.settings().data(), base.settings().data())) {
            d.add("data pattern (" + r.settings().data() + " vs " + base.settings().data() + ")");
        }
        if (!Objects.equals(r.settings().stream(), base.settings().stream())) {
            d.add("stream (" + stream(r.settings()) + " vs " + stream(base.settings()) + ")");
        }
        if (r.settings().readOnly() != base.settings().readOnly()) {
            d.add("read-only (" + r.settings().readOnly() + " vs " + base.settings().readOnly() + ")");
        }
        List<PhaseKeys.Key> phases = PhaseKeys.of(r);
        List<PhaseKeys.Key> basePhases = PhaseKeys.of(base);
        if (phases != null && basePhases != null && !phases.equals(basePhases)) {
            d.add("phases (" + phaseList(phases) + " vs " + phaseList(basePhases) + ")");
        }
        return d;
    }

    private static String phaseList(List<PhaseKeys.Key> keys) {
        List<String> labels = new ArrayList<>();
        keys.forEach(k -> labels.add(k.label()));
        return labels.isEmpty() ? "none" : String.join(", ", labels);
    }

    private static String stream(ReplayResult.Settings s) {
        return s.streamWords() == null ? ReplayResult.Settings.ALL_STREAMS : s.streamWords();
    }

    /** Repeated runs share this: the drive, how it was driven, and the workload. */
    private static String identityKey(ReplayResult r) {
        ReplayResult.Settings s = r.settings();
        return String.join("\u0000", String.valueOf(r.target().path()), r.target().kind(), ColumnLabels.device(r, "model"),
                ColumnLabels.device(r, "serial"), ColumnLabels.device(r, "firmware"), s.engine(), s.data(), ColumnLabels.mode(s),
                String.valueOf(s.maxIdleNs()), String.valueOf(s.stream()), String.valueOf(s.readOnly()), r.trace().sha256());
    }

    public List<Column> columns() {
        return columns;
    }

    /** The index of the baseline column. */
    public int baseline() {
        return baseline;
    }

    /** What differs, one entry per differing result; empty when all are comparable. */
    public List<String> differences() {
        return differences;
    }

    /** True when any column repeats runs (tables then show the spread). */
    public boolean hasRepeats() {
        for (Column c : columns) {
            if (c.runs().size() > 1) {
                return true;
            }
        }
        return false;
    }

    public Stat stat(int column, Metric m) {
        return stats.get(m)[column];
    }

    /** Column mean minus baseline mean. */
    public double difference(int column, Metric m) {
        return stat(column, m).mean() - stat(baseline, m).mean();
    }

    /** Column mean over baseline mean; NaN when the baseline is 0. */
    public double ratio(int column, Metric m) {
        double base = stat(baseline, m).mean();
        return base == 0 ? Double.NaN : stat(column, m).mean() / base;
    }

    /** Column indices best first by {@code m} (given order when the metric has no better direction). */
    public List<Integer> ranking(Metric m) {
        List<Integer> order = new ArrayList<>();
        for (int c = 0; c < columns.size(); c++) {
            order.add(c);
        }
        order.sort((a, b) -> m.better().compare(stat(a, m).mean(), stat(b, m).mean()));
        return order;
    }

    /** The best column by {@code m}, or -1 when the metric has no direction, the best two tie, or fewer than two have a value. */
    public int best(Metric m) {
        if (m.better() == Metric.Better.NONE || columns.size() < 2) {
            return -1;
        }
        List<Integer> order = ranking(m);
        double first = stat(order.get(0), m).mean();
        double second = stat(order.get(1), m).mean();
        return first == second || Double.isNaN(second) ? -1 : order.get(0);
    }

    /** The size-class metrics some column has a value of (classes and ops with IOs), class by class. */
    public List<Metric> sizeClassMetrics() {
        return sizeClassMetrics;
    }

    /**
     * Wall time, busy time and MB/s of each phase, phase by phase (phases matched by name; empty
     * when no result has phases).
     */
    public List<Metric> phaseMetrics() {
        return phaseMetrics;
    }

    /** The phases some results lack (a column then shows none for them), one line per result; empty when none do. */
    public List<String> phaseNotes() {
        return phaseNotes;
    }

    /** A column's latency histogram of {@code op}, its runs' histograms added (values in ns). */
    public Histogram latency(int column, String op) {
        return LatencyHistograms.merged(columns.get(column).results(), op);
    }

    /** The workload every column replayed (of the baseline): trace, mode, idle cap, data pattern. */
    public String workload() {
        ReplayResult r = columns.get(baseline).first();
        ReplayResult.Settings s = r.settings();
        return r.trace().name() + " (sha256 " + TableResultWriter.shortSha(r.trace().sha256()) + ", "
                + String.format(Locale.ROOT, "%,d", r.trace().records()) + " IOs), " + ColumnLabels.mode(s)
                + ("recorded-qd".equals(s.mode()) ? ", max idle " + TableResultWriter.idleCap(s) : "") + ", data " + s.data()
                + (s.streamWords() == null ? "" : ", stream " + s.streamWords()) + (s.readOnly() ? ", read-only" : "");
    }

    /** A column's identity in words: drive, target, engine, runs and their files. */
    public String describe(int column) {
        Column c = columns.get(column);
        ReplayResult r = c.first();
        List<String> parts = new ArrayList<>();
        for (String key : new String[] {"model", "firmware", "serial"}) {
            String v = ColumnLabels.device(r, key);
            if (!v.isEmpty()) {
                parts.add(key + " " + v);
            }
        }
        parts.add("target " + r.target().name() + (r.target().path() == null ? "" : " (" + TargetWords.kind(r.target().kind()) + ")"));
        if (r.stripe() != null) {
            List<String> members = new ArrayList<>();
            for (ReplayResult.Member m : r.stripe().members()) {
                String model = m.device() == null ? null : m.device().get("model");
                members.add(m.path() + (model == null ? "" : " (" + model + ")"));
            }
            parts.add(ColumnLabels.geometry(r) + " over " + String.join(" ", members));
        }
        parts.add("engine " + r.settings().engine());
        parts.add("data " + r.settings().data());
        List<String> files = new ArrayList<>();
        for (Input i : c.runs()) {
            files.add(i.source());
        }
        parts.add(c.runs().size() + (c.runs().size() == 1 ? " run: " : " runs: ") + String.join(" ", files));
        return String.join(SEPARATOR, parts);
    }
}
