// The hidden part files outputs are written to before they are renamed into place, and those a killed writer left.
package org.sbench.trace.input;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.regex.Pattern;

/**
 * The part file of an output {@code NAME}: {@code .NAME.RANDOM.part} beside it, locked (fcntl,
 * exclusive) by its writer from its creation until it is renamed or deleted. The kernel drops the
 * lock however the writer ends, SIGKILL too, when nothing else can delete the file; so a part file
 * whose lock can be taken was left by a writer that is gone. {@link #removeStale} removes those of
 * one output before it is written again, and tells so through the sink {@link #tellTo} sets.
 *
 * <p>A part file of this process is never touched (the lock table is the process's: taking a lock of
 * one's own file would only ever succeed, and closing the descriptor would drop the writer's lock).
 */
public final class PartFiles {
    private static final String SUFFIX = ".part";
    /** The longest file name Linux filesystems take, in bytes. */
    private static final int NAME_MAX_BYTES = 255;
    /** A long in base 36. */
    private static final int RANDOM_MAX_CHARS = 13;
    private static final int RADIX = 36;
    /** Part files this process is writing. */
    private static final Set<Path> OWN = ConcurrentHashMap.newKeySet();
    private static volatile Consumer<String> notes = note -> System.err.println("sbench: " + note);

    private PartFiles() {
    }

    /** Where a note of a removed part file goes (the command line's stderr); standard error until set. */
    public static void tellTo(Consumer<String> sink) {
        notes = sink;
    }

    /** A new name of a part file of {@code output} ({@code random} makes it one of many), in {@code dir}. */
    static Path name(Path dir, String output, long random) {
        return dir.resolve("." + stem(output) + "." + Long.toUnsignedString(random, RADIX) + SUFFIX);
    }

    /**
     * {@code output}, cut (at a character) to what leaves room in a file name of 255 bytes for the
     * dots, the random part and the suffix: an output of a legal long name could not be written.
     */
    static String stem(String output) {
        int room = NAME_MAX_BYTES - 2 - RANDOM_MAX_CHARS - SUFFIX.length();
        int end = 0;
        int bytes = 0;
        while (end < output.length()) {
            int cp = output.codePointAt(end);
            int size = new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8).length;
            if (bytes + size > room) {
                break;
            }
            bytes += size;
            end += Character.charCount(cp);
        }
        return output.substring(0, end);
    }

    /**
     * Takes {@code part}, just created and open as {@code channel}, as this process's: locks it, so
     * that no other sbench takes it for a stale one. On a filesystem without locks it stays unlocked,
     * and no other sbench can take a lock of it either: such part files are never taken for stale.
     * False when another sbench's {@link #removeStale} came between its creation and this lock (it
     * holds the lock, or has deleted the file): the part is not this process's, and the caller closes
     * {@code channel} and makes another.
     */
    static boolean hold(Path part, FileChannel channel) {
        OWN.add(part);
        boolean locked;
        try {
            locked = channel.tryLock() != null;
        } catch (IOException noLocksHere) {
            locked = true; // as said: removeStale cannot lock it either, so leaves it
        }
        if (locked && Files.exists(part)) {
            return true;
        }
        release(part);
        return false;
    }

    /** {@code part} is renamed or deleted: no longer this process's to hold. */
    static void release(Path part) {
        OWN.remove(part);
    }

    /** Removes the part files of {@code output} (a regular file, or its name to be) whose writer is gone, with a note for each. */
    static void removeStale(Path output) {
        Path dir = output.getParent();
        Pattern ofOutput = Pattern.compile(Pattern.quote("." + stem(output.getFileName().toString()) + ".") + "[0-9a-z]{1,"
                + RANDOM_MAX_CHARS + "}" + Pattern.quote(SUFFIX));
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir, e -> ofOutput.matcher(e.getFileName().toString()).matches())) {
            for (Path part : entries) {
                if (!OWN.contains(part) && removeIfUnlocked(part)) {
                    notes.accept("removed " + part + ", a part of " + output.getFileName() + " left by an sbench that ended before it"
                            + " finished (killed: its lock is gone)");
                }
            }
        } catch (IOException e) {
            // Unlistable: nothing is removed, and writing the output itself says what is wrong.
        }
    }

    /** Deletes {@code part} if no process holds its lock; false when one does, or it cannot be looked at. */
    private static boolean removeIfUnlocked(Path part) {
        try (FileChannel channel = FileChannel.open(part, StandardOpenOption.WRITE);
             FileLock lock = channel.tryLock()) {
            if (lock == null) {
                return false;
            }
            Files.delete(part);
            return true;
        } catch (IOException | OverlappingFileLockException e) {
            return false; // gone meanwhile, not ours to open, or locked through this process after all
        }
    }
}
