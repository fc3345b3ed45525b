package org.sbench.trace;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The names of the files created in a directory from now on (inotify), however soon they were deleted: for tests
 * that count the temporary copies a reading makes, each deleted as soon as it is open.
 */
public final class CreatedFiles implements AutoCloseable {
    /** No event for this long: what was created before (by a process since ended too) has been delivered. */
    private static final long QUIET_MS = 1000;
    private final WatchService watch;

    public CreatedFiles(Path dir) throws IOException {
        watch = dir.getFileSystem().newWatchService();
        dir.register(watch, StandardWatchEventKinds.ENTRY_CREATE);
    }

    /** The names of the files created since the last call, once no event came for {@value #QUIET_MS} ms. */
    public List<String> names() throws InterruptedException {
        List<String> created = new ArrayList<>();
        for (WatchKey key = watch.poll(QUIET_MS, TimeUnit.MILLISECONDS); key != null;
             key = watch.poll(QUIET_MS, TimeUnit.MILLISECONDS)) {
            for (WatchEvent<?> e : key.pollEvents()) {
                assertTrue(e.kind() != StandardWatchEventKinds.OVERFLOW, "events lost");
                created.add(e.context().toString());
            }
            key.reset();
        }
        return created;
    }

    @Override
    public void close() throws IOException {
        watch.close();
    }
}
