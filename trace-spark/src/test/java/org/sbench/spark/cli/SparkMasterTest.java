package org.sbench.spark.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import org.sbench.spark.LocalSpark;
import picocli.CommandLine;

/**
 * A {@code --master} Spark cannot start on is a usage error naming the option (it was an internal
 * error, exit 70). Without a session of its own: Spark parses the master only when it makes one.
 */
class SparkMasterTest {
    private static String[] run(String... args) {
        StringWriter err = new StringWriter();
        CommandLine cl = SbenchSparkCommand.newCommandLine();
        cl.setOut(new PrintWriter(new StringWriter()));
        cl.setErr(new PrintWriter(err));
        return new String[] {Integer.toString(cl.execute(args)), err.toString()};
    }

    @Test
    void aMasterSparkCannotStartOnIsAUsageError() {
        String trace = LocalSpark.fixture("msr", "hm_1.csv").toString();
        String[] bogus = run("inspect", trace, "--master", "bogus");
        assertEquals("2", bogus[0], bogus[1]);
        assertEquals("sbench-spark: --master bogus: Spark cannot run on it: Could not parse Master URL: 'bogus'\n"
                + "see 'sbench-spark inspect --help'\n", bogus[1]);
        String[] none = run("inspect", trace, "--master", "local[0]");
        assertEquals("2", none[0], none[1]);
        assertEquals("sbench-spark: --master local[0]: Spark cannot run on it: Asked to run locally with 0 threads\n"
                + "see 'sbench-spark inspect --help'\n", none[1]);
    }
}
