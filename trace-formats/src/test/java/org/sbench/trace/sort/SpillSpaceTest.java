package org.sbench.trace.sort;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;

class SpillSpaceTest {
    private static final Path TMP = Path.of("/scratch");

    private static SbenchException writing(String file, IOException cause) {
        return SbenchException.ioFailure("write", Path.of(file), cause);
    }

    @Test
    void aFullFileSystemUnderTheFootprintSaysWhatSpillsAndWhatToDo() {
        SpillSpace space = SpillSpace.footprint(TMP).in(TMP.resolve("sbench-footprint-1"));
        SbenchException e = space.explain(writing("/scratch/sbench-footprint-1/intervals-0.sbt", new IOException("No space left on device")));
        assertEquals(ErrorKind.SYSTEM_FAILURE, e.kind());
        assertEquals("cannot write /scratch/sbench-footprint-1/intervals-0.sbt: No space left on device; counting the trace's"
                + " footprint spills 48 bytes a range of blocks touched (up to 3 times that while they are counted) to the temporary"
                + " directory /scratch: point TMPDIR at a file system with room", e.getMessage());
        assertEquals(TMP.resolve("sbench-footprint-1"), space.dir());
        assertEquals("/scratch", SpillSpace.ranOut(e).tempDir(), "the temporary directory, not the spill's own in it");
        assertFalse(SpillSpace.ranOut(e).quota());
    }

    /**
     * A sort's run holds its records' process names beside their 48 bytes (a table of them, spilled itself when large): the
     * hint said "about 48 bytes a record", where a run of distinct 64-byte names takes 48 + 66 bytes a record and more.
     */
    @Test
    void aSortsHintCountsTheRunsProcessNames() {
        SbenchException e = SpillSpace.sorting("t.tracefs", TMP).explain(writing("/scratch/sbench-sort-1/run-0.sbt",
                new IOException("No space left on device")));
        assertEquals("cannot write /scratch/sbench-sort-1/run-0.sbt: No space left on device; sorting t.tracefs spills 48 bytes a"
                + " record and its process names to the temporary directory /scratch: point TMPDIR at a file system with room",
                e.getMessage());
    }

    /**
     * The user's disk quota run out in the temporary directory (EDQUOT, "Disk quota exceeded" as the JDK gives it) is
     * room run out as a full file system is, and the same move helps: the hint was given for ENOSPC only.
     */
    @Test
    void aQuotaRunOutUnderASpillSaysWhatToDoAsAFullOneDoes() {
        SbenchException e = SpillSpace.processNames(TMP).explain(writing("/scratch/sbench-names-1.tmp", new IOException("Disk quota exceeded")));
        assertEquals(ErrorKind.SYSTEM_FAILURE, e.kind());
        assertEquals("cannot write /scratch/sbench-names-1.tmp: Disk quota exceeded; writing or reading an .sbt trace of many process"
                + " names spills its table of names (and 16 bytes a name) to the temporary directory /scratch: point TMPDIR at a file"
                + " system with room", e.getMessage());
        assertTrue(SpillSpace.ranOut(e).quota());
        assertEquals("/scratch", SpillSpace.ranOut(e).tempDir());
    }

    @Test
    void aFailureExplainedIsNotExplainedAgain() {
        SpillSpace space = SpillSpace.sorting("t.csv", TMP);
        SbenchException once = space.explain(writing("/scratch/sbench-sort-1/run-0.sbt", new IOException("No space left on device")));
        assertSame(once, SpillSpace.footprint(TMP).explain(once));
    }

    @Test
    void otherFailuresAreLeftAsTheyAre() {
        SbenchException denied = writing("/scratch/sbench-sort-1/run-0.sbt", new AccessDeniedException("/scratch/sbench-sort-1/run-0.sbt"));
        assertSame(denied, SpillSpace.sorting("t.csv", TMP).explain(denied));
        SbenchException bad = SbenchException.badInput("t.csv", "empty file, expected a trace");
        assertSame(bad, SpillSpace.sorting("t.csv", TMP).explain(bad));
        assertNull(SpillSpace.ranOut(denied));
        assertNull(SpillSpace.ranOut(bad));
    }
}
