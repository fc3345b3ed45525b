package org.sbench.trace.format;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.StringJoiner;
import java.util.function.Function;
import org.sbench.SbenchException;
import org.sbench.trace.TraceReader;
import org.sbench.trace.format.alibaba.AlibabaFormat;
import org.sbench.trace.format.blkparse.BlkparseFormat;
import org.sbench.trace.format.blktrace.BlktraceFormat;
import org.sbench.trace.format.csv.CsvTraceFormat;
import org.sbench.trace.format.etw.EtwFormat;
import org.sbench.trace.format.fioiolog.FioIologFormat;
import org.sbench.trace.format.fiu.FiuFormat;
import org.sbench.trace.format.msr.MsrFormat;
import org.sbench.trace.format.spc.SpcFormat;
import org.sbench.trace.format.systor.SystorFormat;
import org.sbench.trace.format.tracecmd.DatCopies;
import org.sbench.trace.format.tracecmd.TraceCmdFormat;
import org.sbench.trace.format.tracefs.TracefsFormat;
import org.sbench.trace.format.tencent.TencentFormat;
import org.sbench.trace.format.sbt.SbtFormat;
import org.sbench.trace.input.LineCursor;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.input.TraceHead;
import org.sbench.trace.input.TraceInput;
import org.sbench.trace.sort.ExternalSorter;
import org.sbench.trace.sort.SortWindowExceeded;
import org.sbench.trace.sort.SpillSpace;

/**
 * The supported formats, in the order detection tries them (binary and header-marked formats
 * first, loosely shaped CSV last), and the one way to open a trace: detect or choose the format,
 * sort by issue time when the format does not guarantee order, rebase the clock and compute the
 * recorded queue depth. {@link #close} frees what {@link #sharingCopies} holds; nothing else needs closing.
 */
public final class TraceFormats implements AutoCloseable {
    private final List<TraceFormat> formats;
    private final Path tempDir;
    /** The trace.dat copies the readings share, closed with these formats; null when each reading copies for itself. */
    private final DatCopies copies;

    public TraceFormats(List<TraceFormat> formats, Path tempDir) {
        this(formats, tempDir, null);
    }

    private TraceFormats(List<TraceFormat> formats, Path tempDir, DatCopies copies) {
        this.formats = List.copyOf(formats);
        this.tempDir = tempDir;
        this.copies = copies;
    }

    /** Every format sbench knows, spills of the sort (and a trace.dat's copies, one a reading) going to {@code java.io.tmpdir}. */
    public static TraceFormats standard() {
        return standard(null);
    }

    /**
     * As {@link #standard()}, for a command that reads a trace more than once: a compressed trace.dat is copied into the
     * temporary directory by its first reading alone, and the copy read by the later ones until {@link #close}.
     */
    public static TraceFormats sharingCopies() {
        return standard(new DatCopies());
    }

    private static TraceFormats standard(DatCopies copies) {
        Path tempDir = Path.of(System.getProperty("java.io.tmpdir"));
        List<TraceFormat> all = new ArrayList<>();
        all.add(new SbtFormat());
        all.add(new BlktraceFormat());
        all.add(new TraceCmdFormat(tempDir, copies));
        all.add(new CsvTraceFormat());
        all.add(new FioIologFormat());
        all.add(new EtwFormat());
        all.add(new TracefsFormat());
        all.add(new BlkparseFormat());
        all.add(new MsrFormat());
        all.add(new SystorFormat());
        all.add(new AlibabaFormat());
        all.add(new TencentFormat());
        all.add(new SpcFormat());
        all.add(new FiuFormat());
        return new TraceFormats(all, tempDir, copies);
    }

    /** Frees the copies {@link #sharingCopies} holds (their room in the temporary directory). */
    @Override
    public void close() {
        if (copies != null) {
            copies.close();
        }
    }

    public List<TraceFormat> all() {
        return formats;
    }

    /** The format a user named; a usage error listing the names otherwise. */
    public TraceFormat byName(String name) {
        for (TraceFormat f : formats) {
            if (f.name().equalsIgnoreCase(name)) {
                return f;
            }
        }
        throw SbenchException.usage("unknown trace format " + SbenchException.quoted(name) + "; known formats: " + names(false));
    }

