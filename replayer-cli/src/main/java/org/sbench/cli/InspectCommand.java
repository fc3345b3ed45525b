package org.sbench.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.Callable;
import org.sbench.result.TextTable;
import org.sbench.trace.IncompleteRecording;
import org.sbench.trace.RequestLines;
import org.sbench.trace.format.TraceFormats;
import org.sbench.trace.stats.SequentialWindow;
import org.sbench.trace.stats.TraceInspector;
import org.sbench.trace.stats.TraceStatistics;
import org.sbench.trace.units.Units;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code sbench inspect TRACE}: what is in a trace, as a reviewer states it. */
@Command(name = "inspect", mixinStandardHelpOptions = true,
        footer = {
            "  sbench inspect workday.sbt",
            "  sbench inspect hm_1.csv.gz",
            "  sbench inspect trace.blktrace.0 --json"},
        description = "Show what a trace contains: IOs by op, bytes, duration, size classes, %% sequential, recorded queue depth.")
final class InspectCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "TRACE", description = "Trace file (any supported format; .gz/.xz/.bz2/.zst read transparently), a pipe, - for standard input,"
            + " or a bundled workload (sbench traces).")
    Path trace;

    @Mixin
    TraceOptions traceOptions;

    @Option(names = "--json", description = "Print one JSON object instead of tables.")
    boolean json;

    @Option(names = "--seq-window", paramLabel = "N", defaultValue = "" + SequentialWindow.DEFAULT_WINDOW,
            description = "An IO is sequential if it starts where one of the previous N IOs of its stream ended (default: ${DEFAULT-VALUE}).")
    int seqWindow;

    @Mixin
    ProgressOptions progress;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        SequentialWindow.option(seqWindow, TypedWords.of(spec, "--seq-window"));
        Inspected inspected;
        Path path;
        try (StopSignals stop = StopSignals.interruptingThisThread()) {
            ProgressLine line = progress.line(spec);
            try {
                path = TraceOptions.resolve(trace.toString(), line);
                inspected = inspect(path, line);
            } catch (RuntimeException e) {
                return stop.interrupted(e, spec.commandLine().getErr(), trace + " not inspected");
            } finally {
                line.end();
            }
        }
        TraceStatistics stats = inspected.stats();
        TraceOptions.warnIfCut(spec.commandLine().getErr(), path, stats.incompleteLastLine());
        if (inspected.incompleteRecording() != null) {
            SbenchCommand.warn(spec.commandLine().getErr(), "warning: " + trace + ": " + inspected.incompleteRecording());
        }
        PrintWriter out = json ? spec.commandLine().getOut() : OutputOptions.text(spec);
        if (json) {
            out.println(toJson(stats));
        } else {
            printTables(out, stats);
        }
        out.flush();
        return ExitCodes.OK;
    }

    /** The trace read through, again should its sort need to spill: a compressed trace.dat copied once for both readings. */
    private Inspected inspect(Path path, ProgressLine line) {
        try (TraceFormats formats = TraceFormats.sharingCopies()) {
            return formats.read(path, traceOptions.from, traceOptions.readOptions(line, "reading " + trace),
                    traceOptions.rereadOptions(line, "reading " + trace),
                    reader -> new Inspected(TraceInspector.inspect(reader, seqWindow),
                            IncompleteRecording.describe(reader.info().metadata())));
        }
    }

    /** The statistics as JSON; size classes carry their name under the key {@code class}. */
    static String toJson(TraceStatistics stats) throws Exception {
        ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        ObjectNode root = mapper.valueToTree(stats);
        ArrayNode classes = mapper.createArrayNode();
        for (Iterator<com.fasterxml.jackson.databind.JsonNode> it = root.get("sizeClasses").elements(); it.hasNext();) {
            ObjectNode row = (ObjectNode) it.next();
            ObjectNode renamed = classes.addObject();
            for (Iterator<Map.Entry<String, com.fasterxml.jackson.databind.JsonNode>> f = row.fields(); f.hasNext();) {
                Map.Entry<String, com.fasterxml.jackson.databind.JsonNode> e = f.next();
                renamed.set(e.getKey().equals("sizeClass") ? "class" : e.getKey(), e.getValue());
            }
        }
        root.set("sizeClasses", classes);
        return mapper.writeValueAsString(root);
    }

    private void printTables(PrintWriter out, TraceStatistics s) {
        out.println("trace        " + trace + " (format " + s.format() + (s.name() == null ? "" : ", name " + s.name()) + ")");
        out.println("IOs          " + Units.count(s.records()) + ": " + Units.count(s.reads()) + " reads, "
                + Units.count(s.writes()) + " writes, " + Units.count(s.trims()) + " trims, " + Units.count(s.flushes()) + " flushes");
        out.println("bytes        " + Units.bytes(s.bytesRead()) + " read, " + Units.bytes(s.bytesWritten()) + " written"
                + (s.trims() > 0 ? ", " + Units.bytes(s.bytesTrimmed()) + " trimmed" : ""));
        out.println("duration     " + Units.duration(s.durationNs()) + " (first to last issue)");
        out.println("sequential   " + Units.pct(s.sequentialPct()) + " of reads and writes (window " + seqWindow + " IOs)");
        if (s.qd().known()) {
            out.println("queue depth  average " + String.format(java.util.Locale.ROOT, "%.2f", s.qd().avg())
                    + ", " + Units.pct(s.qd().qd1Pct()) + " of IOs at QD 1 (recorded)");
        } else {
            out.println("queue depth  not recorded (" + (s.withoutCompletion() == s.records() ? "the trace has no completion times"
                    : Units.count(s.withoutCompletion()) + " of " + Units.count(s.records()) + " IOs have no completion time") + ")");
        }
        out.println("max offset   " + Units.count(s.maxOffset()) + " bytes (" + Units.bytes(s.maxOffset()) + ": capacity needed)");
        out.println("footprint    " + Units.count(s.distinct4kBlocks()) + " distinct 4 KiB blocks read or written ("
                + Units.bytes(s.distinct4kBlocks() * 4096) + ", exact" + (s.otherStreams() == null ? ""
                : ", of the " + Units.count(s.streams().size()) + " streams with a row, not the " + others(s.otherStreams())) + ")");
        out.println("reordered    " + Units.count(s.reordered()) + " records moved into issue order; skipped "
                + Units.count(s.skipped()) + " bad records"
                + (s.incompleteLastLine() > 0 ? "; last line incomplete (line " + Units.count(s.incompleteLastLine()) + ", not read)" : ""));
        RequestLines.of(s.requests(), 13).forEach(out::println);
        out.println();
        TextTable sizes = new TextTable("size", "IOs", "% IOs", "bytes", "% bytes", "reads", "writes");
        for (TraceStatistics.SizeClassRow r : s.sizeClasses()) {
            sizes.row(r.sizeClass(), Units.count(r.count()), Units.pct(r.pct()), Units.bytes(r.bytes()), Units.pct(r.bytesPct()),
                    Units.count(r.reads()), Units.count(r.writes()));
        }
        sizes.print(out, "");
        if (s.qd().known()) {
            out.println();
            TextTable qd = new TextTable("recorded QD", "IOs", "% IOs");
            for (TraceStatistics.QdRow r : s.qd().histogram()) {
                qd.row(r.qd(), Units.count(r.count()), Units.pct(r.pct()));
            }
            qd.print(out, "");
        }
        if (s.streams().size() > 1 || (s.streams().size() == 1 && s.streams().get(0).stream() >= 0)) {
            out.println();
            boolean someWithout = s.withoutCompletion() > 0 && s.withoutCompletion() < s.records();
            TextTable st = someWithout ? new TextTable("stream", "IOs", "reads", "writes", "read", "written", "no completion")
                    : new TextTable("stream", "IOs", "reads", "writes", "read", "written");
            for (TraceStatistics.StreamRow r : s.streams()) {
                streamRow(st, someWithout, r.name(), r);
            }
            if (s.otherStreams() != null) {
                streamRow(st, someWithout, others(s.otherStreams()) + " summed", s.otherStreams().summed());
            }
            st.print(out, "");
        }
        if (!s.phases().isEmpty()) {
            out.println();
            TextTable ph = new TextTable("phase", "at");
            for (TraceStatistics.Phase p : s.phases()) {
                ph.row(p.name(), Units.duration(p.timeNs()));
            }
            ph.print(out, "");
        }
    }

    private static void streamRow(TextTable table, boolean someWithout, String name, TraceStatistics.StreamRow r) {
        String[] cells = {name, Units.count(r.records()), Units.count(r.reads()), Units.count(r.writes()), Units.bytes(r.bytesRead()),
            Units.bytes(r.bytesWritten()), Units.count(r.withoutCompletion())};
        table.row(someWithout ? cells : java.util.Arrays.copyOf(cells, cells.length - 1));
    }

    /** "N other streams", "more than N other streams" when not all were counted. */
    private static String others(TraceStatistics.OtherStreams o) {
        return (o.moreStreams() ? "more than " : "") + Units.count(o.streams()) + " " + TraceStatistics.OtherStreams.NAME;
    }

    /** A trace's statistics, and what its metadata says if it is an incomplete recording (null if not). */
    private record Inspected(TraceStatistics stats, String incompleteRecording) {
    }
}
