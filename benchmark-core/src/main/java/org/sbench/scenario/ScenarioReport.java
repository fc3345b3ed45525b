package org.sbench.scenario;

import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jfree.chart.JFreeChart;
import org.sbench.result.AtomicTextFile;
import org.sbench.result.TableResultWriter;
import org.sbench.result.TargetWords;
import org.sbench.result.TextTable;
import org.sbench.result.XhtmlPage;
import org.sbench.result.chart.SvgChart;
import org.sbench.step.Bundle;
import org.sbench.step.BundleLog;
import org.sbench.step.StepResult;

/**
 * {@code BUNDLE/report.html}: one self-contained XHTML page for a scenario bundle (no scripts, charts
 * as inline SVG): what ran on which drive, the steps with their key numbers, the steady-state
 * verdicts, the over-time charts ({@code chart-mbps-over-time}, {@code chart-iops-over-time},
 * {@code chart-rounds-mbps}, {@code chart-rounds-busy}, {@code chart-steady-N}, {@code chart-sweep-OP})
 * and the drive's state log. Each step's runs are ordinary replay results, which {@code report} shows in full.
 */
public final class ScenarioReport {
    public static final String FILE = "report.html";
    static final int WIDTH_PX = 1000;
    static final int HEIGHT_PX = 420;
    private static final double BYTES_PER_MB = 1e6;

    private ScenarioReport() {
    }

    /** Writes the report of {@code b} into its directory, atomically. */
    public static void write(ScenarioBundle b) {
        String html = render(b);
        Path file = b.dir().resolve(FILE);
        AtomicTextFile.write(file, w -> w.write(html));
    }

    static String render(ScenarioBundle b) {
        Bundle bundle = b.bundle();
        XhtmlPage page = new XhtmlPage("sbench run: " + bundle.scenario() + " on " + b.drive());
        if (!bundle.complete()) {
            page.p("warning", "INCOMPLETE: " + b.stopReason()
                    + "; " + b.finished().size() + " of at most " + bundle.plannedSteps()
                    + " steps finished. sbench run --resume " + b.dir() + " continues at the first step not finished.");
        }
        page.meta(meta(b));
        page.h2("Steps");
        page.table("steps", StepTable.of(b));
        StepTable.unwritten(b).forEach(line -> page.p("warning", line + "."));
        page.p("note", "MB/s and IOPS over each step's busy time (all its runs); MB = 10^6 bytes; p99: service time of all the"
                + " step's IOs. Each run is a replay result in " + b.dir().resolve("steps") + ", read by sbench report and compare.");
        String folded = StepTable.foldNote(b);
        if (folded != null) {
            page.p("note", folded + ".");
        }
        if (!b.verdicts().isEmpty()) {
            page.h2("Steady state (SNIA PTS)");
            StepTable.verdicts(b).forEach(line -> page.p(null, line));
        }
        page.h2("Over time");
        ScenarioCharts.perSecond(b).forEach((id, chart) -> chart(page, id, chart));
        List<ScenarioCharts.Source> one = List.of(new ScenarioCharts.Source("", b));
        charts(one).forEach((id, chart) -> chart(page, id, chart));
        page.h2("State log");
        page.table("state-log", stateLog(b));
        page.p("note", "Bytes since the last purge count what the drive was given from the last purge step of this bundle on, a"
                + " zeroing purge's range (" + StepResult.TO_ZERO + ", which the device may unmap rather than write) among them; the"
                + " drive's temperature and kernel counters (sectors since boot) are what sysfs showed after each step.");
        return page.finish();
    }

    /** The round charts, steady-state charts and sweeps of {@code sources} by chart id, those they have (none: empty). */
    static Map<String, JFreeChart> charts(List<ScenarioCharts.Source> sources) {
        Map<String, JFreeChart> charts = new LinkedHashMap<>();
        charts.put("rounds-mbps", ScenarioCharts.rounds(sources, false));
        charts.put("rounds-busy", ScenarioCharts.rounds(sources, true));
        int n = 1;
        for (Map.Entry<String, JFreeChart> steady : ScenarioCharts.tracked(sources)) {
            charts.put("steady-" + n++, steady.getValue());
        }
        for (Map.Entry<String, JFreeChart> sweep : ScenarioCharts.sweeps(sources).entrySet()) {
            charts.put("sweep-" + sweep.getKey(), sweep.getValue());
        }
        charts.values().removeIf(Objects::isNull);
        return charts;
    }

    static void chart(XhtmlPage page, String id, JFreeChart chart) {
        if (chart != null) {
            page.chart(id, SvgChart.render(chart, id, WIDTH_PX, HEIGHT_PX));
        }
    }

