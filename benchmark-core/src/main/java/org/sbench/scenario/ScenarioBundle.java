package org.sbench.scenario;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.sbench.result.ReplayResult;
import org.sbench.result.TableResultWriter;
import org.sbench.step.Bundle;
import org.sbench.step.BundleDirectory;
import org.sbench.step.StepResult;

/**
 * A scenario bundle read back for its report and for {@code compare}: the bundle's index, its
 * scenario, and each step record at its place in the scenario (rounds, the group's name), with what
 * the report and the step table need of its runs and its key numbers. A run's whole result (its
 * per-second series, its histograms) is read from its file when wanted ({@link #result}, by the one reader of
 * {@code files}, whose parsers are made once), not kept: a bundle of thousands of steps is read in the memory of a few.
 *
 * @param files the bundle's directory, whose reader {@link #result} reads the run files with
 * @param cut the step log's last line, cut short and not read, in words ({@link BundleDirectory#cut}); null when none was
 */
public record ScenarioBundle(BundleDirectory files, Bundle bundle, BundleScenario scenario, List<Entry> entries, String cut) {

    /**
     * One step record: its index in the bundle (0-based), the planned step it is of, the record, what
     * is kept of its runs (in the order of the record's) and its numbers, and whether it is the step's
     * finished record (false for an attempt stopped part way, which a resumed run ran again or will).
     */
    public record Entry(int record, PlannedStep planned, StepResult step, List<Run> runs, StepNumbers numbers,
                        boolean finished) {
    }

    /**
     * What is kept of one run of a step: when it started, its MB/s and busy time (as its summary has them), its wall time
     * and the rates of its per-second series the over-time charts draw ({@link ScenarioCharts#rates}), and its
     * {@link TableResultWriter#unwritten UNWRITTEN} line ({@code UNWRITTEN (step 2, probe-1): ...}), null when it read no
     * never-written extent of a file. Not its whole summary: its latencies by op were some 600 bytes a step of a bundle's
     * 100,000 that nothing read.
     */
    public record Run(String startedAt, double mbps, long busyNs, long wallNs, ScenarioCharts.Rates rates, String unwritten) {
    }

    /** The bundle in {@code dir}; a bad-input error naming what is missing when it is no scenario bundle. */
    public static ScenarioBundle read(Path dir) {
        BundleDirectory files = BundleDirectory.open(dir);
        Bundle bundle = files.read();
        BundleScenario copy = BundleScenario.read(dir);
        Scenario scenario = copy.parse();
        ScenarioWalk walk = new ScenarioWalk(scenario);
        RecordCursor cursor = new RecordCursor(dir.toString(), bundle.steps().iterator());
        List<Entry> entries = new ArrayList<>();
        for (PlannedStep p = walk.next(); p != null && !cursor.exhausted(); p = walk.next()) {
            RecordCursor.Match m = cursor.match(p);
            for (int a = 0; a < m.attempts().size(); a++) {
                entries.add(entry(files, m.first() + a, m.attempts().get(a), p, false));
            }
            if (!m.done()) {
                break;
            }
            Entry done = entry(files, m.finishedIndex(), m.finished(), p, true);
            entries.add(done);
            if (p.tracked()) {
                walk.tracked(ScenarioRunner.tracked(p), done.numbers().value(p.trackedMetric()));
            }
        }
        return new ScenarioBundle(files, bundle, copy, List.copyOf(entries), files.cut());
    }

    /** {@code step}, the record {@code index} of the bundle, its runs' results read for their numbers and let go. */
    private static Entry entry(BundleDirectory files, int index, StepResult step, PlannedStep p, boolean finished) {
        List<ReplayResult> results = new ArrayList<>();
        List<Run> runs = new ArrayList<>();
        for (StepResult.NamedRun run : step.runs()) {
            ReplayResult r = files.readRun(run);
            results.add(r);
            String unwritten = r.readsUnwritten() ? TableResultWriter.unwritten(r, "step " + (index + 1) + (step.runs().size() == 1 ? ""
                    : ", " + run.name())) : null;
            runs.add(new Run(r.startedAt(), r.summary().mbps(), r.summary().busyNs(), r.summary().wallNs(), ScenarioCharts.rates(r),
                    unwritten));
        }
        return new Entry(index, p, step, List.copyOf(runs), StepNumbers.of(results), finished);
    }

    /** The whole result of run {@code run} of {@code e}, read from its file. */
    public ReplayResult result(Entry e, int run) {
        return files.readRun(e.step().runs().get(run));
    }

    /** The bundle's directory. */
    public Path dir() {
        return files.dir();
    }

    /** The finished steps, in order. */
    public List<Entry> finished() {
        return entries.stream().filter(Entry::finished).toList();
    }

    /** The tracked step of the last round of each group run until steady state: its result carries the group's verdict. */
    public List<Entry> verdicts() {
        List<Entry> out = new ArrayList<>();
        Set<Integer> laterTracked = new HashSet<>();
        List<Entry> done = finished();
        // From the last step back, one pass: a group's verdict is on its last tracked step.
        for (int i = done.size() - 1; i >= 0; i--) {
            Entry e = done.get(i);
            if (e.planned().tracked() && laterTracked.add(e.planned().position().part()) && e.step().steadyState() != null) {
                out.add(e);
            }
        }
        Collections.reverse(out);
        return out;
    }

    /**
     * Why the bundle is not complete, in words: its stop reason, or, as its head has none, that a run is appending to it
     * or ended unheard (a kill -9, a power loss).
     */
    public String stopReason() {
        return bundle.stopReason() == null ? "running, or stopped without a word" : bundle.stopReason();
    }

    /** The drive: its model and path, or the target's path or kind. */
    public String drive() {
        String model = bundle.target().device() == null ? null : bundle.target().device().get("model");
        return model == null ? bundle.target().name() : model + " (" + bundle.target().name() + ")";
    }
}
