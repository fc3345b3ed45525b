// Directories and files made with their names synced: made as Files makes them, refused where it refuses.
package org.sbench.trace.input;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DurableEntriesTest {
    @TempDir
    Path dir;

    @Test
    void makesEveryMissingDirectoryDownToTheLast() throws IOException {
        Path deep = dir.resolve("b/steps/01-fill");
        DurableEntries.createDirectories(deep);
        assertTrue(Files.isDirectory(deep));
        DurableEntries.createDirectories(deep);
        assertTrue(Files.isDirectory(deep), "a directory there is taken as it is");
    }

    @Test
    void aRelativePathIsMadeWhereItPoints() throws IOException {
        Path relative = Path.of("").toAbsolutePath().relativize(dir.resolve("r/s"));
        DurableEntries.createDirectories(relative);
        assertTrue(Files.isDirectory(dir.resolve("r/s")));
    }

    @Test
    void aFileInTheWayIsRefused() throws IOException {
        Files.writeString(dir.resolve("f"), "x");
        assertThrows(FileAlreadyExistsException.class, () -> DurableEntries.createDirectories(dir.resolve("f")));
        assertThrows(IOException.class, () -> DurableEntries.createDirectories(dir.resolve("f/g")));
    }

    @Test
    void aFileIsMadeEmptyAndNeverOverAnother() throws IOException {
        Path index = dir.resolve("bundle.json");
        DurableEntries.createFile(index);
        assertEquals(0, Files.size(index));
        Files.writeString(index, "{}");
        assertThrows(FileAlreadyExistsException.class, () -> DurableEntries.createFile(index));
        assertEquals("{}", Files.readString(index));
    }
}
