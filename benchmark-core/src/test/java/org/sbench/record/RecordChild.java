// A recording in a process of its own, for a test that runs it where tracefs is not mounted (a private mount namespace).
package org.sbench.record;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code RecordChild DEVICE OUT}: records DEVICE into OUT while dd reads its first 4 KiB, then
 * prints the IOs ({@code ios N}), each note ({@code note TEXT}) and whether tracefs is still
 * mounted on {@link Tracefs#MOUNT_POINT} in this process's mount namespace
 * ({@code mounted after: BOOLEAN}).
 */
final class RecordChild {
    private RecordChild() {
    }

    public static void main(String[] args) throws Exception {
        RecordResult result;
        try (TraceRecorder recorder = new TraceRecorder(RecordSettings.of(List.of(args[0]), Path.of(args[1])))) {
            recorder.start();
            Process dd = new ProcessBuilder("dd", "if=" + args[0], "of=/dev/null", "bs=4096", "count=1", "iflag=direct")
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (dd.waitFor() != 0) {
                throw new IllegalStateException("dd failed: " + dd.exitValue());
            }
            result = recorder.finish();
        }
        System.out.println("ios " + result.ios());
        result.notes().forEach(n -> System.out.println("note " + n));
        boolean mounted = Files.readAllLines(Path.of("/proc/self/mountinfo")).stream()
                .anyMatch(line -> line.split(" ")[4].equals(Tracefs.MOUNT_POINT.toString()));
        System.out.println("mounted after: " + mounted);
    }
}
