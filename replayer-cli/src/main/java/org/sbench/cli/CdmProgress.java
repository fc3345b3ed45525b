package org.sbench.cli;

import java.util.Locale;
import org.sbench.cdm.CdmGrid;
import org.sbench.cdm.CdmListener;
import org.sbench.cdm.CdmSettings;
import org.sbench.cdm.CdmTest;
import org.sbench.replay.ReplayListener;
import org.sbench.result.ReplayResult;
import org.sbench.trace.Op;
import org.sbench.trace.units.Units;

/**
 * The suite's progress on stderr: what it fills, which test and pass it is in ("cdm v8 3/8 RND4K
 * Q32T1 read (random data), pass 2 of 5: ..., elapsed 0:02 of 0:05 (40.0%), ETA 0:03"; a timed
 * pass's ETA is its time limit), then the whole suite's ("; suite: run 13 of 41, elapsed 1:02,
 * ETA 2:41", the runs being the fills and the passes, its ETA at the pace of the runs so far), and
 * one line with each pass's result, unless {@code --progress none}.
 */
final class CdmProgress implements CdmListener {
    private static final long FRACTION_STEPS = 1_000_000;
    private final ProgressLine line;
    private final CdmSettings settings;
    private long suiteStartNs;
    private int started;

    CdmProgress(ProgressLine line, CdmSettings settings) {
        this.line = line;
        this.settings = settings;
    }

    @Override
    public void filling(String pattern, long regionBytes) {
        if (line.shows()) {
            line.note("filling the test region (" + Units.bytes(regionBytes) + ") with " + CdmGrid.label(pattern)
                    + " data: one sequential write pass, not measured");
        }
    }

    @Override
    public ReplayListener fillProgress(String data) {
        return ReplayProgress.ofPass(line, "cdm fill (" + CdmGrid.label(data) + " data)", 0, nextRun());
    }

    @Override
    public ReplayListener passProgress(CdmTest test, Op op, String data, int pass, int passes) {
        return ReplayProgress.ofPass(line, "cdm " + settings.preset().word() + " " + position(test, op, data) + " " + test.label() + " "
                + op(op) + " (" + CdmGrid.label(data) + " data), " + passName(pass, passes), settings.timed() ? settings.durationNs() : 0,
                nextRun());
    }

    /** The suite as the run starting now sees it: the runs before it are done. */
    private ReplayProgress.Whole nextRun() {
        if (started == 0) {
            suiteStartNs = line.now();
        }
        int before = started++;
        return (run, runFraction) -> suite(run, before, runFraction);
    }

    /** Adds "suite: run 13 of 41, elapsed 1:02, ETA 2:41" to {@code run}: the fills and passes, and the time left at the pace so far. */
    private void suite(Status run, int runsBefore, double runFraction) {
        int passes = settings.preset().warmUpPasses() + settings.passes();
        int runs = settings.data().size() * (1 + settings.preset().tests().size() * 2 * passes);
        double done = (runsBefore + runFraction) / runs;
        run.then("suite").add(Status.Kind.COUNT, "run " + (runsBefore + 1) + " of " + runs)
                .time(Math.round(done * FRACTION_STEPS), FRACTION_STEPS, line.now() - suiteStartNs);
    }

    @Override
    public void passDone(CdmTest test, Op op, String pattern, int pass, int passCount, ReplayResult r) {
        if (line.shows()) {
            line.note(String.format(Locale.ROOT, "%-12s %-5s %-6s %-9s  %10.2f MB/s  %10.1f IOPS", test.label(), op(op),
                    CdmGrid.label(pattern), pass < 1 ? "warm-up" : "pass " + pass + "/" + passCount, r.summary().mbps(), r.summary().iops()));
        }
    }

    /** "3/8": this test and op among all the suite runs, in the order it runs them (data, test, reads then writes). */
    private String position(CdmTest test, Op op, String data) {
        int tests = settings.preset().tests().size();
        int index = (settings.data().indexOf(data) * tests + settings.preset().tests().indexOf(test)) * 2 + (op == Op.READ ? 0 : 1);
        return (index + 1) + "/" + settings.data().size() * tests * 2;
    }

    /** "pass 2 of 5", or "warm-up pass (not scored)" for a pass before the scored ones. */
    private static String passName(int pass, int passes) {
        return pass < 1 ? "warm-up pass (not scored)" : "pass " + pass + " of " + passes;
    }

    private static String op(Op op) {
        return op.name().toLowerCase(Locale.ROOT);
    }
}
