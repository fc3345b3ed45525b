package org.sbench.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.engine.linux.Errno;
import org.sbench.replay.NanoClock;

class IoEnginesTest {

    @Test
    void unknownNameListsTheKnownOnes() {
        SbenchException e = assertThrows(SbenchException.class,
                () -> IoEngines.open("posixaio", new StubTarget("null"), 4, 4096, NanoClock.SYSTEM));
        assertEquals(ErrorKind.USAGE, e.kind());
        assertEquals("unknown IO engine 'posixaio'; known engines: auto, io_uring, libaio, sync", e.getMessage());
    }

    @Test
    void nullTargetAlwaysGetsTheNullEngine() {
        IoEngines.Opened auto = IoEngines.open("auto", new StubTarget("null"), 4, 4096, NanoClock.SYSTEM);
        try (IoEngine engine = auto.engine()) {
            assertInstanceOf(NullEngine.class, engine);
            assertEquals("", auto.fallbackReason());
        }
        IoEngines.Opened uring = IoEngines.open("IO_URING", new StubTarget("null"), 4, 4096, NanoClock.SYSTEM);
        try (IoEngine engine = uring.engine()) {
            assertEquals("null", engine.name());
            assertEquals("the null target does no IO: using null", uring.fallbackReason());
        }
    }

    @Test
    void nullEngineRefusesARealTarget() {
        try (TempFileTarget file = new TempFileTarget(1 << 20)) {
            SbenchException e = assertThrows(SbenchException.class, () -> IoEngines.open("null", file, 4, 4096, NanoClock.SYSTEM));
            assertEquals(ErrorKind.USAGE, e.kind());
        }
    }

    @Test
    void namedEngineIsOpenedAsAsked() {
        try (TempFileTarget file = new TempFileTarget(1 << 20)) {
            IoEngines.Opened sync = IoEngines.open("sync", file, 2, 4096, NanoClock.SYSTEM);
            try (IoEngine engine = sync.engine()) {
                assertInstanceOf(SyncEngine.class, engine);
                assertEquals("", sync.fallbackReason());
            }
        }
    }

    @Test
    void autoPicksTheBestEngineAndSaysWhyNotBetter() {
        try (TempFileTarget file = new TempFileTarget(1 << 20)) {
            IoEngines.Opened auto = IoEngines.open("auto", file, 2, 4096, NanoClock.SYSTEM);
            try (IoEngine engine = auto.engine()) {
                if (engine.name().equals("io_uring")) {
                    assertEquals("", auto.fallbackReason());
                } else {
                    assertTrue(auto.fallbackReason().startsWith("io_uring refused ("), auto.fallbackReason());
                    assertTrue(auto.fallbackReason().endsWith(": using " + engine.name()), auto.fallbackReason());
                }
            }
        }
    }

    @Test
    void autoSaysWhichEnginesRefusedAndWhy() {
        IoEngines.Factory eperm = (t, d, m, p, c) -> {
            throw Errno.failure("io_uring_setup", "a ring of 4 entries", Errno.EPERM);
        };
        IoEngines.Factory enosys = (t, d, m, p, c) -> {
            throw Errno.failure("io_setup", "an AIO context for 4 IOs", Errno.ENOSYS);
        };
        IoEngines.Factory works = (t, d, m, p, c) -> new NullEngine(d, m, c);
        IoEngines.Opened opened = IoEngines.openFirst(List.of(new IoEngines.Candidate("io_uring", eperm),
                new IoEngines.Candidate("libaio", enosys), new IoEngines.Candidate("sync", works)),
                new StubTarget("null"), 4, 4096, 0, false, NanoClock.SYSTEM);
        opened.engine().close();
        assertEquals("io_uring refused (io_uring_setup failed on a ring of 4 entries: EPERM (Operation not permitted)); "
                + "libaio refused (io_setup failed on an AIO context for 4 IOs: ENOSYS (Function not implemented)): using sync",
                opened.fallbackReason());
        SbenchException e = assertThrows(SbenchException.class, () -> IoEngines.openFirst(
                List.of(new IoEngines.Candidate("io_uring", eperm)), new StubTarget("null"), 4, 4096, 0, false, NanoClock.SYSTEM));
        assertEquals(ErrorKind.SYSTEM_FAILURE, e.kind());
        assertEquals("no IO engine could start: io_uring refused (io_uring_setup failed on a ring of 4 entries: "
                + "EPERM (Operation not permitted))", e.getMessage());
    }

    @Test
    void badDepthIsAUsageErrorEvenForAuto() {
        try (TempFileTarget file = new TempFileTarget(1 << 20)) {
            SbenchException e = assertThrows(SbenchException.class, () -> IoEngines.open("auto", file, 0, 4096, NanoClock.SYSTEM));
            assertEquals(ErrorKind.USAGE, e.kind());
        }
    }
}
