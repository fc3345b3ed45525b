// A Parquet table convert writes in a JVM of its own takes that process's umask, as sbench's own outputs do.
package org.sbench.spark.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConvertUmaskChildTest {
    private static final long WAIT_MS = 300_000;
    private static final String LINE = "128166372003061629,hm,1,Read,3154137088,4096,8921\n";

    /**
     * Every directory and file of the table (its parts, Hadoop's .crc files, _SUCCESS) has the modes umask 077 leaves:
     * Hadoop applied its own umask (022) instead, so a user whose umask is 077 got a table all could read (drwxr-xr-x,
     * -rw-r--r--; one whose umask is 002, a table the group could not write).
     */
    @Test
    void theTableHasTheModesOfTheProcesssUmask(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("t.csv"), LINE.repeat(10));
        Path table = dir.resolve("t.parquet");
        List<String> command = new ArrayList<>(List.of("sh", "-c", "umask 077 && exec \"$@\"", "sh",
                Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        // Spark's --add-opens, as this JVM was given them.
        ManagementFactory.getRuntimeMXBean().getInputArguments().stream().filter(a -> a.startsWith("--add-")).forEach(command::add);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), SbenchSparkCommand.class.getName(), "convert",
                dir.resolve("t.csv").toString(), table.toString(), "--master", "local[1]"));
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(dir.resolve("out.txt").toFile()).start();
        try {
            assertTrue(p.waitFor(WAIT_MS, TimeUnit.MILLISECONDS), "convert did not end");
            assertEquals(0, p.exitValue(), Files.readString(dir.resolve("out.txt")));
        } finally {
            p.destroyForcibly();
        }
        List<String> modes = new ArrayList<>();
        List<String> expected = new ArrayList<>();
        try (Stream<Path> all = Files.walk(table)) {
            for (Path entry : all.toList()) {
                boolean directory = Files.isDirectory(entry);
                modes.add(table.relativize(entry) + " " + PosixFilePermissions.toString(Files.getPosixFilePermissions(entry)));
                expected.add(table.relativize(entry) + " " + (directory ? "rwx------" : "rw-------"));
            }
        }
        assertTrue(modes.size() > 2, modes.toString());
        assertEquals(expected, modes);
    }
}