    /**
     * What {@code --scale} did, as a sentence: "0.002: the run kept to the first 2,097,152 of the target's 1,073,741,824 bytes,
     * and multiplied these options of its steps by 0.002: replay first; torture duration, round". A bundle of an older
     * sbench words its region and options otherwise ({@code target (the first 2097152 of its 1073741824 bytes)}, or
     * before 2026-12-04 no region at all), and is shown in its own words as then.
     */
    private static String scale(BundleScenario s) {
        if (s.scale() == 1) {
            return "1 (as written)";
        }
        String factor = java.math.BigDecimal.valueOf(s.scale()).stripTrailingZeros().toPlainString();
        List<String> scaled = s.scaled();
        if (scaled.isEmpty()) {
            return factor;
        }
        if (!scaled.get(0).startsWith(BundleScenario.REGION_WORDS)) {
            return factor + ": " + String.join(", ", scaled) + " multiplied by it";
        }
        List<String> options = scaled.subList(1, scaled.size());
        return factor + ": the run kept to " + scaled.get(0)
                + (options.isEmpty() ? "" : ", and multiplied these options of its steps by " + factor + ": " + String.join("; ", options));
    }

    private static List<String[]> meta(ScenarioBundle b) {
        Bundle bundle = b.bundle();
        BundleScenario s = b.scenario();
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"scenario", s.scenario() + " (" + s.source() + ", SHA-256 " + s.sha256() + ")"});
        rows.add(new String[] {"scale", scale(s)});
        rows.add(new String[] {"engine", s.engine()});
        rows.add(new String[] {"target", bundle.target().name() + " (" + bundle.target().kind() + ", "
                + TableResultWriter.count(bundle.target().capacity()) + " bytes)"});
        if (bundle.target().device() != null) {
            for (String[] d : TargetWords.rows(bundle.target().device())) {
                rows.add(new String[] {"target " + d[0], d[1]});
            }
        }
        rows.add(new String[] {"host", bundle.host().kernel() + ", " + bundle.host().cpu() + ", " + bundle.host().cores() + " cores, "
                + bundle.host().jvm()});
        rows.add(new String[] {"started", bundle.startedAt() + ", sbench " + bundle.sbenchVersion()});
        rows.add(new String[] {"status", bundle.complete() ? "complete" : "incomplete (" + b.stopReason() + ")"});
        return rows;
    }

    /** The state log: a row per entry, the entries of a {@link StepTable#folds folded} run of steps in one. */
    private static TextTable stateLog(ScenarioBundle b) {
        boolean zeroes = StepTable.zeroes(b);
        TextTable t = new TextTable(StepTable.withBytes(zeroes, List.of("at", "step", "action"),
                List.of("since purge MB", "temperature C", "kernel counters")));
        Map<Integer, Long> toZero = new HashMap<>();
        b.entries().stream().filter(e -> e.step().bytesToZero() > 0).forEach(e -> toZero.put(e.record(), e.step().bytesToZero()));
        Deque<StepTable.Fold> folds = new ArrayDeque<>(StepTable.folds(b));
        List<Bundle.StateEvent> log = b.bundle().stateLog();
        for (int i = 0; i < log.size(); i++) {
            Bundle.StateEvent e = log.get(i);
            if (folds.isEmpty() || b.entries().get(folds.peek().from()).record() != e.step()) {
                stateRow(t, zeroes, e, e.at(), Integer.toString(e.step() + 1), e.action(), e.bytesWritten(),
                        toZero.getOrDefault(e.step(), 0L));
                continue;
            }
            List<ScenarioBundle.Entry> folded = b.entries().subList(folds.peek().from(), folds.pop().to());
            int lastRecord = folded.get(folded.size() - 1).record();
            long written = e.bytesWritten();
            long zeroed = toZero.getOrDefault(e.step(), 0L);
            while (i + 1 < log.size() && log.get(i + 1).step() <= lastRecord) {
                written = BundleLog.added(written, log.get(++i).bytesWritten());
                zeroed = BundleLog.added(zeroed, toZero.getOrDefault(log.get(i).step(), 0L));
            }
            stateRow(t, zeroes, log.get(i), e.at() + " to " + log.get(i).at(), Integer.toString(e.step() + 1), "steps "
                    + StepTable.foldedSteps(folded) + ": " + StepTable.folded(folded), written, zeroed);
        }
        return t;
    }

    /**
     * A row of the state log: {@code e}'s drive state, and what it was of (a step, or folded steps), which wrote {@code bytes},
     * {@code toZero} of them asked of the kernel to zero.
     */
    private static void stateRow(TextTable t, boolean zeroes, Bundle.StateEvent e, String at, String step, String action, long bytes,
                                 long toZero) {
        t.row(StepTable.withBytes(zeroes, List.of(at, step, action), bytes, toZero, List.of(
                e.bytesWrittenSincePurge() == null ? "-" : StepTable.f1(e.bytesWrittenSincePurge() / BYTES_PER_MB),
                e.temperatureC() == null ? "-" : StepTable.f1(e.temperatureC()),
                e.health() == null || e.health().isEmpty() ? "-" : e.health().toString())));
    }
}
