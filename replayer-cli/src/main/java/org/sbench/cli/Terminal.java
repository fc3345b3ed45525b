package org.sbench.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.IntSupplier;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/** Whether this process's standard error is a terminal, as Linux names the descriptor's file, and its width. */
final class Terminal {
    private static final Path STDERR = Path.of("/proc/self/fd/2");
    /** The signal a terminal sends its foreground processes when its size changes. */
    private static final String WINCH = "WINCH";

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
     * The width in columns of the terminal descriptor 2 is, read now and again at the first call after
     * each resize (SIGWINCH), so that a line fit to it is not fit to a wider terminal than the one it
     * is shown on; 0 when stderr is no terminal or the width is unknown.
     */
    static IntSupplier stderrWidth() {
        Path device = stderrDevice();
        return device == null ? () -> 0 : new Width(device);
    }

    /** A terminal's width, read again after a SIGWINCH; the handler it replaces still runs. */
    private static final class Width implements IntSupplier {
        private final Path device;
        private final SignalHandler previous;
        private volatile boolean resized;
        private int columns;

        Width(Path device) {
            this.device = device;
            columns = columns(device);
            SignalHandler before;
            try {
                before = Signal.handle(new Signal(WINCH), this::resized);
            } catch (IllegalArgumentException e) {
                before = null;  // a JVM that keeps the signal to itself: the width read once
            }
            previous = before;
        }

        private void resized(Signal signal) {
            resized = true;
            // Two widths of one terminal (a scenario's progress lines): each hears of a resize.
            SignalHandler before = previous;
            if (before != null && before != SignalHandler.SIG_DFL && before != SignalHandler.SIG_IGN) {
                before.handle(signal);
            }
        }

        @Override
        public int getAsInt() {
            if (resized) {
                resized = false;
                columns = columns(device);
            }
            return columns;
        }
    }

    /**
     * The width of the terminal {@code device}, as {@code stty size} reads it (Java has no call for
     * it, and a shell does not export {@code COLUMNS}); 0 when unknown.
     */
    private static int columns(Path device) {
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
