// How progress reaches stderr: rewritten in place on a terminal, a line every 10 s elsewhere, nothing with --progress none.
package org.sbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.sbench.cdm.CdmPreset;
import org.sbench.cdm.CdmSettings;
import org.sbench.replay.ReplayListener;
import org.sbench.step.StepListener;
import org.sbench.trace.Op;
import org.sbench.trace.units.Units;

class ProgressLineTest {
    private static final long MS = 1_000_000L;
    private static final long S = 1_000 * MS;
    private static final String NL = System.lineSeparator();

    /** A progress line on a string, with a clock the test moves. */
    private static final class Fixture {
        final StringWriter err = new StringWriter();
        long nowNs;
        int columns;
        final ProgressLine line;

        Fixture(ProgressLine.Mode mode) {
            this(mode, 0);
        }

        Fixture(ProgressLine.Mode mode, int columns) {
            this.columns = columns;
            line = new ProgressLine(new PrintWriter(err), mode, () -> this.columns, () -> nowNs);
        }
    }

    @Test
    void aStepsWorkEndsItsLineWhenDoneSoThatTheTableAfterItStartsOnANewLine() {
        Fixture f = new Fixture(ProgressLine.Mode.LIVE);
        StepProgress purge = new StepProgress(f.line);
        f.nowNs = 2 * S;
        purge.progress("purge trim", StepListener.Work.BYTES, 1 << 20, 4 << 20, 2 * S);
        f.nowNs = 3 * S;
        purge.progress("purge trim", StepListener.Work.BYTES, 4 << 20, 4 << 20, 3 * S);
        String err = f.err.toString();
        assertTrue(err.startsWith("\rpurge trim") && err.endsWith(NL) && err.indexOf(NL) == err.length() - NL.length(), err);
    }

    /** What a caller sleeps for until the next line (sbench record's main thread, asleep while it records). */
    @Test
    void theTimeUntilALineIsDueIsWhatACallerMaySleep() {
        Fixture live = new Fixture(ProgressLine.Mode.LIVE);
        live.nowNs = 400 * MS;
        assertEquals(600 * MS, live.line.untilDueNs());
        live.nowNs = S;
        assertEquals(0, live.line.untilDueNs());
        live.line.show(new Status("x"));
        live.nowNs = S + 100 * MS;
        assertEquals(150 * MS, live.line.untilDueNs());
        Fixture lines = new Fixture(ProgressLine.Mode.LINES);
        lines.nowNs = 3 * S;
        assertEquals(7 * S, lines.line.untilDueNs());
        assertEquals(Long.MAX_VALUE, new Fixture(ProgressLine.Mode.NONE).line.untilDueNs());
    }

    @Test
    void onATerminalTheFirstLineComesAfterASecondThenFourTimesASecondInPlace() {
        Fixture f = new Fixture(ProgressLine.Mode.LIVE);
        f.nowNs = 999 * MS;
        assertFalse(f.line.due(), "a command done within a second prints no progress");
        f.nowNs = S;
        f.line.show(new Status("reading x: 50%"));
        f.nowNs = S + 200 * MS;
        f.line.show(new Status("skipped: too soon"));
        f.nowNs = S + 250 * MS;
        f.line.show(new Status("reading x: 75%, longer"));
        f.nowNs = S + 500 * MS;
        f.line.show(new Status("short"));
        f.line.end();
        assertEquals("\rreading x: 50%\rreading x: 75%, longer\rshort                 " + NL, f.err.toString(),
                "each line overwrites the last, spaces over what was longer");
    }

    @Test
    void onATerminalALineIsCutToItsWidthSoThatItIsRewrittenInPlaceNotWrappedOntoRowsAbove() {
        Fixture f = new Fixture(ProgressLine.Mode.LIVE, 20);
        f.nowNs = S;
        f.line.show(new Status("cdm v8 8/8 RND4K Q1T1 write (random data), pass 2 of 2"));
        f.nowNs = 2 * S;
        f.line.show(new Status("short"));
        f.line.end();
        assertEquals("\rcdm v8 8...s 2 of 2\rshort              " + NL, f.err.toString(),
                "at most one column less than the terminal's, so that the cursor stays on the line");
    }

    @Test
    void aTerminalMadeNarrowerGetsLinesOfItsNewWidthWithNoSpacesPastIt() {
        Fixture f = new Fixture(ProgressLine.Mode.LIVE, 80);
        ReplayProgress replay = ReplayProgress.ofTrace(f.line, "h11.sbt");
        replay.started(0);
        f.nowNs = S;
        replay.progress(51_067, 3_952_340, 4 * S, 1_000_000_000);
        f.columns = 40;
        f.nowNs = 2 * S;
        replay.progress(54_478, 3_952_340, 5 * S, 1_100_000_000);
        f.line.end();
        assertEquals("\rreplay: 51,067 of 3,952,340 IOs (1.3%), 12,767 IOPS, elapsed 0:04, ETA 5:05"
                + "\rreplay: 1.4%, ETA 5:57" + " ".repeat(39 - 22) + NL, f.err.toString(),
                "a rewrite wider than the terminal wraps, and leaves a row at each rewrite; spaces up to 39 columns wipe the old line's row");
    }

