// Usage errors a user can act on: one line and where the help is, the option meant, what was given instead.
package org.sbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.SbenchException;

class UsageErrorsTest {
    private static final String MSR = "128166372000000000,hm,0,Read,0,4096,20000\n";

    private static void assertError(int code, String expectedErr, String... args) {
        CliTest.Run r = CliTest.run(args);
        assertEquals(code, r.code(), r.err());
        assertEquals(expectedErr, r.err());
        assertEquals("", r.out(), "no usage help");
    }

    /** A usage error of {@code sbench COMMAND ...} ({@code ""}: of sbench itself), {@code message} and where the help is. */
    private static void assertUsage(String command, String message, String... args) {
        assertError(ExitCodes.USAGE, CliTest.usage(command, message), args);
    }

    @Test
    void aMistypedOptionIsOneLineWithTheClosestOptionAndWhereTheHelpIs() {
        // --target is also missing: the typo is what the user needs to hear of.
        assertUsage("replay", "unknown option '--traget'; did you mean '--target'?", "replay", "t.csv", "--traget", "null");
        assertUsage("cdm", "unknown option '--presets'; did you mean '--preset'?", "cdm", "--target", "null", "--presets=v3");
        assertUsage("replay", "missing --target TARGET: sbench replay TRACE --target TARGET [options]", "replay", "t.csv");
        // picocli said "Unmatched argument at index 3: 'bogus'", naming neither the option nor its values.
        assertUsage("inspect", "--progress takes auto, always or none, found 'bogus'", "inspect", "t.csv", "--progress=bogus");
        assertUsage("cdm", "--progress takes auto, always or none, found 'sometimes'", "cdm", "--target", "null", "--progress",
                "sometimes");
    }

    /** As every other option given twice: --progress took the last of its values. */
    @Test
    void progressGivenTwiceIsRefusedAsAnyOptionGivenTwice() {
        String twice = "option '--progress' (WHEN) should be specified only once";
        assertUsage("replay", twice, "replay", "t.csv", "--target", "null", "--progress", "auto", "--progress", "none");
        assertUsage("inspect", twice, "inspect", "t.csv", "--progress", "--progress=none");
        assertUsage("cdm", "option '--preset' (v3|v8) should be specified only once", "cdm", "--target", "null", "--preset", "v3",
                "--preset", "v8");
    }

    /** After "--" an option is an argument: it was "unknown option '--target'; did you mean '--target'?". */
    @Test
    void anOptionAfterTheEndOfOptionsSaysSo() {
        assertUsage("replay", "'--target' comes after '--', which ends the options: give options before it (after it, a name"
                + " starting with '-' is a file, e.g. sbench replay --target null -- -x.csv)", "replay", "--", "-x.csv", "--target", "null");
    }

    @Test
    void aMistypedCommandGetsTheClosestCommand() {
        assertUsage("", "unknown command 'repaly'; did you mean 'replay'?", "repaly", "hm_0.csv");
        assertUsage("", "unknown command 'frobnicate'", "frobnicate");
        // An option of sbench's own spelt as a command: it was "unknown command 'version'", with nothing suggested.
        assertUsage("", "unknown command 'version'; did you mean '--version'?", "version");
        // Asked of help alike: it was picocli's "Unknown subcommand 'repaly'." with nothing suggested.
        assertUsage("", "unknown command 'repaly'; did you mean 'replay'?", "help", "repaly");
        assertUsage("", "unknown command 'frobnicate'", "help", "frobnicate");
    }

    /** An option that differs only in case is the one meant: -v was "did you mean '-h'?", one edit away as -V is. */
    @Test
    void anOptionInTheWrongCaseGetsItsOwnCaseSuggested() {
        assertUsage("", "unknown option '-v'; did you mean '-V'?", "-v");
        assertUsage("replay", "unknown option '--TARGET'; did you mean '--target'?", "replay", "t.csv", "--TARGET", "null");
    }

    /** The value of a missing option given without it: 'Missing required option' alone did not say what was left over. */
    @Test
    void aMissingOptionWhoseValueWasGivenBareIsSuggestedWithIt() {
        assertUsage("replay", "missing --target TARGET: sbench replay TRACE --target TARGET [options]; did you mean '--target null'?",
                "replay", "t.csv", "null");
        assertUsage("cdm", "missing --target TARGET: sbench cdm --target TARGET [options]; did you mean '--target /dev/sdb'?", "cdm",
                "/dev/sdb");
    }

