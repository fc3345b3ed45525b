package org.sbench.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Function;
import java.util.stream.Stream;
import org.sbench.SbenchException;
import org.sbench.replay.NanoClock;
import org.sbench.result.IoErrorSummary;
import org.sbench.result.ReplayResult;
import org.sbench.result.JsonResults;
import org.sbench.result.OutputFiles;
import org.sbench.step.Bundle;
import org.sbench.step.BundleJson;
import org.sbench.step.Step;
import org.sbench.step.StepResult;
import org.sbench.step.StepSession;
import org.sbench.step.StepTable;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * What the drive-state step commands ({@code purge}, {@code fill}, {@code torture}, {@code sweep},
 * {@code idle}) share: the target and its guards, the options of the step handed as written to the
 * step's own factory (so that the command and a scenario file read them alike), progress on a
 * terminal, Ctrl-C / SIGTERM / SIGHUP as replay has them, the result table, a bundle of the one step
 * with {@code --out}, and the exit status of a run.
 */
abstract class StepCommand implements Callable<Integer> {
    @Option(names = "--target", required = true, paramLabel = "TARGET",
            description = {"A block device (/dev/sdX, /dev/nvme0n1, /dev/loopN), a file (existing, or created at --size), or null;",
                "or a RAID 0 stripe sbench makes itself: stripe:CHUNK:DEV,DEV[,...] (e.g. stripe:64K:/dev/nvme0n1,/dev/nvme1n1)."})
    String target;

    @Mixin
    TargetOptions targetOptions;

    @Mixin
    TargetSizeOption size;

    @Mixin
    ProgressOptions progress;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Write a bundle of this one step into DIR (new or empty): bundle.json, steps.jsonl and each run's"
                    + " result, which report and compare read; '-': as --json.")
    Path out;

    @Option(names = "--json", description = "Print the step as one JSON document on standard output, the bundle's head"
            + " (bundle.json) with its step log (steps.jsonl), each run's result in its run; the table goes to stderr.")
    boolean json;

    @Spec
    CommandSpec spec;

    private final Function<Map<String, String>, Step> factory;
    private final List<String> optionNames;

    /**
     * @param factory     the step's factory, which validates its options (usage errors naming the option)
     * @param optionNames the names (without dashes) of the step's options: the command's options of these
     *                    names go to {@code factory} as the user wrote them
     */
    StepCommand(Function<Map<String, String>, Step> factory, List<String> optionNames) {
        this.factory = factory;
        this.optionNames = optionNames;
    }

    @Override
    public Integer call() {
        Map<String, String> given = stepOptions();
        Step step = Step.applying(factory.apply(given), given.keySet());
        Path stdoutJson = OutputOptions.stdoutJson(json, out);
        Path bundleDir = OutputOptions.directory(out);
        checkOut(bundleDir);
        PrintWriter err = spec.commandLine().getErr();
        try (OutputDirectory dir = bundleDir == null ? null : new OutputDirectory("--out", bundleDir);
             StopSignals stop = new StopSignals()) {
            stop.noteIgnoredCtrlC(err, "");
            PrintWriter stdout = OutputOptions.text(spec, stdoutJson);
            ProgressLine progressLine = progress.line(spec);
            Bundle bundle;
            try {
                bundle = StepSession.bundle(step, target, size.applyTo(targetOptions.settings()), bundleDir, NanoClock.SYSTEM,
                        new StepProgress(progressLine), stop.control(), SbenchCommand.version(), ran -> {
                            // A step stopped in work that is no IO run (a purge, an idle wait) left its line open.
                            progressLine.end();
                            new StepTable().write(ran, target, stdout);
                            stdout.flush();
                        });
            } catch (SbenchException e) {
                progressLine.end();
                return stop.abandoned(e, err, "nothing done, no bundle written");
            }
            StepResult r = bundle.steps().get(0);
            if (stdoutJson != null) {
                try (OutputFiles files = new OutputFiles()) {
                    new JsonResults().writeValue(BundleJson.withResults(bundle), stdoutJson, files);
                    files.commit();
                }
            }
            if (dir != null) {
                dir.keep();
                stdout.println("bundle   " + bundleDir);
            }
            stdout.flush();
            long errors = 0;
            for (ReplayResult run : r.results()) {
                errors += run.summary().errors();
                String line = IoErrorSummary.of(run);
                if (line != null) {
                    SbenchCommand.warn(err, line);
                }
            }
            return ExitCodes.ofRun(stop, r.complete(), errors);
        }
    }

    /** The step's options the user gave, as written (its {@code --engine} among them where it has one). */
    private Map<String, String> stepOptions() {
        Map<String, String> given = new LinkedHashMap<>();
        for (OptionSpec o : spec.commandLine().getParseResult().matchedOptions()) {
            String name = o.longestName().substring(2);
            if (optionNames.contains(name)) {
                given.put(name, TypedWords.of(o));
            }
        }
        return given;
    }

    /** A bundle goes into a new or empty directory only, so that none is ever written over. */
    private static void checkOut(Path bundleDir) {
        if (bundleDir == null || !Files.isDirectory(bundleDir)) {
            return;
        }
        try (Stream<Path> entries = Files.list(bundleDir)) {
            if (entries.findAny().isPresent()) {
                throw SbenchException.usage("--out " + bundleDir + " is not empty; give a new or empty directory for the bundle");
            }
        } catch (IOException e) {
            throw SbenchException.ioFailure("list", bundleDir, e);
        }
    }
}
