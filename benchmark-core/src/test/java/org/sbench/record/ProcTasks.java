// A process's threads as /proc shows them: by name, their voluntary wake-ups, files read as they are at that moment.
package org.sbench.record;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** What tests of a recorder's sleeping threads read of /proc/PID/task/TID. */
public final class ProcTasks {
    private static final String VOLUNTARY = "voluntary_ctxt_switches:";

    private ProcTasks() {
    }

    /** {@code /proc/PID/task/TID} of each thread of {@code pid} named {@code comm}, but the process's first thread. */
    public static List<Path> named(long pid, String comm) throws IOException {
        try (Stream<Path> tasks = Files.list(Path.of("/proc/" + pid + "/task"))) {
            return tasks.filter(t -> !t.getFileName().toString().equals(Long.toString(pid)))
                    .filter(t -> readOrEmpty(t.resolve("comm")).strip().equals(comm)).toList();
        }
    }

    /** The times {@code task} went to sleep of its own accord: a thread woken that many times, less one. */
    public static long wakeUps(Path task) throws IOException {
        return Files.readAllLines(task.resolve("status")).stream().filter(l -> l.startsWith(VOLUNTARY))
                .mapToLong(l -> Long.parseLong(l.substring(VOLUNTARY.length()).strip())).findFirst().orElseThrow();
    }

    /** The file's text, or "" where it is gone (a thread or process that ended). */
    public static String readOrEmpty(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            return "";
        }
    }
}