    /** Spaces wipe the columns of a wide line, not its characters: 8 CJK characters are 16 columns. */
    @Test
    void aShorterLineWipesTheColumnsOfAWideOne() {
        Fixture f = new Fixture(ProgressLine.Mode.LIVE, 80);
        f.nowNs = S;
        f.line.show(new Status("記録記録記録記録"));
        f.nowNs = 2 * S;
        f.line.show(new Status("short"));
        f.line.end();
        assertEquals("\r記録記録記録記録\rshort" + " ".repeat(11) + NL, f.err.toString());
    }

    @Test
    void elsewhereALineEveryTenSeconds() {
        Fixture f = new Fixture(ProgressLine.Mode.LINES);
        for (int s = 1; s <= 25; s++) {
            f.nowNs = s * S;
            f.line.show(new Status("at " + s + " s"));
        }
        f.line.end();
        assertEquals("at 10 s" + NL + "at 20 s" + NL, f.err.toString());
    }

    @Test
    void noneShowsNothing() {
        Fixture f = new Fixture(ProgressLine.Mode.NONE);
        f.nowNs = 100 * S;
        assertFalse(f.line.due());
        f.line.show(new Status("x"));
        f.line.last(new Status("y"));
        f.line.end();
        assertFalse(f.line.shows());
        assertEquals("", f.err.toString());
    }

    @Test
    void theLastStateReplacesALineOnScreenAndIsNotPrintedAfterAQuickTask() {
        Fixture quick = new Fixture(ProgressLine.Mode.LIVE);
        quick.nowNs = 10 * MS;
        quick.line.last(new Status("replay: 3 of 3 IOs (100.0%)"));
        quick.line.end();
        assertEquals("", quick.err.toString());
        Fixture slow = new Fixture(ProgressLine.Mode.LIVE);
        slow.nowNs = 2 * S;
        slow.line.show(new Status("replay: 1 of 3 IOs (33.3%)"));
        slow.nowNs = 2 * S + MS;
        slow.line.last(new Status("replay: 3 of 3 IOs (100.0%)"));
        slow.line.end();
        assertEquals("\rreplay: 1 of 3 IOs (33.3%)\rreplay: 3 of 3 IOs (100.0%)" + NL, slow.err.toString());
    }

    @Test
    void amountsTimesAndRates() {
        assertEquals("x: 250 of 1,000 IOs (25.0%)", new Status("x").amount(250, 1000, "IOs", Units::count).text());
        assertEquals("x: 250 IOs", new Status("x").amount(250, -1, "IOs", Units::count).text(), "total unknown");
        assertEquals("x: elapsed 0:10, ETA 0:30", new Status("x").time(250, 1000, 10 * S).text());
        assertEquals("x: elapsed 0:10", new Status("x").time(0, 1000, 10 * S).text(), "no ETA before anything is done");
        assertEquals("x: elapsed 0:10", new Status("x").time(5, -1, 10 * S).text());
        assertEquals("1:02:03", ProgressLine.clock(3723 * S));
        assertEquals("12:34", ProgressLine.clock(754 * S + 999 * MS));
        assertEquals(25.0, ProgressLine.rate(250, 10 * S), 1e-12);
    }

    @Test
    void readingAndGeneratingSayHowFarAtWhatRateAndWhenTheyEnd() {
        Fixture f = new Fixture(ProgressLine.Mode.LINES);
        TaskProgress reading = new TaskProgress(f.line, "reading hm_1.csv.gz", TaskProgress.Unit.BYTES);
        reading.at(0, 400_000_000);
        f.nowNs = 10 * S;
        reading.at(100_000_000, 400_000_000);
        assertEquals("reading hm_1.csv.gz: 100.0 of 400.0 MB read (25.0%), 10.0 MB/s, elapsed 0:10, ETA 0:30" + NL, f.err.toString());
        assertEquals("generating destroyer: 1,000,000 of 50,000,000 IOs (2.0%), 100,000 IOs/s, elapsed 0:10, ETA 8:10",
                new TaskProgress(f.line, "generating destroyer", TaskProgress.Unit.IOS).status(1_000_000, 50_000_000, 10 * S).text());
    }

    /**
     * A task reports first with some of it done already (a reader's first buffer), often on a line that
     * has shown another task (generating a bundled workload, then reading it): before, that first report
     * was shown at once, its rate the first MB over the microseconds between two readings of the clock
     * ('reading light-2010: 1.0 of 2.8 MB read (37.8%), 439654.5 MB/s, elapsed 0:00'). Its clock now
     * starts there, and its rate and ETA count what was done since.
     */
    @Test
    void aTaskStatesItsRateFromItsFirstReportOn() {
        StringWriter err = new StringWriter();
        long[] now = {0};
        ProgressLine line = new ProgressLine(new PrintWriter(err), ProgressLine.Mode.LINES, () -> 0, () -> now[0] += 1_000);
        TaskProgress reading = new TaskProgress(line, "reading light-2010", TaskProgress.Unit.BYTES);
        now[0] += 20 * S;
        reading.at(1_000_000, 3_000_000);
        assertEquals("", err.toString(), "no rate over no time");
        now[0] += 10 * S;
        reading.at(2_000_000, 3_000_000);
        assertEquals("reading light-2010: 2.0 of 3.0 MB read (66.7%), 0.1 MB/s, elapsed 0:10, ETA 0:10" + NL, err.toString());
    }

