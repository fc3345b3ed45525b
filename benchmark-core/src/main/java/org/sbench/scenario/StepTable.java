package org.sbench.scenario;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.sbench.result.TableResultWriter;
import org.sbench.result.TextTable;

/**
 * The steps of a scenario bundle as a table (the terminal's and the report's): one row per step record,
 * a step whose runs read never-written extents of a file marked UNWRITTEN, with a line of its own ({@link #unwritten}).
 */
public final class StepTable {
    private static final double NS_PER_S = 1e9;
    private static final double BYTES_PER_MB = 1e6;
    private static final String NONE = "-";

    private StepTable() {
    }

    public static TextTable of(ScenarioBundle b) {
        TextTable t = new TextTable("step", "status", "time s", "written MB", "MB/s", "IOPS", "busy s", "p99 us");
        for (int i = 0; i < b.entries().size(); i++) {
            ScenarioBundle.Entry e = b.entries().get(i);
            boolean runAgain = i + 1 < b.entries().size() && b.entries().get(i + 1).planned().ordinal() == e.planned().ordinal();
            StepNumbers n = e.numbers();
            t.row((e.record() + 1) + ". " + e.step().label(), status(e, runAgain), f1(e.step().durationNs() / NS_PER_S),
                    f1(e.step().bytesWritten() / BYTES_PER_MB), f1(n.mbps()), f0(n.iops()), n.ios() == 0 ? NONE : f1(n.busyNs() / NS_PER_S),
                    f1(n.p99Us()));
        }
        return t;
    }

    /** One line per group run until steady state: {@code GROUP: steady state of ... reached at round R (...)}. */
    public static List<String> verdicts(ScenarioBundle b) {
        return b.verdicts().stream().map(e -> e.planned().position().group() + ": " + SteadyStates.describe(e.step().steadyState())).toList();
    }

    /**
     * The {@link TableResultWriter#unwritten UNWRITTEN} line of each run that read never-written extents of a file:
     * {@code UNWRITTEN (step 2, probe-1): ...}.
     */
    public static List<String> unwritten(ScenarioBundle b) {
        List<String> lines = new ArrayList<>();
        for (ScenarioBundle.Entry e : b.entries()) {
            for (ScenarioBundle.Run run : e.runs()) {
                if (run.unwritten() != null) {
                    lines.add(run.unwritten());
                }
            }
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
