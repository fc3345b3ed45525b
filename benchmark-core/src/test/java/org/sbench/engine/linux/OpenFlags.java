package org.sbench.engine.linux;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The open(2) flags of this process's descriptor {@code fd}, as the kernel's fdinfo states them. */
public final class OpenFlags {
    private OpenFlags() {
    }

    public static int of(int fd) throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/self/fdinfo/" + fd))) {
            if (line.startsWith("flags:")) {
                return Integer.parseInt(line.substring("flags:".length()).strip(), 8);
            }
        }
        throw new IOException("no flags line in /proc/self/fdinfo/" + fd);
    }
}
