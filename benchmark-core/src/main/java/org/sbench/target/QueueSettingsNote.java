package org.sbench.target;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;

/**
 * The note a run keeps beside its disk's lock of the queue settings it changed, so that a run
 * killed before it could write them back (SIGKILL, a JVM crash, a power cut of the host leaves
 * /run empty, so not that) is undone by the next run on the disk. Without it the next run took
 * the dead run's values for the device's own: it "restored" nomerges 2 and wbt_lat_usec 0, and
 * the device's settings were lost.
 *
 * <p>One line per attribute, {@code ATTRIBUTE BEFORE USED} ({@code queue/nomerges 0 2}), written
 * (whole, by rename) before the first change and deleted after the last restore. Read and written
 * only under the disk's lock ({@link TargetLock}), so no live run owns a note another run reads.
 */
final class QueueSettingsNote {
    /** One attribute a run changed: the device's value before it, and the run's. */
    record Entry(String attribute, String before, String used) {
    }

    private final Path file;

    QueueSettingsNote(Path file) {
        this.file = file;
    }

    /**
     * Puts back what a dead run left on {@code disk}: each noted attribute that still holds the run's
     * value gets the value from before it (one changed since, by hand, is left as it is). The note is
     * deleted then.
     */
    void undoDeadRun(SysfsBlockDevice disk) {
        for (Entry e : read()) {
            if (disk.attribute(e.attribute()).map(e.used()::equals).orElse(false)) {
                QueueSettings.write(disk.attributePath(e.attribute()), e.before(),
                        "; run as root to put back what a killed run left (noted in " + file + ")");
            }
        }
        delete();
    }

    /** Notes {@code entries} (all the run changes) before it changes them; {@code hint} ends the error when it cannot. */
    void write(List<Entry> entries, String hint) {
        StringBuilder text = new StringBuilder();
        for (Entry e : entries) {
            text.append(e.attribute()).append(' ').append(e.before()).append(' ').append(e.used()).append('\n');
        }
        Path part = file.resolveSibling(file.getFileName() + ".part");
        try {
            Files.writeString(part, text, StandardCharsets.US_ASCII);
            try {
                Files.move(part, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(part, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw new SbenchException(ErrorKind.SYSTEM_FAILURE, "cannot write " + file + " (the queue settings this run"
                    + " changes, for the next run should this one be killed): " + SbenchException.reason(e) + hint, e);
        }
    }

    /** Deletes the note: the settings are back. */
    void delete() {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            throw SbenchException.ioFailure("delete", file, e);
        }
    }

    /** The noted entries; none when there is no note. A line not of three words (a damaged note) is passed over. */
    private List<Entry> read() {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.US_ASCII);
        } catch (NoSuchFileException e) {
            return List.of();
        } catch (IOException e) {
            throw SbenchException.ioFailure("read", file, e);
        }
        List<Entry> entries = new ArrayList<>();
        for (String line : lines) {
            String[] f = line.trim().split(" ");
            if (f.length == 3 && f[0].startsWith("queue/") && !f[0].contains("..")) {
                entries.add(new Entry(f[0], f[1], f[2]));
            }
        }
        return entries;
    }
}
