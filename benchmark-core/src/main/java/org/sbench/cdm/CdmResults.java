package org.sbench.cdm;

import java.util.List;
import java.util.Locale;
import org.sbench.result.ReplayResult;
import org.sbench.trace.Op;

/**
 * What a synthetic suite run measured: for each test, op and data pattern that ran, the best pass.
 *
 * @param targetGeometry for a striped target, its usable capacity and geometry ({@code 16.8 MB usable: 2 x 8.39 MB
 *                       striped, 64 KiB}); null for any other
 * @param regionBytes the test region used (the asked size rounded down to whole 1 MiB blocks)
 * @param engine      the engine that ran the passes
 * @param errors      IO errors over every pass that ran, also one cut short (the first stops the suite)
 * @param stopReason  why the suite stopped before its end (interrupted, an IO error), or null
 * @param failedPass  the pass whose IO errors stopped the suite (not among the entries), or null
 */
public record CdmResults(CdmSettings settings, String targetPath, String targetKind, String targetGeometry, long regionBytes, String engine,
                         List<Entry> entries, long errors, String stopReason, ReplayResult failedPass) {

    /**
     * The best pass of one test, op and data pattern (highest MB/s over busy time), and the MB/s of
     * every pass, in order.
     */
    public record Entry(CdmTest test, Op op, String data, ReplayResult best, List<Double> passMbps) {
        /** The JSON result's file name: {@code cdm-v8-seq1m-q8t1-read-random.json}. */
        public String fileName(CdmPreset preset) {
            return "cdm-" + preset.word() + "-" + test.slug() + "-" + op.name().toLowerCase(Locale.ROOT) + "-" + data + ".json";
        }
    }

    public CdmResults {
        entries = List.copyOf(entries);
    }

    /** The entry of that test, op and data, or null when it did not run. */
    public Entry entry(CdmTest test, Op op, String data) {
        for (Entry e : entries) {
            if (e.test().equals(test) && e.op() == op && e.data().equals(data)) {
                return e;
            }
        }
        return null;
    }

    public boolean complete() {
        return stopReason == null;
    }

    /**
     * The suite as one JSON document ({@code cdm --json}): what ran, how it ended, and each test,
     * op and data pattern with every pass's MB/s and its best pass as a replay result (the result
     * {@code cdm --out} writes to that entry's file).
     */
    public record Document(String preset, String target, String targetKind, long regionBytes, String engine, boolean complete,
                           String stopReason, long errors, List<TestResult> tests) {
    }

    /** One test, op and data pattern of a {@link Document}: {@code test} as the grid names it ({@code RND4K Q32T1}). */
    public record TestResult(String test, String op, String data, List<Double> passMbps, ReplayResult best) {
    }

    public Document document() {
        List<TestResult> tests = entries.stream().map(e -> new TestResult(e.test().label(), e.op().name().toLowerCase(Locale.ROOT),
                e.data(), e.passMbps(), e.best())).toList();
        return new Document(settings.preset().word(), targetPath, targetKind, regionBytes, engine, complete(), stopReason, errors, tests);
    }
}
