package org.sbench.engine.linux;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.jna.LastErrorException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;

class TargetCallsTest {
    @Test
    void opensWithoutAccessTimesAndFallsBackWhenTheKernelRefuses() {
        List<Integer> tried = new ArrayList<>();
        int flags = LibC.O_RDONLY | LibC.O_DIRECT;
        assertEquals(7, TargetCalls.withNoAtimeFirst(flags, f -> {
            tried.add(f);
            return 7;
        }, () -> -1));
        assertEquals(List.of(flags | LibC.O_NOATIME), tried);

        assertEquals(9, TargetCalls.withNoAtimeFirst(flags, f -> {
            throw new LastErrorException(Errno.EPERM);
        }, () -> 9), "EPERM (not the owner, not privileged): the plain open");
    }

    @Test
    void aRefusedOpenIsSaidInWords(@TempDir Path dir) throws IOException {
        SbenchException read = TargetCalls.openFailure("/t.img", LibC.O_RDONLY | LibC.O_DIRECT, "O_RDONLY|O_DIRECT",
                new LastErrorException(Errno.EACCES));
        assertEquals(ErrorKind.SYSTEM_FAILURE, read.kind());
        assertTrue(read.getMessage().startsWith("cannot open /t.img: permission denied (its owner and mode do not let"
                + " this user read it;"), read.getMessage());
        SbenchException write = TargetCalls.openFailure("/t.img", LibC.O_RDWR, "O_RDWR", new LastErrorException(Errno.EACCES));
        assertTrue(write.getMessage().contains("let this user read and write it"), write.getMessage());
        assertEquals("cannot create /ro/t.img: permission denied (the owner and mode of its directory, or of one above it, do not"
                + " let this user make a file there)", TargetCalls.openFailure("/ro/t.img", LibC.O_RDONLY | LibC.O_CREAT | LibC.O_EXCL,
                "O_CREAT|O_EXCL", new LastErrorException(Errno.EACCES)).getMessage(), "not the file's mode: there is no file");

        // Without O_EXCL (a disk's lock file in /run/sbench): a refusal to make it when it is not there,
        // which told a user of a loop device its owner and mode did not let the user read it.
        assertEquals("cannot create " + dir.resolve("block-7:40.lock") + ": permission denied (the owner and mode of its"
                + " directory, or of one above it, do not let this user make a file there)", TargetCalls.openFailure(
                dir.resolve("block-7:40.lock").toString(), LibC.O_RDONLY | LibC.O_CREAT, "O_RDONLY|O_CREAT",
                new LastErrorException(Errno.EACCES)).getMessage());
        Path lock = Files.createFile(dir.resolve("block-7:0.lock"));
        assertTrue(TargetCalls.openFailure(lock.toString(), LibC.O_RDONLY | LibC.O_CREAT, "O_RDONLY|O_CREAT",
                new LastErrorException(Errno.EACCES)).getMessage().startsWith("cannot open " + lock + ": permission denied (its"
                + " owner and mode do not let this user read it;"));

        assertEquals("cannot open /t.img to write: it is on a read-only file system", TargetCalls.openFailure("/t.img",
                LibC.O_RDWR, "O_RDWR", new LastErrorException(Errno.EROFS)).getMessage());
        assertEquals("open(O_RDWR) failed on /t.img: ENOENT (No such file or directory)", TargetCalls.openFailure("/t.img",
                LibC.O_RDWR, "O_RDWR", new LastErrorException(Errno.ENOENT)).getMessage(), "any other errno: the call and its name");
        assertEquals(ErrorKind.UNSAFE_TARGET, TargetCalls.openFailure("/dev/x", LibC.O_RDWR | LibC.O_EXCL, "O_RDWR|O_EXCL",
                new LastErrorException(Errno.EBUSY)).kind());
    }
}