    /**
     * The first format whose sniff accepts the input's head, and when none does, the first that
     * accepts it with one damaged line among its first ({@link TraceHead#withOneBadLineAllowed}: its
     * reader then names that line, or skips it with --skip-bad); an error listing those tried otherwise,
     * which names the line and byte where binary data starts when text came before it (a damaged
     * file: text formats are not recognised in a head that is not all text).
     */
    public TraceFormat detect(TraceInput input) {
        if (input.head().length() == 0) {
            throw SbenchException.badInput(input.displayName(), "empty file, expected a trace");
        }
        Optional<TraceFormat> format = recognise(input.head());
        if (format.isPresent()) {
            return format.get();
        }
        if (isTarArchive(input.head())) {
            throw SbenchException.badInput(input.displayName(), "a tar archive, not a trace (some trace sets come as .tar.gz"
                    + " or .tgz); extract it (tar xf) and name the trace files in it");
        }
        SbenchException utf16 = LineCursor.utf16(input.displayName(), input.head().bytes());
        if (utf16 != null) {
            throw utf16;
        }
        TraceHead.BinaryStart hole = input.head().binaryAfterText();
        if (hole != null) {
            throw SbenchException.badInput(input.displayName() + ":" + hole.line(), "binary data (a NUL byte) at byte "
                    + hole.byteOffset() + " after text (a damaged file?), so the format cannot be detected (tried " + names(false) + ")");
        }
        throw SbenchException.badInput(input.displayName(), "not a trace format sbench recognises (tried "
                + names(false) + "); name one with --from");
    }

    /**
     * The first format whose sniff accepts {@code head}, else the first that accepts it with one
     * damaged line ({@link #detect}); empty for an empty head or one no format accepts.
     */
    public Optional<TraceFormat> recognise(TraceHead head) {
        if (head.length() == 0) {
            return Optional.empty();
        }
        for (TraceHead h : List.of(head, head.withOneBadLineAllowed())) {
            for (TraceFormat f : formats) {
                if (f.sniff(h)) {
                    return Optional.of(f);
                }
            }
        }
        return Optional.empty();
    }

    /** Where a tar header block holds its magic: POSIX "ustar\0", GNU "ustar ". */
    private static final int TAR_MAGIC_OFFSET = 257;
    private static final byte[] TAR_MAGIC = "ustar".getBytes(StandardCharsets.US_ASCII);

    /** True when {@code head} is a tar archive's (a trace set as it comes, not a trace). */
    public static boolean isTarArchive(TraceHead head) {
        byte[] b = head.bytes();
        return b.length >= TAR_MAGIC_OFFSET + TAR_MAGIC.length && Arrays.equals(b, TAR_MAGIC_OFFSET,
                TAR_MAGIC_OFFSET + TAR_MAGIC.length, TAR_MAGIC, 0, TAR_MAGIC.length);
    }

    /** What names a compressed file, which sbench's writers do not make. */
    private static final List<String> COMPRESSED_SUFFIXES = List.of(".gz", ".xz", ".bz2", ".zst");

    /**
     * The writable format for {@code out}: {@code to} if given, else by the file's extension. A
     * name of a compressed file ({@code .gz} ...) is refused: writers do not compress, and plain
     * text under such a name would mislead every other program.
     */
    public TraceFormat forOutput(Path out, String to) {
        String name = out.getFileName() == null ? "" : out.getFileName().toString().toLowerCase(Locale.ROOT);
        for (String suffix : COMPRESSED_SUFFIXES) {
            if (name.endsWith(suffix)) {
                throw SbenchException.usage("'" + out.getFileName() + "' names a " + suffix + " file, and sbench writes traces"
                        + " uncompressed; write '" + out.getFileName().toString().substring(0, name.length() - suffix.length())
                        + "' and compress it after (sbench reads it compressed)");
            }
        }
        TraceFormat f;
        if (to != null) {
            f = byName(to);
        } else {
            f = byExtension(out);
        }
        if (!f.writes()) {
            throw SbenchException.usage("format " + f.name() + " cannot be written; writable formats: " + names(true));
        }
        return f;
    }

