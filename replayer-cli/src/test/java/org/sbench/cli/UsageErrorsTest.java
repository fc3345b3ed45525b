// Usage errors a user can act on: one line and where the help is, the option meant, what was given instead.
package org.sbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class UsageErrorsTest {
    private static final String MSR = "128166372000000000,hm,0,Read,0,4096,20000\n";

    private static void assertError(int code, String expectedErr, String... args) {
        CliTest.Run r = CliTest.run(args);
        assertEquals(code, r.code(), r.err());
        assertEquals(expectedErr, r.err());
        assertEquals("", r.out(), "no usage help");
    }

    @Test
    void aMistypedOptionIsOneLineWithTheClosestOptionAndWhereTheHelpIs() {
        // --target is also missing: the typo is what the user needs to hear of.
        assertError(ExitCodes.USAGE, "sbench: unknown option '--traget'; did you mean '--target'?\nsee 'sbench replay --help'\n",
                "replay", "t.csv", "--traget", "null");
        assertError(ExitCodes.USAGE, "sbench: unknown option '--presets'; did you mean '--preset'?\nsee 'sbench cdm --help'\n",
                "cdm", "--target", "null", "--presets=v3");
        assertError(ExitCodes.USAGE, "sbench: Missing required option: '--target=TARGET'\nsee 'sbench replay --help'\n",
                "replay", "t.csv");
    }

    @Test
    void compareOfOneResultSaysTwoAreNeeded() {
        assertError(ExitCodes.USAGE, "sbench: compare needs two results or more (of several drives or runs), found one: a.json;"
                + " 'sbench report a.json' shows a single result\n", "compare", "a.json");
    }

    @Test
    void reportOfATraceSaysItIsATraceAndHowToReplayIt(@TempDir Path dir) throws IOException {
        Path trace = Files.writeString(dir.resolve("hm_0.csv"), MSR);
        assertError(ExitCodes.BAD_INPUT, "sbench: " + trace + ": is a trace (format msr), not a replay result; replay it first:"
                + " sbench replay " + trace + " --target DEVICE --out RESULT.json, then sbench report RESULT.json\n",
                "report", trace.toString());
    }

    @Test
    void aSizeWithoutAUnitThatIsNoWholeBlockSaysAUnitMayBeMissing(@TempDir Path dir) throws IOException {
        Path trace = Files.writeString(dir.resolve("hm_0.csv"), MSR);
        assertError(ExitCodes.USAGE, "sbench: Invalid value for option '--size': '1000' is 1000 bytes, not a multiple of 4096;"
                + " a unit (K, M, G) may be missing, e.g. 1000M\nsee 'sbench replay --help'\n",
                "replay", trace.toString(), "--target", dir.resolve("f.img").toString(), "--size", "1000");
        assertEquals(8192L, new SizeConverter().convert("8192"));
        assertEquals(1000L << 20, new SizeConverter().convert("1000M"));
    }
}
