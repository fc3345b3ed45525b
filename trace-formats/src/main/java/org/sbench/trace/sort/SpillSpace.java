// The temporary directory a spill goes to, and what a full one tells the user.
package org.sbench.trace.sort;

import java.io.IOException;
import java.nio.file.Path;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.trace.format.sbt.SbtFormat;

/**
 * Where a spill writes its files ({@code dir}), in the temporary directory {@code tempDir} ({@code java.io.tmpdir}, or a
 * directory of its own there), which the user can move, and what it takes of it: the {@code hint} that follows a
 * failure's message. A write there that meets a full file system names an internal file that means nothing to the user
 * (so does one out of the user's disk quota); {@link #explain} adds what spills and what to do, once, on the same line,
 * and {@link #ranOut} tells such a failure from others. Made by {@link #sorting} and {@link #footprint}.
 */
public record SpillSpace(Path dir, Path tempDir, String hint) {
    private static SpillSpace of(Path tempDir, String spilling) {
        return new SpillSpace(tempDir, tempDir, "; " + spilling + " to the temporary directory " + tempDir
                + ": point TMPDIR at a file system with room");
    }

    /** The sort of {@code trace} (as the user named it), spilling into {@code tempDir}: its runs' records and the table of their names. */
    public static SpillSpace sorting(String trace, Path tempDir) {
        return of(tempDir, "sorting " + trace + " spills " + SbtFormat.RECORD_BYTES + " bytes a record and its process names");
    }

    /** {@code trace}, a trace.dat compressed or from a pipe, copied whole and decompressed into {@code tempDir} to be read at its offsets. */
    public static SpillSpace copying(String trace, Path tempDir) {
        return of(tempDir, "reading " + trace + ", a trace.dat compressed or from a pipe, copies it decompressed");
    }

    /**
     * A trace's footprint counted past its memory budget into {@code tempDir}: each range of blocks is written once, and
     * while the ranges are counted a second time (the sort's runs) and a third (their union).
     */
    public static SpillSpace footprint(Path tempDir) {
        return of(tempDir, "counting the trace's footprint spills " + SbtFormat.RECORD_BYTES
                + " bytes a range of blocks touched (up to 3 times that while they are counted)");
    }

    /** {@link #processNames(Path)} in {@code java.io.tmpdir}. */
    public static SpillSpace processNames() {
        return processNames(Path.of(System.getProperty("java.io.tmpdir")));
    }

    /**
     * The process names of an .sbt trace, more than its writer or reader keeps in memory, kept in {@code tempDir} while it
     * is written or read (those of the sort's runs spill with the sort's space, {@link #in} its directory).
     */
    public static SpillSpace processNames(Path tempDir) {
        return of(tempDir, "writing or reading an .sbt trace of many process names spills its table of names (and 16 bytes a name)");
    }

    /** This spill, its files made in {@code subdir} (a directory of its own in the temporary directory). */
    public SpillSpace in(Path subdir) {
        return new SpillSpace(subdir, tempDir, hint);
    }

    /**
     * {@code e} said with what spills and what to do when its cause is a full file system (ENOSPC) or the user's disk quota
     * run out there (EDQUOT), its cause then a {@link RanOut} naming {@link #tempDir}; else {@code e} itself, as is one
     * explained already, so nested spills may each explain.
     */
    public SbenchException explain(SbenchException e) {
        if (!(e.getCause() instanceof IOException io) || !SbenchException.isNoSpace(io) && !SbenchException.isQuotaExceeded(io)) {
            return e;
        }
        return new SbenchException(ErrorKind.SYSTEM_FAILURE, e.getMessage() + hint,
                new RanOut(tempDir.toString(), SbenchException.isQuotaExceeded(io), e));
    }

    /** Which temporary directory ran out of room under a spill when {@link #explain} said {@code e}; else null. */
    public static RanOut ranOut(SbenchException e) {
        return e.getCause() instanceof RanOut r ? r : null;
    }

    /**
     * A spill's temporary directory ran out of room: the cause of the failure {@link #explain} says, itself caused by the
     * failure explained.
     */
    public static final class RanOut extends RuntimeException {
        private static final long serialVersionUID = 1L;
        /** The temporary directory, as messages name it. */
        private final String tempDir;
        private final boolean quota;

        RanOut(String tempDir, boolean quota, SbenchException explained) {
            super(explained.getMessage(), explained);
            this.tempDir = tempDir;
            this.quota = quota;
        }

        /** The temporary directory (not a directory of the spill's own in it), as messages name it. */
        public String tempDir() {
            return tempDir;
        }

        /** True when it was the user's disk quota there that ran out (EDQUOT), not the file system's room. */
        public boolean quota() {
            return quota;
        }
    }
}
