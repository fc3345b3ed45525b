package org.sbench.spark.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.sbench.SbenchException;

/**
 * What a user typed is quoted in a usage error as sbench quotes a value ({@link SbenchException#quoted}): its first 60
 * characters and how many there are. picocli's messages quoted an argument of 100,000 characters whole.
 */
class UsageErrorsTest {
    private static final String HUGE = "x".repeat(100_000);

    private static String firstLine(String... args) {
        CommandRun r = CommandRun.of(args);
        assertEquals(2, r.status(), r.err());
        return r.err().lines().findFirst().orElseThrow();
    }

    @Test
    void aHugeArgumentIsQuotedCappedWithItsLength() {
        assertEquals("Unknown option: " + SbenchException.quoted("-" + HUGE), firstLine("inspect", "t.csv", "-" + HUGE));
        assertEquals("Unmatched argument at index 0: " + SbenchException.quoted(HUGE), firstLine(HUGE));
        assertEquals("Invalid value for option '--seq-window': " + SbenchException.quoted(HUGE) + " is not an int",
                firstLine("inspect", "t.csv", "--seq-window", HUGE));
    }
}
