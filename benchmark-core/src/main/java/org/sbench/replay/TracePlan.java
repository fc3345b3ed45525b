package org.sbench.replay;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.StringJoiner;
import java.util.function.Consumer;
import org.sbench.SbenchException;
import org.sbench.result.ReplayResult;
import org.sbench.trace.Field;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Progress;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.TraceReader;
import org.sbench.trace.format.TraceFormats;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.input.RecordChecks;
import org.sbench.trace.stats.BlockFootprint;
import org.sbench.trace.stats.SequentialWindow;
import org.sbench.trace.stats.StreamsSeen;
import org.sbench.trace.stats.TraceInspector;
import org.sbench.trace.stats.TraceStatistics;
import org.sbench.trace.units.Units;

/**
 * What a replay must know about its trace before the first IO: one streaming pass of statistics
 * (capacity needed per stream, largest IO, deepest recorded queue per stream and over all streams,
 * streams present) and the file's SHA-256 (results of different traces are never compared).
 * Refuses traces the settings cannot replay, with a message naming what to change, and a trace
 * that is not a regular file (a pipe cannot be read a second time); a run replays it as a {@link #source}.
 *
 * <p>The planning pass reads a trace that needs sorting through the sort's window, without
 * spilling ({@link TraceFormats#read}). The run's reading spills: its sort then parses the whole
 * trace into sorted runs before the first IO, and the replay thread decodes those, where parsing
 * text beside the IOs would slow them (a 10 M-record MSR trace replayed on the null target: 2.27 s
 * spilled against 4.15 s streamed, bench/msr-throughput.sh).
 *
 * <p>Memory is bounded whatever the number of streams: the plan of one stream ({@code --stream N}) keeps that stream's
 * row of statistics alone, the others' a row for each of the first {@value TraceInspector.Rows#MAX} streams (as many
 * as {@code --stream all} lays out); the streams beyond are counted in the totals and named in {@code unkept}.
 *
 * @param formats       what read the trace, which the run reads it again with (a compressed trace.dat's copy, when they
 *                      share theirs, made once: {@link TraceFormats#sharingCopies})
 * @param info          what the trace says of itself (how its streams are named, among others)
 * @param stats         the trace's statistics, its streams those given a row
 * @param unkept        the streams given no row, the first {@value StreamsSeen#MAX_KEPT} of them
 * @param combinedMaxQd the deepest recorded queue depth counted over all streams as one device
 *                      (what {@code --stream all} replays); 0 when the trace has no completion times
 */