    @Test
    void aReplayStatesItsRateOverWallTimeAndPlansFirst() {
        Fixture f = new Fixture(ProgressLine.Mode.LINES);
        ReplayProgress replay = ReplayProgress.ofTrace(f.line, "big.sbt");
        replay.at(0, 2_000_000_000L);
        f.nowNs = 10 * S;
        replay.at(500_000_000L, 2_000_000_000L);
        replay.started(10 * S);
        f.nowNs = 20 * S;
        replay.progress(25_000, 100_000, 10 * S, 100_000_000);
        replay.at(900_000_000L, 2_000_000_000L);
        assertEquals(List.of("planning big.sbt (statistics and SHA-256): 500.0 of 2000.0 MB read (25.0%), 50.0 MB/s, elapsed 0:10,"
                + " ETA 0:30", "replay: 25,000 of 100,000 IOs (25.0%), 2,500 IOPS, 10.0 MB/s over wall time, elapsed 0:10, ETA 0:30"),
                f.err.toString().lines().toList(), "the replay's own reading is not planning");
    }

    @Test
    void cdmSaysWhichTestAndPassAndCountsDownATimedPass() {
        Fixture f = new Fixture(ProgressLine.Mode.LIVE);
        CdmSettings settings = CdmSettings.of(CdmPreset.of("v8")).withData(List.of("random", "zero"));
        CdmProgress cdm = new CdmProgress(f.line, settings);
        ReplayListener pass = cdm.passProgress(settings.preset().tests().get(2), Op.WRITE, "zero", 2, 5);
        pass.started(0);
        f.nowNs = 2 * S;
        pass.progress(90_000, -1, 2 * S, 368_640_000);
        f.line.end();
        assertEquals("\rcdm v8 14/16 RND4K Q32T1 write (0x00 data), pass 2 of 5: 90,000 IOs, 45,000 IOPS, 184.3 MB/s over wall time,"
                + " elapsed 0:02 of 0:05 (40.0%), ETA 0:03; suite: run 1 of 82, elapsed 0:02, ETA 6:48" + NL, f.err.toString(),
                "the third test's writes of the second pattern: 14th of 16; 2 patterns x (a fill and 4 tests x 2 ops x 5 passes)");
    }

    @Test
    void cdmsSuiteCountsTheRunsDoneAndTheTimeLeftAtTheirPace() {
        Fixture f = new Fixture(ProgressLine.Mode.LINES);
        CdmSettings settings = CdmSettings.of(CdmPreset.of("v8")).withPasses(1);
        CdmProgress cdm = new CdmProgress(f.line, settings);
        cdm.fillProgress("random");
        f.nowNs = 10 * S;
        cdm.passProgress(settings.preset().tests().get(0), Op.READ, "random", 1, 1);
        f.nowNs = 20 * S;
        ReplayListener third = cdm.passProgress(settings.preset().tests().get(0), Op.WRITE, "random", 1, 1);
        third.started(20 * S);
        f.nowNs = 27 * S;
        third.progress(1000, -1, 2500 * MS, 1_000_000);
        String line = f.err.toString().strip();
        assertTrue(line.endsWith("elapsed 0:02 of 0:05 (50.0%), ETA 0:02; suite: run 3 of 9, elapsed 0:27, ETA 1:10"),
                "2.5 of 9 runs (a fill, then 4 tests x 2 ops x 1 pass) done in 27 s, 6.5 to go: " + line);
    }

    @Test
    void aStepsTimedRunShowsItsLengthAndAPurgeItsBytesAndAnIdleItsTime() {
        Fixture f = new Fixture(ProgressLine.Mode.LINES);
        StepProgress step = new StepProgress(f.line);
        ReplayListener torture = step.run("torture", 3 * S);
        step.runStarts("torture");
        torture.started(0);
        f.nowNs = 10 * S;
        torture.progress(50_000, -1, S, 204_800_000);
        f.nowNs = 20 * S;
        step.progress("purge trim", StepListener.Work.BYTES, 1_000_000_000L, 4_000_000_000L, 2 * S);
        f.nowNs = 30 * S;
        step.progress("idle", StepListener.Work.TIME, 60 * S, 300 * S, 60 * S);
        assertEquals(List.of("torture", "torture: 50,000 IOs, 50,000 IOPS, 204.8 MB/s over wall time, elapsed 0:01 of 0:03 (33.3%),"
                + " ETA 0:02", "purge trim: 1000.0 of 4000.0 MB (25.0%), 500.0 MB/s, elapsed 0:02, ETA 0:06",
                "idle: 1:00 of 5:00 idle (20.0%), elapsed 1:00, ETA 4:00"), f.err.toString().lines().toList());
    }
}
