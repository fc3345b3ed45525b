// Options every sbench-spark command shares: where Spark runs and how traces are read.
package org.sbench.spark.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.config.Configurator;
import org.apache.spark.SparkException;
import org.apache.spark.sql.SparkSession;
import org.sbench.SbenchException;
import org.sbench.spark.source.ParquetArchive;
import org.sbench.spark.source.ReadSettings;
import org.sbench.trace.units.Sizes;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** A mixin: {@code --master}, {@code --from}, {@code --skip-bad}, {@code --split-size}, {@code --spark-log}. */
final class SparkOptions {
    /** Where a command runs when neither --master nor spark-submit says. */
    static final String LOCAL = "local[*]";

    @Option(names = "--master", paramLabel = "URL",
            description = "Spark master: local[N], local[*] (default when not run by spark-submit), spark://HOST:PORT, yarn, ...")
    String master;

    @Option(names = "--from", paramLabel = "FORMAT", description = "Format of every input (default: detected per file).")
    String from;

    @Option(names = "--skip-bad", paramLabel = "N", defaultValue = "0",
            description = "Skip up to N malformed records per file (counted) instead of stopping at the first.")
    long skipBad;

    @Option(names = "--split-size", paramLabel = "SIZE", defaultValue = "128M",
            description = "Size of the parts uncompressed files are read in parallel (default: ${DEFAULT-VALUE}).")
    String splitSize;

    @Option(names = "--spark-log", paramLabel = "LEVEL", description = "Spark's and Hadoop's own log lines on stderr from LEVEL up: "
            + "off (the default of ./sbench-spark: errors are sbench-spark's one line), error, warn, info, debug. Under spark-submit, "
            + "without this option, the cluster's log4j2 configuration decides.")
    String sparkLog;

    /** The command this mixin is part of: what its command line typed. */
    @Spec(Spec.Target.MIXEE)
    CommandSpec command;

    /** {@code --skip-bad}, refused below 0 quoting it as typed. */
    private long skipBad() {
        if (skipBad < 0) {
            throw SbenchException.usage("--skip-bad must be 0 or more, found " + typedWord("--skip-bad"));
        }
        return skipBad;
    }

    /**
     * The value of {@code option} as the user typed it (its last when given twice), null when not typed: a parsed
     * number reads otherwise ({@code -01} as -1).
     */
    String typedWord(String option) {
        OptionSpec given = command.commandLine().getParseResult().matchedOption(option);
        if (given == null) {
            return null;
        }
        List<String> values = given.originalStringValues();
        return values.get(values.size() - 1);
    }

    /** How the traces are read: {@code --from}, {@code --skip-bad} and {@code --split-size}. */
    ReadSettings read() {
        return new ReadSettings(from, skipBad(), splitBytes());
    }

    private long splitBytes() {
        long n;
        try {
            n = Sizes.parseBytes(splitSize);
        } catch (IllegalArgumentException e) {
            throw SbenchException.usage("--split-size: " + e.getMessage());
        }
        if (n < 1) {
            throw SbenchException.usage("--split-size must be at least 1 byte");
        }
        return n;
    }

    /** Prints each of the CLI's warnings on reading traces as sbench does, one line each, shown as an error is. */
    static void warn(PrintWriter err, List<String> warnings) {
        for (String w : warnings) {
            err.println(SbenchException.printable("sbench-spark: warning: " + w));
        }
        err.flush();
    }

    /** Refuses (usage error) an empty name among {@code paths}, the {@code label} arguments: Hadoop makes no Path of it. */
    static void checkPaths(String label, List<String> paths) {
        if (paths.contains("")) {
            throw SbenchException.usage(label + ": '' names no file; give a path");
        }
    }

    /**
     * The session to read {@code paths} in: the master given, else spark-submit's, else local on
     * every core. Local runs have no web UI (nothing to bind, nothing to stop). When the input is a
     * Parquet table of sbench-spark, {@code --skip-bad} and {@code --split-size}, which applied when
     * convert wrote it, are refused whenever typed (with their defaults too: {@code --skip-bad 0}).
     */
    SparkSession session(List<String> paths) {
        SparkSession session = start();
        String table = ParquetArchive.tableAmong(session, paths);
        if (table != null && typed("--skip-bad")) {
            throw SbenchException.usage("--skip-bad: " + table + " is a Parquet table of sbench-spark: its bad records were skipped or "
                    + "refused when convert wrote it; give --skip-bad there");
        }
        if (table != null && typed("--split-size")) {
            throw SbenchException.usage("--split-size: " + table + " is a Parquet table of sbench-spark, which Spark splits its own way");
        }
        return session;
    }

    private boolean typed(String option) {
        return command.commandLine().getParseResult().hasMatchedOption(option);
    }

    private SparkSession start() {
        if (sparkLog != null) {
            Configurator.setAllLevels(LogManager.ROOT_LOGGER_NAME, logLevel(sparkLog));
        }
        SparkSession.Builder b = SparkSession.builder().appName("sbench-spark");
        String m = master != null ? master : System.getProperty("spark.master", LOCAL);
        b.master(m);
        if (m.startsWith("local")) {
            b.config("spark.ui.enabled", "false");
            // This process writes the table: with the user's umask, unless spark-submit's --conf gives Hadoop one.
            if (System.getProperty(ProcessUmask.SPARK_OPTION) == null) {
                ProcessUmask.of(Path.of("/proc/self/status")).ifPresent(umask -> b.config(ProcessUmask.SPARK_OPTION, umask));
            }
        }
        try {
            return b.getOrCreate();
        } catch (Exception e) {
            // Spark parses the master only here, and refuses one it cannot run on ('bogus', local[0]) with a SparkException.
            if (master != null && e instanceof SparkException) {
                throw SbenchException.usage("--master " + master + ": Spark cannot run on it: " + e.getMessage());
            }
            throw e;
        }
    }

    private static Level logLevel(String name) {
        Level level = Level.toLevel(name, null);
        if (level == null || level == Level.ALL) {
            throw SbenchException.usage("--spark-log takes off, fatal, error, warn, info, debug or trace, found '" + name + "'");
        }
        return level;
    }
}
