// DataWait: a wait on FIFOs standing in for a recorder's CPU pipes ends on data or on a wake.
package org.sbench.engine.linux;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.FileOutputStream;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DataWaitTest {
    /** Only a guard against a wait that never ends: every wait here ends at once when the code is right. */
    private static final Duration HANG = Duration.ofSeconds(30);

    @TempDir
    Path dir;
    private final Path[] fifos = new Path[2];
    private final int[] fds = new int[2];

    @BeforeEach
    void openFifos() throws Exception {
        for (int i = 0; i < fifos.length; i++) {
            fifos[i] = dir.resolve("cpu" + i);
            assertEquals(0, new ProcessBuilder("mkfifo", fifos[i].toString()).start().waitFor());
            fds[i] = RecordCalls.openNonBlocking(fifos[i]);
        }
    }

    @AfterEach
    void closeFifos() {
        for (int i = 0; i < fds.length; i++) {
            RecordCalls.close(fds[i], fifos[i]);
        }
    }

    @Test
    void endsWhenAnyDescriptorHasData() throws Exception {
        try (DataWait wait = new DataWait(fds, "fifos"); FileOutputStream writer = new FileOutputStream(fifos[1].toFile())) {
            writer.write('x');
            assertTimeoutPreemptively(HANG, wait::await);
            assertEquals(1, RecordCalls.readNow(fds[1], new byte[8], fifos[1]));
        }
    }

    @Test
    void aWakeBeforeTheWaitEndsIt() {
        try (DataWait wait = new DataWait(fds, "fifos")) {
            wait.wake();
            assertTimeoutPreemptively(HANG, wait::await);
        }
    }

    @Test
    void aWakeFromAnotherThreadEndsAWaitWithNoData() throws Exception {
        try (DataWait wait = new DataWait(fds, "fifos")) {
            Thread waiter = new Thread(wait::await, "waiter");
            waiter.start();
            wait.wake();
            waiter.join(HANG.toMillis());
            assertEquals(Thread.State.TERMINATED, waiter.getState());
        }
    }

    @Test
    void aWakeAfterCloseDoesNothing() {
        DataWait wait = new DataWait(fds, "fifos");
        wait.close();
        wait.wake();
        wait.close();
    }
}