    /**
     * What is missing or left over, in sbench's words with the command's synopsis: picocli's own were
     * "Missing required parameter: 'TRACE'", "Missing required parameter for option '--target' (TARGET)"
     * and "Unmatched argument at index 2: 'b'".
     */
    @Test
    void missingAndLeftOverArgumentsAreNamedWithTheCommandsSynopsis() {
        assertUsage("replay", "missing TRACE and --target TARGET: sbench replay TRACE --target TARGET [options]", "replay");
        assertUsage("convert", "missing IN and OUT: sbench convert IN OUT [options]", "convert");
        assertUsage("convert", "missing OUT: sbench convert IN OUT [options]", "convert", "a.csv");
        assertUsage("report", "missing RESULT.json: sbench report RESULT.json [options]", "report");
        assertUsage("compare", "missing RESULT.json: sbench compare RESULT.json... [options]", "compare");
        assertUsage("record", "missing --device DEV and --out FILE.sbt: sbench record --device DEV --out FILE.sbt [options]", "record");
        assertUsage("run", "missing --target TARGET: sbench run [SCENARIO] --target TARGET [options]", "run", "x.yaml");
        assertUsage("replay", "missing the value of --target (TARGET)", "replay", "t.csv", "--target");
        // picocli's "Expected parameter for option '--qd' but found '--target'": not a missing --target.
        assertUsage("replay", "missing the value of --qd (N), found the option '--target'", "replay", "t.csv", "--qd", "--target",
                "null");
        assertUsage("inspect", "unexpected argument 'b': sbench inspect TRACE [options]", "inspect", "a.csv", "b");
        assertUsage("replay", "unexpected argument 'r.json': sbench replay TRACE --target TARGET [options]", "replay", "t.csv",
                "--target", "null", "--json", "r.json");
    }

    @Test
    void anOptionThatIsTheValueOfAnotherGetsThatOptionSuggested() {
        assertUsage("sweep", "unknown option '--write'; did you mean '--op write'?", "sweep", "--target", "null", "--write");
        assertUsage("cdm", "unknown option '--v3'; did you mean '--preset v3'?", "cdm", "--target", "null", "--v3");
    }

    /** Errors found once the command runs, not by the parser, end as the parser's do: one line, then where the help is. */
    @Test
    void badValuesFoundByTheCommandAreUsageErrorsLikeTheParsers(@TempDir Path dir) throws IOException {
        String trace = Files.writeString(dir.resolve("hm_0.csv"), MSR).toString();
        assertUsage("replay", "--mode takes recorded-qd, timed or fixed-qd, found 'bogus'", "replay", trace, "--target", "null",
                "--mode", "bogus");
        assertUsage("replay", "--fit takes error, wrap or scale, found 'bogus'", "replay", trace, "--target", "null", "--fit", "bogus");
        assertUsage("replay", "unknown IO engine 'bogus'; known engines: auto, io_uring, libaio, sync", "replay", trace,
                "--target", "null", "--engine", "bogus");
        assertUsage("cdm", "--preset takes v3 or v8, found 'v9'", "cdm", "--target", dir.resolve("c.img").toString(), "--preset", "v9");
        String noUnit = "'1000' is 1000 bytes, not a multiple of 4096; a unit (K, M, G) may be missing, e.g. 1000M";
        assertUsage("sweep", "--per-point: " + noUnit, "sweep", "--target", "null", "--per-point", "1000");
        assertUsage("sweep", "--bs: " + noUnit, "sweep", "--target", "null", "--bs", "1000");
        assertUsage("torture", "--span: " + noUnit, "torture", "--target", "null", "--duration", "1s", "--span", "1000");
        assertUsage("replay", "--size: " + noUnit, "replay", trace, "--target", dir.resolve("f.img").toString(), "--size", "1000");
        assertUsage("compare", "compare needs two results or more (of several drives or runs), found one: r1.json; 'sbench report"
                + " r1.json' shows a single result", "compare", "r1.json");
    }

    @Test
    void reportOfATraceSaysItIsATraceAndHowToReplayIt(@TempDir Path dir) throws IOException {
        Path trace = Files.writeString(dir.resolve("hm_0.csv"), MSR);
        assertError(ExitCodes.BAD_INPUT, "sbench: " + trace + ": is a trace (format msr), not a replay result; replay it first:"
                + " sbench replay " + trace + " --target DEVICE --out RESULT.json, then sbench report RESULT.json\n",
                "report", trace.toString());
    }

    /** An empty name was the current directory: '--out : is a directory', 'sbench:  is not a regular file (a pipe or device)'. */
    @Test
    void anEmptyFileNameIsRefusedAsEmpty() {
        assertUsage("replay", "--out: '' names no file; give a path", "replay", "t.csv", "--target", "null", "--out", "");
        assertUsage("report", "--html: '' names no file; give a path", "report", "r.json", "--html", "");
        assertUsage("replay", "TRACE: '' names no file; give a path", "replay", "", "--target", "null");
        assertUsage("inspect", "TRACE: '' names no file; give a path", "inspect", "");
        assertUsage("cdm", "--out: '' names no file; give a path", "cdm", "--target", "null", "--out", "");
    }

