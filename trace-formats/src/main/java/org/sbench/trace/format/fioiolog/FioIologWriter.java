// Writer of fio iolog version 3, the log fio replays with read_iolog=.
package org.sbench.trace.format.fioiolog;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;
import java.util.StringJoiner;
import org.sbench.SbenchException;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.TraceWriter;
import org.sbench.trace.input.AtomicFileOutput;
import org.sbench.trace.input.RecordChecks;

/**
 * Writes fio iolog version 3 (fio HOWTO, "Trace file format v3"), which fio replays with
 * {@code --read_iolog=FILE} (and, to aim it at a device other than the one named in the log,
 * {@code --replay_redirect=DEVICE}):
 * <pre>
 * fio version 3 iolog
 * USEC FILE add
 * USEC FILE open
 * USEC FILE read|write|trim|sync OFFSET LENGTH      one line per IO, in the order written
 * USEC FILE close
 * </pre>
 * <ul>
 * <li><b>Times.</b> USEC = issueNs / 1000, rounded down (fio's log has microsecond resolution).
 *     The pipeline hands over records rebased to the first IO, so the log starts near 0 as fio's
 *     own logs do. Completion times, queue depths, processes, phase marks and metadata are not
 *     representable and are dropped; {@link #leftOut()} says how many of each.</li>
 * <li><b>Ops.</b> READ, WRITE, TRIM as {@code read}, {@code write}, {@code trim} with offset and
 *     length in bytes; FLUSH as {@code sync 0 0} (fio requires the two numbers). fio reads the length
 *     with {@code %u}, so an IO of 4 GiB or more, which it would cut to its low 32 bits, is refused.</li>
 * <li><b>File name.</b> The file (device) named in the log is the metadata value
 *     {@value #TARGET_KEY} of the {@link TraceInfo} given, or {@value #DEFAULT_TARGET} when it is
 *     absent; it must be non-empty, free of whitespace and at most 256 bytes, as fio's parser
 *     reads it with {@code %256s}.</li>
 * <li><b>Streams.</b> Each distinct {@link IoRecord#stream} becomes its own file in the log, added
 *     and opened just before its first IO (at that IO's time): stream N as {@code NAME.N}, records
 *     without a stream as {@code NAME.nostream}, which the reader takes back as they were; the
 *     stream seen first as the plain {@code NAME} when it is stream 0 (read back as 0), or when the
 *     metadata names the file (the device fio opens). All files are closed at the time of the last
 *     IO.</li>
 * <li>A trace with no IOs still gets a well-formed log: add, open and close of the file at 0.</li>
 * </ul>
 * Output goes to a temporary file renamed to its name by {@link #finish()}; {@link #close()}
 * without finish deletes it. Not thread-safe.
 */
public final class FioIologWriter implements TraceWriter {
    /** {@link TraceInfo} metadata key naming the file or device to put in the log. */
    public static final String TARGET_KEY = "fio.target";
    /** The file name used when the metadata has no {@value #TARGET_KEY}. */
    public static final String DEFAULT_TARGET = "sbench-target";
    /** Longest file name fio's {@code %256s} reads whole. */
    static final int MAX_NAME_BYTES = 256;
    static final String NO_STREAM_SUFFIX = "nostream";
    /** Longest IO length fio's {@code %u} reads whole. */
    public static final long MAX_LENGTH_BYTES = 0xFFFF_FFFFL;
    private static final int BUFFER_BYTES = 1 << 16;
    /** Room for the longest line: name, three 20-digit numbers, the longest action and separators. */
    private static final int MAX_LINE_BYTES = MAX_NAME_BYTES + 3 * 20 + 16;
    private static final long NS_PER_US = 1_000L;
    private static final int INITIAL_FILES = 4;
    private static final byte[] HEADER = (FioIologReader.HEADER_V3 + "\n").getBytes(StandardCharsets.US_ASCII);
    private static final byte[] ADD = ascii("add");
    private static final byte[] OPEN = ascii("open");
    private static final byte[] CLOSE = ascii("close");
    private static final byte[] READ = ascii("read");
    private static final byte[] WRITE = ascii("write");
    private static final byte[] TRIM = ascii("trim");
    private static final byte[] SYNC = ascii("sync");

