// blktrace binary files: recognition by magic, opening with their per-CPU siblings.
package org.sbench.trace.format.blktrace;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;
import org.sbench.SbenchException;
import org.sbench.trace.TraceReader;
import org.sbench.trace.format.TraceFormat;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.input.TraceHead;
import org.sbench.trace.input.TraceInput;

/**
 * The binary {@code struct blk_io_trace} records {@code blktrace} writes (versions 7 and 8, either
 * byte order); the layout is described on {@link BlktraceReader}. Opening {@code NAME.blktrace.N}
 * opens all {@code NAME.blktrace.<digits>} files beside it, the other CPUs of the same trace.
 * Stateless and thread-safe.
 */
public final class BlktraceFormat implements TraceFormat {
    static final String NAME = "blktrace";
    private static final String CPU_FILE_MARK = ".blktrace.";

    @Override
    public String name() {
        return NAME;
    }

    /**
     * Yes when the head starts with a whole blktrace record (magic and version 7 or 8 in either
     * byte order, a sane payload length) and, if the head holds it, the next record's magic follows.
     */
    @Override
    public boolean sniff(TraceHead head) {
        byte[] bytes = head.bytes();
        if (bytes.length < BlktraceFile.V7_RECORD_BYTES) {
            return false;
        }
        ByteBuffer view = ByteBuffer.wrap(bytes);
        for (ByteOrder order : new ByteOrder[] {ByteOrder.BIG_ENDIAN, ByteOrder.LITTLE_ENDIAN}) {
            view.order(order);
            int next = recordEnd(view, 0);
            if (next > 0 && (next + Integer.BYTES > bytes.length || recordEnd(view, next) > 0)) {
                return true;
            }
        }
        return false;
    }

    /** Where the record at {@code at} ends, 0 if its magic is wrong, -1 if its length is absurd. */
    private static int recordEnd(ByteBuffer view, int at) {
        int magic = view.getInt(at);
        int version = magic & BlktraceFile.VERSION_MASK;
        if ((magic & BlktraceFile.MAGIC_MASK) != BlktraceFile.MAGIC
                || (version != BlktraceFile.VERSION_7 && version != BlktraceFile.VERSION_8)) {
            return 0;
        }
        boolean v7 = version == BlktraceFile.VERSION_7;
        int size = v7 ? BlktraceFile.V7_RECORD_BYTES : BlktraceFile.V8_RECORD_BYTES;
        if (at + size > view.capacity()) {
            // A record cut by the head's end: its magic is all there is to check.
            return at + size;
        }
        int pduLength = view.getShort(at + (v7 ? BlktraceFile.V7_PDU_LEN_OFFSET : BlktraceFile.V8_PDU_LEN_OFFSET)) & 0xffff;
        return pduLength > BlktraceFile.MAX_PDU_BYTES ? -1 : at + size + pduLength;
    }

    @Override
    public TraceReader openReader(TraceInput input, ReadOptions options) {
        return openReader(cpuFiles(input), options);
    }

    /**
     * Opens the per-CPU files of one trace, found by the caller (in a store that is not a local
     * directory), merged by time; {@code cpuFiles} in CPU order, as {@link #sameTrace} gives them.
     */
    public TraceReader openReader(List<TraceInput> cpuFiles, ReadOptions options) {
        return new BlktraceReader(cpuFiles, options);
    }

    /** {@code input} and, when it is a file named {@code NAME.blktrace.N}, its siblings, in CPU order; a pipe alone. */
    static List<TraceInput> cpuFiles(TraceInput input) {
        if (!input.rereadable()) {
            return List.of(input);
        }
        Path path = input.path();
        Path fileName = path.getFileName();
        String name = fileName == null ? "" : fileName.toString();
        if (cpuFilePrefix(name) == null) {
            return List.of(input);
        }
        Path dir = path.toAbsolutePath().getParent();
        List<Path> files = new ArrayList<>();
        try (DirectoryStream<Path> listing = Files.newDirectoryStream(dir)) {
            for (Path p : listing) {
                files.add(p);
            }
        } catch (IOException e) {
            throw SbenchException.ioFailure("list the per-CPU files in", dir, e);
        }
        List<TraceInput> inputs = new ArrayList<>();
        for (Path p : sameTrace(name, files, f -> f.getFileName().toString())) {
            if (Files.isRegularFile(p)) {
                inputs.add(p.getFileName().equals(fileName) ? input : TraceInput.of(p));
            }
        }
        return inputs.isEmpty() ? List.of(input) : inputs;
    }

    /**
     * Of {@code files} (those of one directory), the per-CPU files of the trace that the file named
     * {@code fileName} belongs to, in CPU order (then by name); empty unless {@code fileName} is
     * {@code NAME.blktrace.N}.
     */
    public static <T> List<T> sameTrace(String fileName, List<T> files, Function<T, String> nameOf) {
        String prefix = cpuFilePrefix(fileName);
        List<T> siblings = new ArrayList<>();
        if (prefix == null) {
            return siblings;
        }
        for (T f : files) {
            if (prefix.equals(cpuFilePrefix(nameOf.apply(f)))) {
                siblings.add(f);
            }
        }
        siblings.sort(Comparator.comparingLong((T f) -> cpuNumber(nameOf.apply(f))).thenComparing(nameOf));
        return siblings;
    }

    /** {@code NAME.blktrace.} of a per-CPU file name {@code NAME.blktrace.<digits>}, else null. */
    private static String cpuFilePrefix(String name) {
        int mark = name.lastIndexOf(CPU_FILE_MARK);
        int digits = mark + CPU_FILE_MARK.length();
        if (mark < 0 || digits == name.length()) {
            return null;
        }
        for (int i = digits; i < name.length(); i++) {
            if (name.charAt(i) < '0' || name.charAt(i) > '9') {
                return null;
            }
        }
        return name.substring(0, digits);
    }

    private static long cpuNumber(String name) {
        String digits = name.substring(name.lastIndexOf(CPU_FILE_MARK) + CPU_FILE_MARK.length());
        return digits.length() > 18 ? Long.MAX_VALUE : Long.parseLong(digits);
    }
}
