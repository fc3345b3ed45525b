package org.sbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code sbench compare} in-process on results of null-target replays. */
class CompareCommandTest {
    @Test
    void repeatedRunsOfOneTargetFormOneColumn(@TempDir Path dir) throws Exception {
        Path a = ReportCommandTest.replay(dir, "a.json");
        Path b = ReportCommandTest.replay(dir, "b.json");
        CliTest.Run r = CliTest.run("compare", a.toString(), b.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("compare  hm_0.csv (sha256 "), r.out());
        assertTrue(r.out().contains("  null (baseline)  target null, engine null, data random, 2 runs: " + a + " " + b + "\n"), r.out());
        assertTrue(r.out().contains("values of repeated runs: mean +/- sample standard deviation"), r.out());
    }

    @Test
    void labelsNameColumnsAndTheFilesAreWritten(@TempDir Path dir) throws Exception {
        Path a = ReportCommandTest.replay(dir, "a.json");
        Path b = ReportCommandTest.replay(dir, "b.json");
        Path html = dir.resolve("cmp.html");
        Path csv = dir.resolve("cmp.csv");
        CliTest.Run r = CliTest.run("compare", a.toString(), b.toString(), "--label", "first", "--label", "second",
                "--baseline", "2", "--metric", "iops", "--html", html.toString(), "--csv", csv.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("  second (baseline)  target null"), r.out());
        assertTrue(r.out().contains("ranking  by average IOPS (higher is better)"), r.out());
        assertTrue(r.out().contains("wrote    html " + html + "\nwrote    csv " + csv + "\n"), r.out());
        assertTrue(Files.readString(html).contains("<div class=\"chart\" id=\"chart-ranking\">"));
        List<String> rows = Files.readAllLines(csv);
        assertEquals("metric,op,unit,better,column,label,baseline,comparable,runs,mean,sd,min,max,diff,ratio,group,notes",
                rows.get(0));
        assertTrue(rows.get(1).startsWith("ios,all,count,none,1,first,false,true,1,3,,3,3,0,1"), rows.get(1));
        assertTrue(rows.get(2).startsWith("ios,all,count,none,2,second,true,true,1,3,,3,3,0,1"), rows.get(2));
    }

    @Test
    void refusesDifferentWorkloadsUnlessForced(@TempDir Path dir) throws Exception {
        Path a = ReportCommandTest.replay(dir, "a.json");
        Path z = ReportCommandTest.replay(dir, "z.json", "--data", "zero");
        Path html = dir.resolve("never.html");
        CliTest.Run r = CliTest.run("compare", a.toString(), z.toString(), "--html", html.toString());
        assertEquals(3, r.code());
        assertEquals("sbench: not comparable: " + z + " differs from the baseline " + a
                + " in data pattern (zero vs random) (--force compares anyway)\n", r.err());
        assertEquals("", r.out());
        assertFalse(Files.exists(html));
        CliTest.Run forced = CliTest.run("compare", a.toString(), z.toString(), "--force");
        assertEquals(0, forced.code(), forced.err());
        assertTrue(forced.out().contains("NOT COMPARABLE, compared with --force; columns marked (!): " + z), forced.out());
        assertTrue(forced.out().contains("null, data zero (!)"), forced.out());
    }

    @Test
    void usageErrors(@TempDir Path dir) throws Exception {
        Path a = ReportCommandTest.replay(dir, "a.json");
        Path b = ReportCommandTest.replay(dir, "b.json");
        assertUsage("--baseline must be between 1 and 2 (the number of results), found 3", "compare", a.toString(), b.toString(),
                "--baseline", "3");
        assertUsage("--baseline must be between 1 and 2 (the number of results), found 03", "compare", a.toString(), b.toString(),
                "--baseline", "03");
        assertUsage("--label given 1 times for 2 results; give one per result, in order", "compare", a.toString(), b.toString(),
                "--label", "x");
        assertUsage("--metric takes busy, mbps, iops or latency, found 'speed'", "compare", a.toString(), b.toString(),
                "--metric", "speed");
        assertEquals(2, CliTest.run("compare", a.toString()).code(), "two results at least");
        // One file twice counted as two runs of one drive with a spread of 0; a blank label named a column "".
        assertUsage(dir.resolve("./a.json") + " is given twice (as " + a + " too); a repeated run is another result file", "compare",
                a.toString(), b.toString(), dir.resolve("./a.json").toString());
        assertUsage("--label '' names no column; give each result a label that is not blank", "compare", a.toString(), b.toString(),
                "--label", "", "--label", "b");
        assertUsage("--label ' ' names no column; give each result a label that is not blank", "compare", a.toString(), b.toString(),
                "--label", "a", "--label", " ");
        assertUsage("--html and --csv both name " + dir.resolve("c.out") + "; give each output its own name", "compare", a.toString(),
                b.toString(), "--html", dir.resolve("c.out").toString(), "--csv", dir.resolve("c.out").toString());
    }

    @Test
    void aBadOutputOptionFailsBeforeAnythingIsWritten(@TempDir Path dir) throws Exception {
        Path a = ReportCommandTest.replay(dir, "a.json");
        Path b = ReportCommandTest.replay(dir, "b.json");
        Path html = dir.resolve("cmp.html");
        assertUsage("--csv " + dir + ": is a directory, expected an output file name", "compare", a.toString(), b.toString(),
                "--html", html.toString(), "--csv", dir.toString());
        assertFalse(Files.exists(html), "--html was fine, but the command failed");
    }

    private static void assertUsage(String message, String... args) {
        CliTest.Run r = CliTest.run(args);
        assertEquals(2, r.code(), r.err());
        assertEquals(CliTest.usage("compare", message), r.err());
    }
}
