package org.sbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code sbench report} in-process on a result of a null-target replay. */
class ReportCommandTest {
    private static final String MSR = "128166372000000000,hm,0,Read,0,4096,20000\n"
            + "128166372000010000,hm,0,Write,4096,8192,5000\n"
            + "128166372000020000,hm,0,Read,1048576,65536,100\n";

    /** Replays the 3-IO trace on the null target and returns the result file. */
    static Path replay(Path dir, String name, String... options) throws IOException {
        Path trace = dir.resolve("hm_0.csv");
        if (!Files.exists(trace)) {
            Files.writeString(trace, MSR);
        }
        Path out = dir.resolve(name);
        List<String> args = new ArrayList<>(List.of("replay", trace.toString(), "--target", "null", "--out", out.toString()));
        args.addAll(List.of(options));
        CliTest.Run r = CliTest.run(args.toArray(new String[0]));
        assertEquals(0, r.code(), r.err());
        return out;
    }

    @Test
    void printsTheSummaryAndWritesEachFormat(@TempDir Path dir) throws Exception {
        Path result = replay(dir, "a.json");
        Path html = dir.resolve("a.html");
        Path csv = dir.resolve("csv");
        Path hlog = dir.resolve("a.hlog");
        CliTest.Run r = CliTest.run("report", result.toString(), "--html", html.toString(), "--csv", csv.toString(),
                "--hlog", hlog.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("trace    hm_0.csv (msr, 3 IOs, sha256 "), r.out());
        assertTrue(r.out().contains("\ntarget   null (2.1 MB)\n"), "the null target has no path to print: " + r.out());
        assertTrue(r.out().contains("settings recorded-qd, max idle 25.0 ms, data random, engine null"), r.out());
        assertTrue(r.out().contains("latency us"), r.out());
        assertTrue(r.out().contains("wrote    html " + html + "\nwrote    csv " + csv + "\nwrote    hlog " + hlog + "\n"), r.out());
        assertTrue(Files.readString(html).contains("<div class=\"chart\" id=\"chart-busy\">"));
        assertTrue(Files.exists(csv.resolve("summary.csv")));
        assertTrue(Files.readString(hlog).contains("Tag=read,"));
        assertEquals("", r.err());
    }

    @Test
    void badInputIsOneLineWithExitCode3(@TempDir Path dir) throws Exception {
        Path missing = dir.resolve("missing.json");
        CliTest.Run r = CliTest.run("report", missing.toString());
        assertEquals(3, r.code());
        assertEquals("sbench: " + missing + ": no such file\n", r.err());
        Path other = Files.writeString(dir.resolve("other.json"), "{\"hello\": 1}");
        r = CliTest.run("report", other.toString());
        assertEquals(3, r.code());
        assertEquals("sbench: " + other + ": not an sbench result: no 'settings'\n", r.err());
    }

    @Test
    void aBundleOrADirectoryIsNamedAsOneWithWhatToReportInstead(@TempDir Path dir) throws Exception {
        Path image = Files.write(dir.resolve("t.img"), new byte[4 << 20]);
        Path fill = dir.resolve("fillb");
        assertEquals(0, CliTest.run("fill", "--target", image.toString(), "--allow-write", "--passes", "1", "--bs", "1M", "--out",
                fill.toString()).code());
        CliTest.Run r = CliTest.run("report", fill + "/");
        assertEquals(3, r.code());
        assertEquals("sbench: " + fill + ": is a bundle of steps and their runs (bundle.json, steps.jsonl), not a replay result; report"
                + " one of its"
                + " runs, e.g. sbench report " + fill.resolve("steps/01-fill/pass-1.json") + "\n", r.err());
        assertEquals(0, CliTest.run("report", fill.resolve("steps/01-fill/pass-1.json").toString()).code(), "as the line says");
        CliTest.Run plain = CliTest.run("report", dir.toString());
        assertEquals(3, plain.code());
        assertEquals("sbench: " + dir + ": is a directory, not a replay result\n", plain.err());
    }

    @Test
    void aBadOutputOptionFailsBeforeAnythingIsWritten(@TempDir Path dir) throws Exception {
        Path result = replay(dir, "a.json");
        Path html = dir.resolve("a.html");
        Path hlog = dir.resolve("a.hlog");
        assertRefused("--csv " + result + ": is a file, expected a directory", result, "--html", html.toString(), "--csv",
                result.toString(), "--hlog", hlog.toString());
        assertRefused("--csv " + result.resolve("csv") + ": " + result + " is not a directory", result, "--html",
                html.toString(), "--csv", result.resolve("csv").toString());
        assertRefused("--hlog " + dir + ": is a directory, expected an output file name", result, "--html", html.toString(),
                "--hlog", dir.toString());
        Path nowhere = dir.resolve("missing").resolve("a.hlog");
        assertRefused("--hlog " + nowhere + ": " + nowhere.getParent() + " does not exist", result, "--html",
                html.toString(), "--hlog", nowhere.toString());
        // One name for two outputs kept only the one written last, and said it wrote both.
        assertRefused("--html and --hlog both name " + hlog + "; give each output its own name", result, "--html", hlog.toString(),
                "--hlog", hlog.toString());
        assertRefused("--html and --hlog both name " + dir.resolve("./" + hlog.getFileName()) + "; give each output its own name",
                result, "--html", hlog.toString(), "--hlog", dir.resolve("./" + hlog.getFileName()).toString());
        assertFalse(Files.exists(html), "--html was fine, but the command failed");
        assertFalse(Files.exists(hlog));
    }

    private static void assertRefused(String message, Path result, String... options) {
        List<String> args = new ArrayList<>(List.of("report", result.toString()));
        args.addAll(List.of(options));
        CliTest.Run r = CliTest.run(args.toArray(new String[0]));
        assertEquals(2, r.code(), r.err());
        assertEquals(CliTest.usage("report", message), r.err());
        assertEquals("", r.out(), "nothing printed either");
    }
}
