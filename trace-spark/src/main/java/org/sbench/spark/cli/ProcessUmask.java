// The umask of this process, for Hadoop to write a local table with the modes any file the user makes gets.
package org.sbench.spark.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Hadoop's local file system gives what it writes the modes of its own umask ({@code fs.permissions.umask-mode}, 022 by
 * default), not the process's: under umask 077 a table was readable by all. This is the process's, from the
 * {@code Umask:} line of /proc/self/status ("0077"), as that option takes it.
 */
final class ProcessUmask {
    /** Spark's name of Hadoop's option: Spark passes {@code spark.hadoop.*} to every Hadoop configuration it makes. */
    static final String SPARK_OPTION = "spark.hadoop.fs.permissions.umask-mode";
    private static final String FIELD = "Umask:";

    private ProcessUmask() {
    }

    /** This process's umask in octal digits; empty where the kernel does not say (before Linux 4.7) or /proc cannot be read. */
    static Optional<String> of(Path status) {
        try {
            for (String line : Files.readAllLines(status, StandardCharsets.US_ASCII)) {
                if (line.startsWith(FIELD)) {
                    return Optional.of(line.substring(FIELD.length()).trim());
                }
            }
        } catch (IOException e) {
            // Hadoop's umask stays, as before
        }
        return Optional.empty();
    }
}
