package org.sbench.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.sbench.SbenchException;
import org.sbench.replay.NanoClock;
import org.sbench.replay.ReplayControl;
import org.sbench.replay.ReplaySession;
import org.sbench.replay.ReplaySettings;
import org.sbench.result.HtmlReportWriter;
import org.sbench.result.JsonResults;
import org.sbench.result.OutputFiles;
import org.sbench.result.ReplayResult;
import org.sbench.result.TableResultWriter;
import org.sbench.synth.BundledTraceCache;
import org.sbench.target.TargetSettings;
import org.sbench.trace.input.ReadOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code sbench demo}: the main job on an embedded default. Replays the bundled light-2010
 * reconstruction (recorded QD, idle capped at 25 ms) against a scratch file in a temporary
 * directory, prints the Storage Bench table and writes the JSON result and the HTML report. No
 * device, no root.
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
        footer = {
            "  sbench demo",
            "  sbench demo --dir demo/ --json"},
        description = "Replay the bundled light-2010 workload against a scratch file and show the results (no device or root needed).")
final class DemoCommand implements Callable<Integer> {
    private static final String WORKLOAD = "light-2010";
    /** The file in the directory that the workload is replayed onto, deleted after. */
    private static final String SCRATCH = "scratch.img";
    /** demo takes no --size: a scratch file with too little room is another --dir's business. */
    private static final String ROOM_ADVICE = "give demo a --dir on a file system with more room";

    @Option(names = "--dir", paramLabel = "DIR", description = "Where the scratch file and results go (default: a new temporary directory).")
    Path dir;

    @Option(names = "--json", description = "Also print the result as JSON on standard output (the tables go to stderr).")
    boolean json;

    @Mixin
    ProgressOptions progress;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = OutputOptions.text(spec, OutputOptions.json(json));
        ProgressLine line = progress.line(spec);
        if (dir != null) {
            // Before the workload is made: a --dir that cannot be one was refused only after it.
            OutputDirectory.check("--dir", dir);
            // A file there of that name is the user's: the replay was refused it, and the deletion after took it.
            Path scratch = dir.resolve(SCRATCH);
            if (Files.exists(scratch, LinkOption.NOFOLLOW_LINKS)) {
                throw SbenchException.usage("--dir " + dir + ": " + scratch + " is there already, and demo replays onto a new"
                        + " scratch file of that name and deletes it: move it away, or give another --dir");
            }
        }
        // The bundled workload, even where a file of its name is in the working directory, made before the stop signals are
        // taken, as replay makes its own: a signal while it is made ends sbench at once, and the cache keeps no part of it.
        Path trace = BundledTraceCache.forUser().trace(WORKLOAD, BundledTraceCache.DEFAULT_SEED, TraceOptions.generating(line, WORKLOAD));
        try (OutputDirectory work = dir != null ? new OutputDirectory("--dir", dir) : OutputDirectory.temporary("sbench-demo-");
             StopSignals stop = new StopSignals()) {
            stop.noteIgnoredCtrlC(spec.commandLine().getErr(), "");
            out.println("sbench demo: replaying " + WORKLOAD + " (a synthetic reconstruction of the Storage Bench 2010 light trace) "
                    + "against a scratch file in " + work.path());
            out.flush();
            ReplayResult result;
            try {
                result = replay(trace, work.path().resolve(SCRATCH), stop.control(), line);
            } catch (SbenchException e) {
                return stop.abandoned(e, spec.commandLine().getErr(), "nothing replayed, no result written");
            }
            report(result, work.path());
            work.keep();
            return ExitCodes.ofRun(stop, result.complete(), result.summary().errors());
        }
    }

    /** Replays {@code trace} onto the file {@code scratch}, which is deleted after. */
    private ReplayResult replay(Path trace, Path scratch, ReplayControl control, ProgressLine line) {
        ReplayProgress progress = ReplayProgress.ofTrace(line, WORKLOAD);
        try {
            return ReplaySession.run(new ReplaySession.Request(trace, null, ReadOptions.DEFAULTS.withProgress(progress), scratch.toString(),
                    TargetSettings.DEFAULTS.withRoomAdvice(ROOM_ADVICE), ReplaySettings.DEFAULTS), NanoClock.SYSTEM, progress, control, SbenchCommand.version());
        } finally {
            line.end();
            try {
                Files.deleteIfExists(scratch);
            } catch (IOException e) {
                throw SbenchException.ioFailure("delete the scratch file", scratch, e);
            }
        }
    }

    private void report(ReplayResult result, Path work) {
        Path stdoutJson = OutputOptions.json(json);
        PrintWriter out = OutputOptions.text(spec, stdoutJson);
        out.println();
        new TableResultWriter().write(result, out);
        Path jsonFile = work.resolve(WORKLOAD + ".json");
        Path html = work.resolve(WORKLOAD + ".html");
        try (OutputFiles files = new OutputFiles()) {
            new JsonResults().write(result, jsonFile, files);
            new HtmlReportWriter().write(result, html, files);
            if (stdoutJson != null) {
                new JsonResults().write(result, stdoutJson, files);
            }
            files.commit();
        }
        out.println();
        out.println("JSON result: " + jsonFile);
        out.println("HTML report: " + html + " (self-contained; open it in any browser)");
        out.println("The scratch file sits on whatever holds " + work + "; replay onto a drive with:");
        out.println("  ./sbench replay " + WORKLOAD + " --target /dev/sdX --allow-write   (destroys its data)");
        out.flush();
    }
}