    private final AtomicFileOutput out;
    private final String target;
    private final ByteBuffer buffer = ByteBuffer.allocate(BUFFER_BYTES);
    /** Digits of a number, written backwards, reused for every number. */
    private final byte[] digits = new byte[20];
    private int[] fileStreams = new int[INITIAL_FILES];
    private byte[][] fileNames = new byte[INITIAL_FILES][];
    private int files;
    /** True when the metadata names the file (a device fio opens): the first stream then keeps that name. */
    private final boolean namedTarget;
    /** Index into the file arrays of the stream written last. */
    private int lastFile = -1;
    private long lastUs;
    private long records;
    private final int phases;
    /** Keys of the metadata the log cannot hold, in the order met. */
    private final Set<String> metadataLeftOut = new LinkedHashSet<>();
    private long completionsLeftOut;
    private long depthsLeftOut;
    private long processesLeftOut;
    private long timesCut;
    /** Reads, writes and trims written: fio refuses a log of none ("failed initializing iolog"). */
    private long dataIos;
    private boolean finished;

    /** Creates the temporary output and writes the header. */
    public FioIologWriter(Path path, TraceInfo info) {
        String name = info.metadata().getOrDefault(TARGET_KEY, DEFAULT_TARGET);
        checkName(name);
        this.target = name;
        this.namedTarget = info.metadata().containsKey(TARGET_KEY);
        this.phases = info.phases().size();
        info.metadata().forEach(this::putMetadata);
        this.out = new AtomicFileOutput(path);
        buffer.put(HEADER);
    }

    private static void checkName(String name) {
        boolean blank = name.isEmpty();
        for (int i = 0; i < name.length() && !blank; i++) {
            blank = Character.isWhitespace(name.charAt(i));
        }
        if (blank || name.getBytes(StandardCharsets.UTF_8).length > MAX_NAME_BYTES) {
            throw SbenchException.usage(TARGET_KEY + " '" + name
                    + "': expected a file name without whitespace of 1 to " + MAX_NAME_BYTES + " bytes (fio reads it with %256s)");
        }
    }

    @Override
    public void write(IoRecord record) {
        if (finished) {
            throw new IllegalStateException("write after finish");
        }
        if (record.issueNs < 0) {
            throw new IllegalArgumentException("issueNs " + record.issueNs + " < 0: records must be rebased before writing");
        }
        RecordChecks.requireSound(record);
        records++;
        if (record.lengthBytes > MAX_LENGTH_BYTES) {
            throw SbenchException.badInput(out.target().toString(), "cannot be written as a fio log: record " + records + " is a "
                    + record.op.name().toLowerCase(Locale.ROOT) + " of " + record.lengthBytes + " bytes, and fio reads a length of at most "
                    + MAX_LENGTH_BYTES + " bytes (%u)");
        }
        long issueUs = record.issueNs / NS_PER_US;
        completionsLeftOut += record.hasComplete() ? 1 : 0;
        depthsLeftOut += record.qd == IoRecord.NO_QD ? 0 : 1;
        processesLeftOut += record.process == null ? 0 : 1;
        timesCut += record.issueNs % NS_PER_US == 0 ? 0 : 1;
        int file = fileOf(record.stream, issueUs);
        if (record.op == Op.FLUSH) {
            line(issueUs, file, SYNC, 0, 0);
        } else {
            line(issueUs, file, action(record.op), record.offsetBytes, record.lengthBytes);
            dataIos++;
        }
        lastUs = Math.max(lastUs, issueUs);
    }

    private static byte[] action(Op op) {
        switch (op) {
            case READ: return READ;
            case WRITE: return WRITE;
            case TRIM: return TRIM;
            default: throw new IllegalArgumentException("op " + op);
        }
    }

    /** The file of {@code stream}, added and opened at {@code issueUs} when first seen. */
    private int fileOf(int stream, long issueUs) {
        if (lastFile >= 0 && fileStreams[lastFile] == stream) {
            return lastFile;
        }
        for (int i = 0; i < files; i++) {
            if (fileStreams[i] == stream) {
                lastFile = i;
                return i;
            }
        }
        lastFile = addFile(stream, issueUs);
        return lastFile;
    }

