package org.sbench.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Whether this process's standard error is a terminal, as Linux names the descriptor's file. */
final class Terminal {
    private static final Path STDERR = Path.of("/proc/self/fd/2");

    private Terminal() {
    }

    /**
     * True when descriptor 2 is a terminal: a pseudo-terminal ({@code /dev/pts/N}), a virtual console
     * ({@code /dev/ttyN}) or the console. {@code System.console()} asks about stdin and stdout
     * instead, which a pipe of the result ({@code --json | jq}) makes false while stderr is still
     * the user's terminal.
     */
    static boolean isStderr() {
        try {
            String name = Files.readSymbolicLink(STDERR).toString();
            return name.startsWith("/dev/pts/") || name.startsWith("/dev/tty") || name.equals("/dev/console");
        } catch (IOException | UnsupportedOperationException e) {
            return false;
        }
    }
}
