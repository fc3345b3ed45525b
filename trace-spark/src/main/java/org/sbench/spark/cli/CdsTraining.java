// The training run of ./sbench-spark's class data archive.
package org.sbench.spark.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What {@code ./sbench-spark} runs once per build with {@code -XX:ArchiveClassesAtExit} (docs/spark.md, "Class data
 * archive"): in one JVM, so that the archive holds the classes each loads, {@code inspect} (as a table and as JSON) and
 * {@code convert} (to Parquet and to .sbt) of a small MSR trace it writes in the directory given, with their outputs.
 * Exits 0 when all ran, else 1.
 */
public final class CdsTraining {
    private static final String LINE = "128166372003061629,hm,1,Read,3154137088,4096,8921\n";

    private CdsTraining() {
    }

    public static void main(String[] args) throws IOException {
        Path dir = Path.of(args[0]);
        String trace = Files.writeString(dir.resolve("t.csv"), LINE.repeat(100)).toString();
        int failed = 0;
        for (String[] command : new String[][] {{"inspect", trace}, {"inspect", trace, "--json"},
                {"convert", trace, dir.resolve("t.parquet").toString()}, {"convert", trace, dir.resolve("t.sbt").toString()}}) {
            failed |= SbenchSparkCommand.newCommandLine().execute(command);
        }
        System.exit(failed == 0 ? 0 : 1);
    }
}
