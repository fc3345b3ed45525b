// The cut rule of a live progress line: on a narrow terminal the rates go first, the percent and the ETA last.
package org.sbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.sbench.cdm.CdmPreset;
import org.sbench.cdm.CdmSettings;
import org.sbench.record.RecordStatus;
import org.sbench.trace.Op;

class StatusTest {
    private static final long S = 1_000_000_000L;

    private static ProgressLine line() {
        return new ProgressLine(new PrintWriter(new StringWriter()), ProgressLine.Mode.NONE, () -> 0, () -> 0);
    }

    @Test
    void aReplayKeepsItsPercentAndEtaOnEightyAndFortyColumns() {
        Status replay = ReplayProgress.ofTrace(line(), "h11.sbt").status(904_915, 3_952_340, 8 * S, 36_000_000_000L);
        assertEquals("replay: 904,915 of 3,952,340 IOs (22.9%), 113,114 IOPS, 4500.0 MB/s over wall time, elapsed 0:08, ETA 0:26",
                replay.text());
        assertEquals("replay: 904,915 of 3,952,340 IOs (22.9%), 113,114 IOPS, elapsed 0:08, ETA 0:26", replay.fit(80),
                "the MB/s first; 79 columns: one less than the terminal's");
        assertEquals("replay: 22.9%, ETA 0:26", replay.fit(40), "the rates, the elapsed time, then the count down to its percent");
        assertEquals(replay.text(), replay.fit(200));
        assertEquals(replay.text(), replay.fit(0), "width unknown: no cut");
    }

    @Test
    void eachCommandsLineFitsEightyAndFortyColumns() {
        ProgressLine line = line();
        CdmSettings settings = CdmSettings.of(CdmPreset.of("v8")).withPasses(2);
        CdmProgress cdm = new CdmProgress(line, settings);
        cdm.fillProgress("random");
        ReplayProgress pass = (ReplayProgress) cdm.passProgress(settings.preset().tests().get(0), Op.WRITE, "random", 1, 2);
        List<Status> statuses = List.of(
                new TaskProgress(line, "planning /tmp/h11.sbt (statistics and SHA-256)", TaskProgress.Unit.BYTES)
                        .status(144_700_000, 379_400_000, S + S / 4),
                new TaskProgress(line, "generating heavy-2011", TaskProgress.Unit.IOS).status(2_293_760, 3_952_340, 2 * S),
                ReplayProgress.ofPass(line, "torture 3s", 3 * S).status(25_488, -1, 2_550_000_000L, 104_398_848),
                ReplayProgress.ofPass(line, "fill pass 1 of 2", 0).status(12_000, 32_768, 30 * S, 1_572_864_000),
                pass.status(770, -1, 752_000_000, 807_403_520),
                RecordStatusLine.format(new RecordStatus(3_723 * S, 123_456_789, 1_234_500_000L, 987_600_000L, 1_234, 12),
                        new RecordStatus(3_722 * S, 0, 0, 0, 0, 0)));
        assertEquals(List.of(
                "planning /tmp/h11.sbt (statistics and SHA-256): 144.7 of 379.4 MB read (38.1%), 115.8 MB/s, elapsed 0:01, ETA 0:02",
                "generating heavy-2011: 2,293,760 of 3,952,340 IOs (58.0%), 1,146,880 IOs/s, elapsed 0:02, ETA 0:01",
                "torture 3s: 25,488 IOs, 9,995 IOPS, 40.9 MB/s over wall time, elapsed 0:02 of 0:03 (85.0%), ETA 0:00",
                "fill pass 1 of 2: 12,000 of 32,768 IOs (36.6%), 400 IOPS, 52.4 MB/s over wall time, elapsed 0:30, ETA 0:51",
                "cdm v8 2/8 SEQ1M Q8T1 write (random data), pass 1 of 2: 770 IOs, 1,024 IOPS, 1073.7 MB/s over wall time,"
                        + " elapsed 0:00 of 0:05 (15.0%), ETA 0:04; suite: run 2 of 17, elapsed 0:00, ETA 0:00",
                "1:02:03  123,456,789 IOs  read 1234.5 MB/s  write 987.6 MB/s  events lost 1,234  marks 12"),
                statuses.stream().map(Status::text).toList());
        assertEquals(List.of(
                "planning /tmp/h11.sbt (statistics and SHA-256): 38.1%, ETA 0:02",
                "generating heavy-2011: 2,293,760 of 3,952,340 IOs (58.0%), ETA 0:01",
                "torture 3s: 25,488 IOs, 9,995 IOPS, elapsed 0:02 of 0:03 (85.0%), ETA 0:00",
                "fill pass 1 of 2: 12,000 of 32,768 IOs (36.6%), elapsed 0:30, ETA 0:51",
                "cdm v8 2/8 SEQ1M Q8T1...om data), pass 1 of 2: 15.0%, ETA 0:04; suite: ETA 0:00",
                "1:02:03  123,456,789 IOs  read 1234.5 MB/s  events lost 1,234  marks 12"),
                statuses.stream().map(s -> s.fit(80)).toList(), "the suite's ETA, which a cut of the end lost");
        assertEquals(List.of(
                "planning /... SHA-256): 38.1%, ETA 0:02",
                "generating heavy-2011: 58.0%, ETA 0:01",
                "torture 3s: 25,488 IOs, 85.0%, ETA 0:00",
                "fill pass 1 of 2: 36.6%, ETA 0:51",
                "cdm v8 2/8...ss 1 of 2: 15.0%, ETA 0:04",
                "1:02:03  events lost 1,234  marks 12"),
                statuses.stream().map(s -> s.fit(40)).toList());
    }

    @Test
    void aLabelIsCutInItsMiddleThenFieldsGoWholeFromTheEnd() {
        Status s = new Status("planning /home/user/traces/2026-12/hm_1.csv.gz").amount(1, 4, "MB", Long::toString).time(1, 4, S);
        assertEquals("planning /home/user/traces/2026-12/hm_1.csv.gz: 1 of 4 MB (25.0%), elapsed 0:01, ETA 0:03", s.text());
        assertEquals("planning /..._1.csv.gz: 25.0%, ETA 0:03", s.fit(40));
        assertEquals("plann...sv.gz: 25.0%, ETA 0:03", s.fit(31), "a label keeps 12 characters");
        assertEquals("plannin....csv.gz: 25.0%", s.fit(25), "then fields go whole from the end, and the label takes the room");
        assertEquals("plann...use", new Status("planning /home/user").fit(12), "a label alone, cut at last");
    }

    /**
     * A terminal shows a CJK character in two columns and a combining mark in none: a label of 11 of
     * them and 14 others took 36 columns counted as 25, and the line wrapped.
     */
    @Test
    void aLabelIsFitInTheColumnsATerminalShowsNotInCharacters() {
        Status wide = new Status("reading /トレース/ディスクの記録.csv").amount(1, 4, "MB", Long::toString);
        assertEquals("reading /...記録.csv: 25.0%", wide.fit(30), "27 columns: a wide character that would pass the half goes");
        String combining = "reading /cafe\u0301-re\u0301sume\u0301.csv";
        assertEquals(combining + ": 25.0%", new Status(combining).amount(1, 4, "MB", Long::toString).fit(33),
                "31 columns: whole, though 34 characters");
    }
}