    private TraceFormat byExtension(Path out) {
        String file = out.getFileName().toString().toLowerCase(Locale.ROOT);
        int dot = file.lastIndexOf('.');
        String ext = dot < 0 ? "" : file.substring(dot + 1);
        for (TraceFormat f : formats) {
            if (f.writes() && f.extensions().contains(ext)) {
                return f;
            }
        }
        StringJoiner endings = new StringJoiner(", ");
        for (TraceFormat f : formats) {
            if (f.writes()) {
                endings.add("." + f.extensions().get(0));
            }
        }
        // synth has no --to: the name's ending is the one way every command takes.
        throw SbenchException.usage("cannot tell the output format from '" + out.getFileName() + "'; end the name with "
                + endings + " (convert also takes --to with one of: " + names(true) + ")");
    }

    /** The names of all formats, or only the writable ones, comma-separated. */
    public String names(boolean writableOnly) {
        StringJoiner j = new StringJoiner(", ");
        for (TraceFormat f : formats) {
            if (!writableOnly || f.writes()) {
                j.add(f.name());
            }
        }
        return j.toString();
    }

    /**
     * Opens {@code path} as a trace: records come in issue order, times relative to the first
     * issue, with recorded queue depth when completion times exist.
     *
     * @param from a format name, or null to detect it
     */
    public TraceReader open(Path path, String from, ReadOptions options) {
        return open(TraceInput.of(path, options.progress()), from, options);
    }

    /**
     * Opens {@code input} as a trace, as {@link #open(Path, String, ReadOptions)} does a file; a
     * pipe or stream is read once, from the head detection looked at on.
     */
    public TraceReader open(TraceInput input, String from, ReadOptions options) {
        return open(input, from, options, false);
    }

    private TraceReader open(TraceInput input, String from, ReadOptions options, boolean rereadable) {
        TraceFormat format = from == null ? detect(input) : byName(from);
        return inIssueOrder(format.openReader(input, options), options, rereadable, input.displayName());
    }

    /**
     * Opens {@code path} as {@link #open(Path, String, ReadOptions)} does and hands the reader to
     * {@code use}, for a caller that can start over; closes the reader. A regular file can be read
     * twice, so its sort does not spill when its memory fills: records go on from a window of that
     * many ({@link ExternalSorter}, {@code rereadable}). Should a record be further out of order
     * than the window holds, {@code use} is abandoned and the file read again, with {@code again}'s
     * options, by a sort that spills: {@code use} must leave nothing behind when it throws (a trace
     * writer closed unfinished leaves no file). A pipe is read once, by a sort that spills.
     */
    public <T> T read(Path path, String from, ReadOptions options, ReadOptions again, Function<TraceReader, T> use) {
        if (!Files.isRegularFile(path)) {
            return readSpilling(path, from, options, use);
        }
        try (TraceReader reader = open(TraceInput.of(path, options.progress()), from, options, true)) {
            return use.apply(reader);
        } catch (SortWindowExceeded e) {
            return readSpilling(path, from, again, use);
        }
    }

    private <T> T readSpilling(Path path, String from, ReadOptions options, Function<TraceReader, T> use) {
        try (TraceReader reader = open(path, from, options)) {
            return use.apply(reader);
        }
    }

    /**
     * The stages of {@link #open} after the format's reader: sorts {@code raw} by issue time unless
     * it guarantees that order, moves the clock's zero to the first issue and computes the recorded
     * queue depth when completion times exist. For callers that open a format's reader themselves
     * (a byte range of a file, the per-CPU files of a blktrace trace found elsewhere); {@code raw}
     * is closed with the returned reader, or here if this fails.
     */
    public TraceReader inIssueOrder(TraceReader raw, ReadOptions options) {
        String name = raw.info().name();
        return inIssueOrder(raw, options, false, name != null ? name : raw.info().sourceFormat() + " trace");
    }

    private TraceReader inIssueOrder(TraceReader raw, ReadOptions options, boolean rereadable, String displayName) {
        TraceReader ordered = raw.inIssueOrder() ? raw : new ExternalSorter(raw, options.sortMemoryRecords(),
                SpillSpace.sorting(displayName, tempDir), rereadable);
        try {
            return new TimelineReader(ordered, displayName);
        } catch (RuntimeException e) {
            ordered.close();
            throw e;
        }
    }
}
