package org.sbench.spark.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.sbench.SbenchException;

/**
 * A usage error of sbench-spark is what sbench makes of one: {@code sbench-spark: WHAT} and
 * {@code see 'sbench-spark COMMAND --help'} on stderr, exit 2, nothing on stdout, and no Spark
 * started. Until 2026-12-08 it was picocli's message and the whole usage help. What a user typed is
 * quoted as sbench quotes a value ({@link SbenchException#quoted}): its first 60 characters and how
 * many there are.
 */
class UsageErrorsTest {
    private static final String HUGE = "x".repeat(100_000);

    /** What {@code sbench-spark ARGS} wrote on stderr, checked to be a usage error and all it did. */
    private static String refusal(String... args) {
        CommandRun r = CommandRun.of(args);
        assertEquals(2, r.status(), r.err());
        assertEquals("", r.out());
        assertTrue(SparkSession.getDefaultSession().isEmpty(), "a usage error starts no Spark");
        return r.err();
    }

    private static String usage(String command, String line) {
        return "sbench-spark: " + line + "\nsee 'sbench-spark" + (command.isEmpty() ? "" : " " + command) + " --help'\n";
    }

    @Test
    void missingArgumentsAreNamedWithTheSynopsis() {
        String convert = "sbench-spark convert IN... OUT [options]";
        assertEquals(usage("convert", "missing IN... and OUT: " + convert), refusal("convert"));
        assertEquals(usage("convert", "missing OUT: " + convert), refusal("convert", "a"));
        assertEquals(usage("convert", "missing OUT: " + convert), refusal("convert", "m.csv", "--from", "msr"));
        assertEquals(usage("inspect", "missing PATH: sbench-spark inspect PATH... [options]"), refusal("inspect", "--json"));
    }

    /** Options between the inputs and OUT, as sbench convert takes them: picocli wanted two positionals in each run. */
    @Test
    void optionsMayComeBetweenTheArguments() {
        assertEquals(usage("convert", "OUT must end in .parquet or .sbt, found T.txt"),
                refusal("convert", "m.csv", "--from", "msr", "T.txt"));
        assertEquals(usage("convert", "OUT must end in .parquet or .sbt, found T.txt"),
                refusal("convert", "a.csv", "--stream", "1", "b.csv", "--from", "msr", "T.txt"));
        assertEquals(usage("inspect", "PATH: '' names no file; give a path"), refusal("inspect", "a.csv", "--json", ""));
    }

    @Test
    void unknownOptionsAndCommandsAreNamedWithTheClosest() {
        assertEquals(usage("inspect", "unknown option '--jsn'; did you mean '--json'?"), refusal("inspect", "t.csv", "--jsn"));
        // Named before the missing argument, as sbench names it: a mistyped option may be what is missing.
        assertEquals(usage("inspect", "unknown option '--jsn'; did you mean '--json'?"), refusal("inspect", "--jsn"));
        assertEquals(usage("convert", "unknown option '--qqqqqqqq'"), refusal("convert", "t.csv", "o.sbt", "--qqqqqqqq"));
        assertEquals(usage("", "unknown command 'inspekt'; did you mean 'inspect'?"), refusal("inspekt", "t.csv"));
        assertEquals(usage("", "unknown option '--jsno'"), refusal("--jsno"));
        // What help is asked of: picocli's help said "Unknown subcommand 'inspekt'."
        assertEquals(usage("", "unknown command 'inspekt'; did you mean 'inspect'?"), refusal("help", "inspekt"));
    }

    @Test
    void badOrMissingOptionValuesAreNamed() {
        assertEquals(usage("inspect", "--seq-window: 'x' is not an int"), refusal("inspect", "t.csv", "--seq-window", "x"));
        assertEquals(usage("inspect", "missing the value of --seq-window (N)"), refusal("inspect", "t.csv", "--seq-window"));
        assertEquals(usage("inspect", "--seq-window must be 1 to 65536, found 0"), refusal("inspect", "t.csv", "--seq-window", "0"));
        String start = refusal("convert", "t.csv", "o.sbt", "--start", "soon");
        assertTrue(start.startsWith("sbench-spark: --start: ") && start.endsWith("\nsee 'sbench-spark convert --help'\n")
                && start.lines().count() == 2, start);
    }

    @Test
    void aHugeArgumentIsQuotedCappedWithItsLength() {
        assertEquals(usage("inspect", "unknown option " + SbenchException.quoted("-" + HUGE)), refusal("inspect", "t.csv", "-" + HUGE));
        assertEquals(usage("", "unknown command " + SbenchException.quoted(HUGE)), refusal(HUGE));
        assertEquals(usage("inspect", "--seq-window: " + SbenchException.quoted(HUGE) + " is not an int"),
                refusal("inspect", "t.csv", "--seq-window", HUGE));
    }
}
