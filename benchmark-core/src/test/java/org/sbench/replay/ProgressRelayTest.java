package org.sbench.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class ProgressRelayTest {
    /** What a listener heard: the numbers and the thread that called. */
    private record Heard(long done, long total, long elapsedNs, long bytes, Thread thread) {
    }

    private static final class Recording implements ReplayListener {
        final List<Heard> heard = new CopyOnWriteArrayList<>();
        final List<Thread> started = new CopyOnWriteArrayList<>();
        final CountDownLatch first = new CountDownLatch(1);

        @Override
        public void started(long startNs) {
            started.add(Thread.currentThread());
        }

        @Override
        public void progress(long doneIos, long totalIos, long elapsedNs, long bytes) {
            heard.add(new Heard(doneIos, totalIos, elapsedNs, bytes, Thread.currentThread()));
            first.countDown();
        }
    }

    @Test
    void progressIsPassedOnFromAThreadOfItsOwnAndStartedAtOnce() throws InterruptedException {
        Recording listener = new Recording();
        try (ProgressRelay relay = new ProgressRelay(listener)) {
            relay.started(0);
            assertEquals(List.of(Thread.currentThread()), listener.started);
            relay.progress(5, 10, 1_000, 4096);
            assertTrue(listener.first.await(30, TimeUnit.SECONDS), "the relay passed it on");
            Heard h = listener.heard.get(0);
            assertEquals(new Heard(5, 10, 1_000, 4096, h.thread()), h);
            assertNotEquals(Thread.currentThread(), h.thread(), "not on the caller's thread");
        }
        assertEquals(1, listener.heard.size(), "passed on once: nothing changed after");
    }

    @Test
    void closePassesOnTheLastNumbersOnceBeforeItReturns() {
        Recording listener = new Recording();
        ProgressRelay relay = new ProgressRelay(listener);
        for (int i = 1; i <= 1000; i++) {
            relay.progress(i, 1000, i, i * 512L);
        }
        relay.close();
        Heard last = listener.heard.get(listener.heard.size() - 1);
        assertEquals(1000, last.done());
        assertEquals(512_000, last.bytes());
        assertEquals(1, listener.heard.stream().filter(h -> h.done() == 1000).count());
        for (int i = 1; i < listener.heard.size(); i++) {
            assertTrue(listener.heard.get(i).done() > listener.heard.get(i - 1).done(), "in order, none twice");
        }
    }

    @Test
    void aListenersFailureOnTheRelayIsThrownAtClose() throws InterruptedException {
        IllegalStateException boom = new IllegalStateException("boom");
        CountDownLatch called = new CountDownLatch(1);
        ProgressRelay relay = new ProgressRelay((done, total, elapsedNs, bytes) -> {
            called.countDown();
            throw boom;
        });
        relay.progress(1, 2, 3, 4);
        assertTrue(called.await(30, TimeUnit.SECONDS));
        assertSame(boom, assertThrows(IllegalStateException.class, relay::close));
    }

    @Test
    void noListenerNoThread() {
        long before = relayThreads();
        ProgressRelay relay = new ProgressRelay(ReplayListener.NONE);
        assertEquals(before, relayThreads());
        relay.progress(1, 2, 3, 4);
        relay.close();
    }

    private static long relayThreads() {
        return Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().equals("sbench-progress")).count();
    }
}
