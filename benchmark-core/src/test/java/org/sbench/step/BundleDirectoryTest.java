package org.sbench.step;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;

class BundleDirectoryTest {
    /**
     * A bundle directory that cannot be made is refused before the first step, as an output whose
     * directory takes no file is (exit 2; it exited 5, as a failed write). /sys takes no directory, as root too.
     */
    @Test
    void aBundleThatCannotBeMadeIsRefusedAsUsage() {
        SbenchException e = assertThrows(SbenchException.class, () -> BundleDirectory.create(Path.of("/sys/sbench-no/b")));
        assertEquals(ErrorKind.USAGE, e.kind());
        assertEquals("the bundle directory /sys/sbench-no/b cannot be made: operation not permitted", e.getMessage());
    }
}
