// The process names of an .sbt trailer in the order of their indexes, in memory bounded by a limit.
package org.sbench.trace.format.sbt;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import org.sbench.trace.input.ProcessNames;
import org.sbench.trace.sort.SpillSpace;

/**
 * A table of process names by index, as the trailer stores them ({@code u16} length, UTF-8 bytes, one after the other),
 * with a number of its owner's kept with each (the writer's: the first record with it; the reader's: its length).
 * Beside the names a fixed-width entry a name (the number, where its bytes start) finds one by its index. Both are
 * {@link SpilledBytes}: a table of a few thousand names stays in memory, a larger one goes to the temporary directory.
 */
final class ProcessTable implements AutoCloseable {
    private static final int ENTRY_BYTES = 2 * Long.BYTES;
    private final SpilledBytes names;
    private final SpilledBytes entries;
    /** An entry, or a name as long as readers take one. */
    private final byte[] scratch = new byte[ProcessNames.MAX_NAME_BYTES];
    private final ByteBuffer scratchLe = ByteBuffer.wrap(scratch).order(ByteOrder.LITTLE_ENDIAN);
    private int size;

    /**
     * A table whose names past {@code memoryNameBytes} bytes go to {@code space}'s directory (a full one said with its
     * hint); {@code of}: whose names they are, for messages.
     */
    ProcessTable(SpillSpace space, String of, int memoryNameBytes) {
        this.names = new SpilledBytes(space, "the process names of " + of, memoryNameBytes);
        // An entry a name of up to 64 bytes stays in memory beside it: 16,384 names of a trace's 1 MiB.
        this.entries = new SpilledBytes(space, "the process names of " + of, memoryNameBytes / 4);
    }

    int size() {
        return size;
    }

    /** Bytes the names take in the trailer, their lengths included. */
    long nameBytes() {
        return names.length();
    }

    /**
     * Adds {@code utf8} (at most {@link SbtLayout#MAX_STRING_BYTES}) with {@code number}; its index. A name that cannot be
     * kept (the temporary directory missing or full) leaves the table as it was: a writer can still finish the trace.
     */
    int add(byte[] utf8, int from, int n, long number) {
        long entriesBefore = entries.length();
        long namesBefore = names.length();
        try {
            scratchLe.putLong(0, number).putLong(Long.BYTES, namesBefore);
            entries.write(scratch, 0, ENTRY_BYTES);
            scratchLe.putShort(0, (short) n);
            names.write(scratch, 0, Short.BYTES);
            names.write(utf8, from, n);
        } catch (RuntimeException e) {
            entries.truncate(entriesBefore);
            names.truncate(namesBefore);
            throw e;
        }
        return size++;
    }

    /** The number kept with name {@code index}. */
    long number(int index) {
        readEntry(index);
        return scratchLe.getLong(0);
    }

    /** Name {@code index}, of at most {@link ProcessNames#MAX_NAME_BYTES} (the reader adds no longer one). */
    String name(int index) {
        long at = start(index);
        names.read(at, scratch, 0, Short.BYTES);
        int n = scratchLe.getShort(0) & 0xffff;
        names.read(at + Short.BYTES, scratch, 0, n);
        return new String(scratch, 0, n, StandardCharsets.UTF_8);
    }

    private long start(int index) {
        readEntry(index);
        return scratchLe.getLong(Long.BYTES);
    }

    /** Entry {@code index} into {@link #scratch}, whole, so that its number and its start come from one read. */
    private void readEntry(int index) {
        entries.read((long) index * ENTRY_BYTES, scratch, 0, ENTRY_BYTES);
    }

    /** Keeps the first {@code kept} names only. */
    void truncate(int kept) {
        if (kept == size) {
            return;
        }
        names.truncate(start(kept));
        entries.truncate((long) kept * ENTRY_BYTES);
        size = kept;
    }

    /** Reads the names' bytes {@code [position, position + n)} as the trailer stores them into {@code b} from {@code from}. */
    void readNames(long position, byte[] b, int from, int n) {
        names.read(position, b, from, n);
    }

    /** Reads of the table's temporary files so far. */
    long fileReads() {
        return names.fileReads() + entries.fileReads();
    }

    /** Bytes read from the table's temporary files so far. */
    long fileBytesRead() {
        return names.fileBytesRead() + entries.fileBytesRead();
    }

    @Override
    public void close() {
        names.close();
        entries.close();
    }
}