    private int addFile(int stream, long issueUs) {
        boolean plain = files == 0 && (namedTarget || stream == 0);
        String name = plain ? target : target + "." + (stream == IoRecord.NO_STREAM ? NO_STREAM_SUFFIX : Integer.toString(stream));
        byte[] bytes = name.getBytes(StandardCharsets.UTF_8);
        if (bytes.length > MAX_NAME_BYTES) {
            throw SbenchException.usage(TARGET_KEY + " '" + target + "': too long for stream file name '" + name
                    + "' (fio reads at most " + MAX_NAME_BYTES + " bytes)");
        }
        if (files == fileStreams.length) {
            fileStreams = Arrays.copyOf(fileStreams, files * 2);
            fileNames = Arrays.copyOf(fileNames, files * 2);
        }
        fileStreams[files] = stream;
        fileNames[files] = bytes;
        line(issueUs, files, ADD);
        line(issueUs, files, OPEN);
        return files++;
    }

    /**
     * Notes the entry as left out: the log has no place for metadata. The file it names, and the
     * capacity of that file (convert --fio-device), are the log's own.
     */
    @Override
    public void putMetadata(String key, String value) {
        if (!key.equals(TARGET_KEY) && !(namedTarget && key.equals(TraceInfo.CAPACITY))) {
            metadataLeftOut.add(key);
        }
    }

    @Override
    public String leftOut() {
        StringJoiner what = new StringJoiner(", ");
        count(what, completionsLeftOut, "completion times of %,d IOs");
        count(what, depthsLeftOut, "queue depths of %,d IOs");
        count(what, processesLeftOut, "process names of %,d IOs");
        count(what, phases, "%,d phase marks");
        if (!metadataLeftOut.isEmpty()) {
            what.add("metadata (" + String.join(", ", metadataLeftOut) + ")");
        }
        String cut = timesCut == 0 ? "" : String.format(Locale.ROOT, "issue times of %,d IOs cut to whole µs", timesCut);
        String unusable = dataIos > 0 ? null : "the log holds no read, write or trim, and fio refuses such a log ('failed"
                + " initializing iolog')";
        if (what.length() == 0 && cut.isEmpty()) {
            return unusable;
        }
        String left = "left out what a fio log cannot hold: " + (what.length() == 0 ? cut : cut.isEmpty() ? what : what + "; " + cut);
        return unusable == null ? left : left + "; " + unusable;
    }

    private static void count(StringJoiner what, long n, String phrase) {
        if (n > 0) {
            what.add(String.format(Locale.ROOT, phrase, n));
        }
    }

    @Override
    public void finish() {
        if (finished) {
            return;
        }
        if (files == 0) {
            addFile(0, 0);
        }
        for (int i = 0; i < files; i++) {
            line(lastUs, i, CLOSE);
        }
        drain();
        out.commit();
        finished = true;
    }

    @Override
    public void close() {
        out.close();
    }

    private void line(long us, int file, byte[] action) {
        room();
        number(us);
        buffer.put((byte) ' ').put(fileNames[file]).put((byte) ' ').put(action).put((byte) '\n');
    }

    private void line(long us, int file, byte[] action, long offsetBytes, long lengthBytes) {
        room();
        number(us);
        buffer.put((byte) ' ').put(fileNames[file]).put((byte) ' ').put(action).put((byte) ' ');
        number(offsetBytes);
        buffer.put((byte) ' ');
        number(lengthBytes);
        buffer.put((byte) '\n');
    }

    private void number(long value) {
        int n = 0;
        long v = value;
        do {
            digits[n++] = (byte) ('0' + v % 10);
            v /= 10;
        } while (v != 0);
        while (n > 0) {
            buffer.put(digits[--n]);
        }
    }

    private void room() {
        if (buffer.remaining() < MAX_LINE_BYTES) {
            drain();
        }
    }

    private void drain() {
        buffer.flip();
        try {
            while (buffer.hasRemaining()) {
                out.channel().write(buffer);
            }
        } catch (IOException e) {
            throw SbenchException.ioFailure("write", out.target(), e);
        }
        buffer.clear();
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