    /**
     * What a user typed is quoted as sbench quotes a value ({@link SbenchException#quoted}): its first 60 characters and
     * how many there are. picocli's messages quoted an argument of 100,000 characters whole, a line of 100,000 characters.
     */
    @Test
    void aHugeArgumentIsQuotedCappedWithItsLength() {
        String huge = "x".repeat(100_000);
        String quoted = SbenchException.quoted(huge);
        String dashed = SbenchException.quoted("-" + huge);
        assertUsage("replay", "unknown option " + dashed, "replay", "t.csv", "--target", "null", "-" + huge);
        assertUsage("replay", "unknown option " + SbenchException.quoted("--" + huge), "replay", "t.csv", "--" + huge + "=1");
        assertUsage("", "unknown command " + quoted, huge);
        assertUsage("", "unknown command " + quoted, "help", huge);
        assertUsage("inspect", "unexpected argument " + quoted + ": sbench inspect TRACE [options]", "inspect", "a.csv", huge);
        assertUsage("replay", "--qd: " + quoted + " is not an int", "replay", "t.csv", "--target", "null", "--qd", huge);
        assertUsage("replay", "--qd: " + SbenchException.quoted("--" + huge) + " is not an int", "replay", "t.csv", "--target",
                "null", "--qd", "--" + huge);
        assertUsage("cdm", "missing --target TARGET: sbench cdm --target TARGET [options]; did you mean "
                + SbenchException.quoted("--target " + huge) + "?", "cdm", huge);
    }

    @Test
    void aSizeWithoutAUnitThatIsNoWholeBlockSaysAUnitMayBeMissing() {
        assertEquals(8192L, new SizeConverter().convert("8192"));
        assertEquals(1000L << 20, new SizeConverter().convert("1000M"));
    }

    /** A refused --size quoted the bytes it was read as: --size 0K said "--size 0". */
    @Test
    void aRefusedSizeIsQuotedAsTyped(@TempDir Path dir) throws IOException {
        Path trace = Files.writeString(dir.resolve("t.csv"), MSR);
        String file = dir.resolve("t.img").toString();
        for (String typed : new String[] {"0K", "00"}) {
            String nullTarget = "--size " + typed + " for the null target: expected at least 512 bytes";
            assertUsage("replay", nullTarget, "replay", trace.toString(), "--target", "null", "--size", typed);
            for (String step : new String[] {"purge", "fill", "sweep"}) {
                assertUsage(step, nullTarget, step, "--target", "null", "--size", typed);
            }
            for (String step : new String[] {"torture", "idle"}) {
                assertUsage(step, nullTarget, step, "--target", "null", "--size", typed, "--duration", "1s");
            }
            assertUsage("fill", "--size " + typed + " for file target " + file + ": expected a positive multiple of 4096 bytes",
                    "fill", "--target", file, "--size", typed);
            assertUsage("cdm", "--size " + typed + ": the test region must hold at least one 1 MiB IO (1048576 bytes)",
                    "cdm", "--target", "null", "--size", typed);
        }
        Path scenario = Files.writeString(dir.resolve("s.yaml"), "steps:\n  - cdm: {size: 0K}\n");
        assertError(ExitCodes.BAD_INPUT, "sbench: " + scenario + ":2: size 0K: the test region must hold at least one 1 MiB IO"
                + " (1048576 bytes)\n", "run", scenario.toString(), "--target", "null", "--out", dir.resolve("b").toString());
        Files.write(dir.resolve("small.img"), new byte[4096]);
        assertUsage("sweep", "--size 8K is larger than " + dir.resolve("small.img") + " (4096 bytes); a run that only reads never"
                + " grows a file: leave out --size to use the file as it is", "sweep", "--target", dir.resolve("small.img").toString(),
                "--size", "8K", "--points", "2");
    }

    @Test
    void aRefusedIoSizeIsQuotedAsTyped(@TempDir Path dir) throws IOException {
        assertUsage("idle", "--probe-bs 32M is larger than null", "idle", "--target", "null", "--size", "16M", "--duration", "1s",
                "--probe-bs", "32M");
        assertUsage("torture", "--span 100% of the target (16777216 bytes) holds no IO of --bs 32M", "torture", "--target", "null",
                "--size", "16M", "--duration", "1s", "--bs", "32M");
        assertUsage("fill", "--bs must be a multiple of 512 bytes up to 1G, found 0K", "fill", "--target", "null", "--bs", "0K");
        assertUsage("torture", "--span must be above 0% and at most 100%, found 00", "torture", "--target", "null", "--duration", "1s",
                "--span", "00");
        Path trace = Files.writeString(dir.resolve("t.csv"), MSR);
        assertUsage("convert", "--capacity 0K is less than a block", "convert", trace.toString(), dir.resolve("o.sbt").toString(),
                "--capacity", "0K");
    }
}
