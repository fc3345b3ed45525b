// An output path that names the file standard output (or error) is: the same stream as '-', whatever it is called.
package org.sbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * sbench in a JVM of its own whose standard output is a regular file, as {@code sbench ... > f}
 * makes it: every spelling of that file as an output ({@code /dev/stdout}, {@code /proc/self/fd/1},
 * the file's own path) leaves in it the output alone, whole, once; the tables go to stderr.
 * Before, the JSON was appended through a second open of the file while it was empty, and the table
 * printed afterwards through standard output overwrote its head.
 */
class StandardStreamPathsTest {
    private static final String MSR = "128166372000000000,hm,0,Read,0,4096,20000\n"
            + "128166372000010000,hm,0,Write,4096,8192,5000\n";
    private static final ObjectMapper STRICT = new ObjectMapper().enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    @TempDir
    Path dir;

    /** Runs {@code sbench ARGS} in {@code run/} of the test's directory, its stdout the file {@code run/child.out}, to its end. */
    private static Ended sbench(Path run, String... args) throws Exception {
        Files.createDirectories(run);
        try (ChildSbench child = ChildSbench.start(run, List.of(), args)) {
            int code = child.waitFor();
            return new Ended(code, child.out(), CliTest.withoutIgnoredCtrlCNote(child.err()));
        }
    }

    private record Ended(int code, String out, String err) {
    }

    /** The one JSON document {@code text} is; fails on anything before or after it. */
    private static JsonNode oneDocument(String text) throws IOException {
        return STRICT.readTree(text);
    }

    private Path trace() throws IOException {
        return Files.writeString(dir.resolve("hm_0.csv"), MSR);
    }

    @Test
    void replayOutToAnySpellingOfStandardOutputLeavesTheJsonAloneInTheRedirectedFile() throws Exception {
        String trace = trace().toString();
        Path run = dir.resolve("own-name");
        for (String out : new String[] {"/dev/stdout", "/proc/self/fd/1", run.resolve("child.out").toString()}) {
            Ended r = sbench(run, "replay", trace, "--target", "null", "--out", out);
            assertEquals(0, r.code(), r.err());
            assertEquals(2, oneDocument(r.out()).get("summary").get("ios").asLong(), out + ": " + r.out());
            assertTrue(r.err().contains("settings recorded-qd"), "the table goes to stderr: " + r.err());
            assertTrue(r.err().contains("result   " + out), r.err());
        }
    }

    @Test
    void jsonBesideAnOutThatIsStandardOutputIsRefusedAsBesideDash() throws Exception {
        String trace = trace().toString();
        for (String out : new String[] {"/dev/stdout", "/proc/self/fd/1"}) {
            Ended r = sbench(dir.resolve("json"), "replay", trace, "--target", "null", "--json", "--out", out);
            assertEquals(ExitCodes.USAGE, r.code(), r.err());
            assertEquals(CliTest.usage("replay", "--json writes the result to standard output, and so does '" + out + "' (the file"
                    + " standard output is); give one of them"), r.err());
            assertEquals("", r.out(), "no document at all");
        }
    }

    @Test
    void convertReportAndCompareWriteTheirOutputAloneThroughStandardOutput() throws Exception {
        Path trace = trace();
        Path csv = dir.resolve("t.csv");
        assertEquals(0, CliTest.run("convert", trace.toString(), csv.toString()).code());
        Ended convert = sbench(dir.resolve("convert"), "convert", trace.toString(), "/dev/stdout", "--to", "csv");
        assertEquals(0, convert.code(), convert.err());
        assertEquals(Files.readString(csv), convert.out());
        assertTrue(convert.err().startsWith("wrote 2 records to /dev/stdout (csv)"), convert.err());

        Path result = dir.resolve("r.json");
        assertEquals(0, CliTest.run("replay", trace.toString(), "--target", "null", "--out", result.toString()).code());
        Ended report = sbench(dir.resolve("report"), "report", result.toString(), "--html", "/dev/stdout");
        assertEquals(0, report.code(), report.err());
        assertTrue(report.out().startsWith("<!DOCTYPE html") && report.out().endsWith("</html>\n"), report.out());
        assertTrue(report.err().contains("settings recorded-qd"), "the table goes to stderr: " + report.err());

        Path comparison = dir.resolve("c.csv");
        Path again = Files.copy(result, dir.resolve("r-again.json"));
        assertEquals(0, CliTest.run("compare", result.toString(), again.toString(), "--csv", comparison.toString()).code());
        Ended compare = sbench(dir.resolve("compare"), "compare", result.toString(), again.toString(), "--csv", "/proc/self/fd/1");
        assertEquals(0, compare.code(), compare.err());
        assertEquals(Files.readString(comparison), compare.out());
    }

    /** convert warns of a cut last line after its output is written: the warning follows the output, never overwrites it. */
    @Test
    void anOutputToTheFileStandardErrorIsGoesBetweenTheMessagesAroundIt() throws Exception {
        Path cut = Files.writeString(dir.resolve("cut.csv"), MSR + "128166372000020000,hm,0,Read,0,4096");
        Path csv = dir.resolve("t.csv");
        CliTest.Run toFile = CliTest.run("convert", cut.toString(), csv.toString(), "--from", "msr");
        assertEquals(0, toFile.code(), toFile.err());
        assertTrue(toFile.err().startsWith("sbench: warning: "), toFile.err());
        Ended r = sbench(dir.resolve("stderr"), "convert", cut.toString(), "/dev/stderr", "--from", "msr", "--to", "csv");
        assertEquals(0, r.code(), r.err());
        assertEquals(Files.readString(csv) + toFile.err(), r.err());
        assertTrue(r.out().startsWith("wrote 2 records to /dev/stderr (csv)"), "the summary stays on stdout: " + r.out());
    }
}
