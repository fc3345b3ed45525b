package org.sbench.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
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
        return stderrDevice() != null;
    }

    /**
     * The width in columns of the terminal descriptor 2 is, as {@code stty size} reads it from the
     * device (Java has no call for it, and a shell does not export {@code COLUMNS}); 0 when stderr is
     * no terminal or the width is unknown.
     */
    static int stderrColumns() {
        Path device = stderrDevice();
        if (device == null) {
            return 0;
        }
        try {
            Process stty = new ProcessBuilder("stty", "size").redirectInput(device.toFile())
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            String size;
            try (InputStream out = stty.getInputStream()) {
                size = new String(out.readAllBytes(), StandardCharsets.US_ASCII).trim();
            }
            String[] rowsColumns = size.split(" ");
            return stty.waitFor() == 0 && rowsColumns.length == 2 ? Integer.parseInt(rowsColumns[1]) : 0;
        } catch (IOException | NumberFormatException e) {
            return 0;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 0;
        }
    }

    /** The terminal descriptor 2 names, or null when it is none. */
    private static Path stderrDevice() {
        try {
            Path device = Files.readSymbolicLink(STDERR);
            String name = device.toString();
            return name.startsWith("/dev/pts/") || name.startsWith("/dev/tty") || name.equals("/dev/console") ? device : null;
        } catch (IOException | UnsupportedOperationException e) {
            return null;
        }
    }
}
