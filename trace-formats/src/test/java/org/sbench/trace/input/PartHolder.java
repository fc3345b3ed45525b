// Test fixture: a writer of an output that never finishes, in a JVM of its own, to be killed.
package org.sbench.trace.input;

import java.nio.file.Path;

/** {@code PartHolder OUTPUT}: opens an {@link AtomicFileOutput} of OUTPUT, prints "holding", and waits to be killed. */
public final class PartHolder {
    private PartHolder() {
    }

    public static void main(String[] args) throws Exception {
        try (AtomicFileOutput out = new AtomicFileOutput(Path.of(args[0]))) {
            System.out.println("holding");
            System.out.flush();
            Thread.sleep(Long.MAX_VALUE);
        }
    }
}
