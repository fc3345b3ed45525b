package org.sbench.result;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Sets of outputs moved into one directory by two writers at once (two {@code report R --csv D}). */
class OutputFilesTest {
    private static final List<String> SET = List.of("summary.csv", "timeseries.csv");

    @TempDir
    Path dir;

    /**
     * The first writer stops after its first move until the second has moved its whole set or waits for the lock.
     * Without the lock the directory then held the second's summary.csv beside the first's timeseries.csv, a set no
     * writer made.
     */
    @Test
    void theSetMovedLastIsThereWhole() throws Exception {
        CountDownLatch firstMoved = new CountDownLatch(1);
        CountDownLatch secondDone = new CountDownLatch(1);
        AtomicReference<Throwable> secondFailed = new AtomicReference<>();
        Thread second = new Thread(() -> {
            try {
                firstMoved.await();
                writeSet("second", () -> { });
            } catch (Throwable e) {
                secondFailed.set(e);
            } finally {
                secondDone.countDown();
            }
        });
        second.start();
        AtomicInteger moves = new AtomicInteger();
        writeSet("first", () -> {
            if (moves.incrementAndGet() == 1) {
                firstMoved.countDown();
                while (secondDone.getCount() > 0 && second.getState() != Thread.State.TIMED_WAITING) {
                    Thread.onSpinWait();
                }
            }
        });
        second.join();
        if (secondFailed.get() != null) {
            throw new AssertionError(secondFailed.get());
        }
        assertEquals(List.of("second", "second"), contents());
        assertEquals(SET, names(), "nothing but the set is left in the directory");
    }

    private void writeSet(String content, Runnable afterMove) {
        try (OutputFiles files = new OutputFiles(afterMove)) {
            for (String name : SET) {
                files.write(dir.resolve(name), w -> w.write(content));
            }
            files.commit();
        }
    }

    private List<String> contents() throws IOException {
        return SET.stream().map(name -> {
            try {
                return Files.readString(dir.resolve(name));
            } catch (IOException e) {
                throw new AssertionError(e);
            }
        }).toList();
    }

    private List<String> names() throws IOException {
        try (var entries = Files.list(dir)) {
            return entries.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
