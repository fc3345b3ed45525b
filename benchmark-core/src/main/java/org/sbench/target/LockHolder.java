// Who holds a target's lock, in words that are true of it: another sbench, or a process of another name.
package org.sbench.target;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;

/**
 * Names the process holding a lock from {@code /proc/PID}: {@code another sbench process (pid N)}
 * when its command line runs sbench (the jar, or the main class on a class path),
 * {@code this sbench process (pid N)} when it is this one (a target named twice in one run), else
 * {@code process N (COMM)} with the command name the kernel keeps for it ({@code flock},
 * {@code sleep}, {@code qemu-system-x86}).
 */
final class LockHolder {
    /** sbench's jar as the build names it, or the main class, among the arguments of a java command line. */
    private static final Pattern SBENCH_ARGUMENT = Pattern.compile("(.*/)?sbench[^/]*\\.jar|org\\.sbench\\.cli\\.SbenchCommand");

    private LockHolder() {
    }

    /** The holder of the flock on the file {@code key} as a refusal names it ({@code another process} when /proc/locks does not list it). */
    static String of(FileKey key, Path procRoot) {
        return TargetLock.holder(key, procRoot).map(pid -> describe(pid, procRoot)).orElse("another process");
    }

    /** The process {@code pid} as a lock refusal names it; {@code procRoot} is {@code /proc}. */
    static String describe(String pid, Path procRoot) {
        Path process = procRoot.resolve(pid);
        try {
            if (Files.readSymbolicLink(procRoot.resolve("self")).toString().equals(pid)) {
                return "this sbench process (pid " + pid + ")";
            }
        } catch (IOException e) {
            // no /proc/self to tell: the holder is looked at as any other
        }
        try {
            for (String argument : Files.readString(process.resolve("cmdline"), StandardCharsets.ISO_8859_1).split("\0")) {
                if (SBENCH_ARGUMENT.matcher(argument).matches()) {
                    return "another sbench process (pid " + pid + ")";
                }
            }
            return "process " + pid + " (" + Files.readString(process.resolve("comm"), StandardCharsets.ISO_8859_1).strip() + ")";
        } catch (IOException e) {
            return "process " + pid; // ended as we looked, or hidden from us
        }
    }
}