public record TracePlan(TraceFormats formats, Path path, String from, TraceInfo info, TraceStatistics stats, StreamsSeen unkept,
                        String sha256, int combinedMaxQd) {
    /** Streams named in a message, before how many more there are. */
    private static final int SHOWN = 32;
    private static final int HASH_BUFFER = 1 << 20;
    /**
     * What a replay reads as a bad record: what every reader refuses, and an IO longer than a slot
     * buffer holds ({@link Equipment#MAX_IO_BYTES}), refused at its line or byte before anything
     * is opened or allocated.
     */
    static final RecordChecks REPLAYABLE = RecordChecks.withLongestIo(Equipment.MAX_IO_BYTES,
            "an IO of at most 1 GiB (2^30 bytes), the longest sbench replays");

    /**
     * Plans the trace {@code path}: {@code options.progress()} hears both passes as one, the
     * statistics pass as the first half of twice the file's size, the hash as the second. A record
     * replay cannot issue ({@link #REPLAYABLE}) is a bad record, as the run's reading finds it too.
     * A stop asked of {@code control} abandons the plan ({@link ReplayControl#abandoning}).
     */
    public static TracePlan of(TraceFormats formats, Path path, String from, ReadOptions options, ReplayControl control) {
        return of(formats, path, from, options, IoRecord.NO_STREAM, control);
    }

    /**
     * As {@link #of(TraceFormats, Path, String, ReadOptions, ReplayControl)}, for a replay of stream {@code stream}: a stream
     * id keeps its row alone, {@link IoRecord#NO_STREAM} or {@link ReplaySettings#ALL_STREAMS} those of the first
     * {@value TraceInspector.Rows#MAX} streams.
     */
    public static TracePlan of(TraceFormats formats, Path path, String from, ReadOptions options, int stream,
                               ReplayControl control) {
        // A directory is refused as every reader refuses it (TraceInput): it is no trace, not one to convert first.
        if (Files.exists(path) && !Files.isRegularFile(path) && !Files.isDirectory(path)) {
            throw SbenchException.usage(path + " is not a regular file (a pipe or device): replay reads its trace twice, a"
                    + " planning pass and then the replay, and a pipe can be read once; convert it first (sbench convert "
                    + path + " trace.sbt) and replay that");
        }
        Progress progress = control.abandoning(options.progress(), "planning " + path);
        ReadOptions firstHalf = options.withRecordChecks(REPLAYABLE).withProgress((done, size) -> progress.at(done, 2 * size));
        Pass pass = formats.read(path, from, firstHalf, firstHalf, opened -> {
            CombinedQdReader reader = CombinedQdReader.measuring(opened);
            TraceInspector.Rows rows = stream >= 0 ? TraceInspector.Rows.of(stream) : TraceInspector.Rows.FIRST;
            try (TraceInspector inspector = new TraceInspector(SequentialWindow.DEFAULT_WINDOW, new BlockFootprint(), rows)) {
                TraceStatistics stats = inspector.readAll(reader);
                return new Pass(reader.info(), stats, inspector.unkept(), reader.info().has(Field.COMPLETE) ? reader.maxQd() : 0);
            }
        });
        return new TracePlan(formats, path, from, pass.info, pass.stats, pass.unkept, sha256(path, progress), pass.combinedMaxQd);
    }

    /** What the planning pass found. */
    private record Pass(TraceInfo info, TraceStatistics stats, StreamsSeen unkept, int combinedMaxQd) {
    }

    /** The file's SHA-256; {@code progress} hears the bytes hashed as the second half of twice its size. */
    public static String sha256(Path path, Progress progress) {
        try (InputStream in = Files.newInputStream(path)) {
            long size = Files.size(path);
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            byte[] buf = new byte[HASH_BUFFER];
            long hashed = 0;
            int n;
            while ((n = in.read(buf)) > 0) {
                md.update(buf, 0, n);
                hashed += n;
                progress.at(size + hashed, 2 * size);
            }
            return HexFormat.of().formatHex(md.digest());
        } catch (IOException e) {
            throw SbenchException.ioFailure("read", path, e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is a required JDK algorithm", e);
        }
    }

    /**
     * Checks that {@code settings} can replay this trace (IOs present, the stream named exists or
     * the trace has one, the mode can replay what it records); throws a usage error saying what to change.
     */
    public void check(ReplaySettings settings) {
        if (stats.records() == 0) {
            throw SbenchException.badInput(path.toString(), "the trace has no IOs to replay");
        }
        if (settings.stream() == IoRecord.NO_STREAM && severalStreams()) {
            throw SbenchException.usage("the trace records " + streamCount() + " devices (streams " + streamNames()
                    + "); replay one of them with --stream N, or all on disjoint ranges with --stream all");
        }
        if (settings.stream() == ReplaySettings.ALL_STREAMS && unkept.size() > 0) {
            throw SbenchException.usage(path + ": --stream all lays out at most " + Units.count(TraceInspector.Rows.MAX)
                    + " streams and the trace has " + streamCount() + "; replay one at a time (--stream N)");
        }
        if (settings.stream() >= 0 && stream(settings.stream()) == null) {
            throw SbenchException.usage("the trace has no stream " + settings.streamWord() + "; "
                    + (hasNoStreams() ? "its IOs carry no stream number: replay it without --stream" : "its streams: " + streamNames()));
        }
        settings.mode().check(records(settings.stream()), withoutQd(settings.stream()), stats.durationNs());
    }

    /** IOs of the chosen stream (all streams for none or all). */
    private long records(int streamId) {
        TraceStatistics.StreamRow s = streamId < 0 ? null : stream(streamId);
        return s == null ? stats.records() : s.records();
    }

    /** Trims of the chosen stream (all streams for none or all): a replay of it may send discards when there are any. */
    public long trims(int streamId) {
        TraceStatistics.StreamRow s = streamId < 0 ? null : stream(streamId);
        return s == null ? stats.trims() : s.trims();
    }

    /** IOs of the chosen stream (all streams for none or all) without a recorded queue depth. */
    private long withoutQd(int streamId) {
        TraceStatistics.StreamRow s = streamId < 0 ? null : stream(streamId);
        return s != null ? s.withoutQd() : stats.streams().stream().mapToLong(TraceStatistics.StreamRow::withoutQd).sum();
    }

    /** True when the trace's IOs carry more than one stream number. */
    public boolean severalStreams() {
        return stats.streams().size() + unkept.size() > 1;
    }

    /** True when no IO of the trace carries a stream number. */
    private boolean hasNoStreams() {
        return !severalStreams() && (stats.streams().isEmpty() ? unkept.contains(IoRecord.NO_STREAM)
                : stats.streams().get(0).stream() == IoRecord.NO_STREAM);
    }

    /** How many streams the trace has: "more than N" when there were more than the plan names. */
    private String streamCount() {
        return (unkept.incomplete() ? "more than " : "") + Units.count(stats.streams().size() + unkept.size());
    }

    /** The trace's streams as inspect shows them, comma-separated: the first {@value #SHOWN}, then how many more. */
    private String streamNames() {
        StringJoiner names = new StringJoiner(", ");
        int[] named = {0};
        Consumer<String> name = n -> {
            if (named[0]++ < SHOWN) {
                names.add(n);
            }
        };
        stats.streams().forEach(s -> name.accept(s.name()));
        unkept.forEach(s -> name.accept(info.streamName(s)));
        if (named[0] > SHOWN) {
            names.add("and " + (unkept.incomplete() ? "more than " : "") + Units.count(named[0] - SHOWN) + " more");
        }
        return names.toString();
    }

    private TraceStatistics.StreamRow stream(int id) {
        for (TraceStatistics.StreamRow s : stats.streams()) {
            if (s.stream() == id) {
                return s;
            }
        }
        return null;
    }

    /**
     * The trace as a run's source, replaying stream {@code streamId} (a stream id,
     * {@link IoRecord#NO_STREAM} or {@link ReplaySettings#ALL_STREAMS}), read again with the plan's formats
     * and {@code options} when the run opens it.
     */
    public TraceSource source(int streamId, ReadOptions options) {
        return new Source(this, streamId, options.withRecordChecks(REPLAYABLE));
    }

    /** A planned trace file and the stream chosen: what {@link TraceSource} says, from the plan's one pass. */
    private record Source(TracePlan plan, int streamId, ReadOptions options) implements TraceSource {
        @Override
        public TraceReader open(ReplayMode mode, ReplayControl control) {
            TraceReader opened = plan.stats.reordered() == 0 ? plan.formats.open(plan.path, plan.from, options) : sorted(control);
            return streamId == ReplaySettings.ALL_STREAMS ? combinedDepth(opened, mode) : opened;
        }

        /**
         * The trace opened through its sort, which reads it whole (a file out of issue order) before the first record and
         * so before the run's first IO: until then a stop abandons the reading.
         */
        private TraceReader sorted(ReplayControl control) {
            boolean[] made = {false};
            Progress abandoning = control.abandoning(options.progress(), "sorting " + plan.path + " for the replay");
            TraceReader opened = plan.formats.open(plan.path, plan.from,
                    options.withProgress((done, size) -> (made[0] ? options.progress() : abandoning).at(done, size)));
            made[0] = true;
            return opened;
        }

        /**
         * With {@code --stream all}, which replays the streams as one device, the records with their
         * depth counted over all streams (traces count it per stream): what recorded-qd mode gates on
         * and every mode's fidelity compares against. Without completion times to count it from, the
         * records have none (the depths per stream are not the one device's), and recorded-qd mode,
         * which needs it, is refused when the trace has depths per stream.
         */
        private static TraceReader combinedDepth(TraceReader opened, ReplayMode mode) {
            if (mode instanceof ReplayMode.RecordedQd && opened.info().has(Field.QD) && !opened.info().has(Field.COMPLETE)) {
                opened.close();
                throw SbenchException.usage("--stream all in recorded-qd mode needs the depth over all streams, and this trace"
                        + " records it per stream without completion times to count it from; use --mode timed or --mode fixed-qd --qd N");
            }
            return CombinedQdReader.replacing(opened);
        }

        @Override
        public ReplayResult.TraceIdentity identity(Replayer.Outcome outcome) {
            TraceStatistics stats = plan.stats;
            String name = stats.name() != null ? stats.name() : plan.path.getFileName().toString();
            return new ReplayResult.TraceIdentity(name, plan.path.toAbsolutePath().toString(), stats.format(), plan.sha256,
                    stats.records());
        }

        @Override
        public long plannedIos() {
            return plan.records(streamId);
        }

        @Override
        public long writesAndTrims(ReplayMode mode, ReplayControl control) {
            TraceStatistics.StreamRow s = streamId < 0 ? null : plan.stream(streamId);
            return s == null ? plan.stats.writes() + plan.stats.trims() : s.writes() + s.trims();
        }

        @Override
        public long neededBytes() {
            if (streamId == ReplaySettings.ALL_STREAMS) {
                return layout().totalBytes();
            }
            TraceStatistics.StreamRow s = streamId < 0 ? null : plan.stream(streamId);
            return s == null ? plan.stats.maxOffset() : s.maxOffset();
        }

        @Override
        public long largestIoBytes() {
            return plan.stats.maxIoBytes();
        }

        /** Over all streams when they are replayed together (one device), else the trace's deepest. */
        @Override
        public int recordedMaxQd() {
            return streamId == ReplaySettings.ALL_STREAMS ? plan.combinedMaxQd : plan.stats.qd().max();
        }

        @Override
        public boolean recordedQdKnown() {
            return plan.stats.qd().known();
        }

        @Override
        public StreamLayout layout() {
            return streamId == ReplaySettings.ALL_STREAMS ? StreamLayout.of(plan.stats.streams()) : StreamLayout.NONE;
        }
    }
}
