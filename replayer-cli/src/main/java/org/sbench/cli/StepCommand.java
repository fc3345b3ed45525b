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
            description = {"A block device (/dev/sdX, /dev/nvme0n1, /dev/loopN), an existing file, or null;",
                "or a RAID 0 stripe sbench makes itself: stripe:CHUNK:DEV,DEV[,...] (e.g. stripe:64K:/dev/nvme0n1,/dev/nvme1n1)."})
    String target;

    @Mixin
    TargetOptions targetOptions;

    @Mixin
    ProgressOptions progress;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Write a bundle of this one step into DIR (new or empty): bundle.json and each run's result, which report"
                    + " and compare read.")
    Path out;

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
        Step step = factory.apply(stepOptions());
        checkOut();
        PrintWriter err = spec.commandLine().getErr();
        try (OutputDirectory dir = out == null ? null : new OutputDirectory("--out", out);
             StopSignals stop = new StopSignals()) {
            stop.noteIgnoredCtrlC(err, "");
            StepResult r = StepSession.run(step, target, targetOptions.settings(), out, NanoClock.SYSTEM,
                    new StepProgress(progress.line(spec)), stop.control(), SbenchCommand.version());
            PrintWriter stdout = spec.commandLine().getOut();
            new StepTable().write(r, target, stdout);
            if (dir != null) {
                dir.keep();
                stdout.println("bundle   " + out);
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
            return ExitCodes.ofRun(stop, errors);
        }
    }

    /** The step's options the user gave, as written (its {@code --engine} among them where it has one). */
    private Map<String, String> stepOptions() {
        Map<String, String> given = new LinkedHashMap<>();
        for (OptionSpec o : spec.commandLine().getParseResult().matchedOptions()) {
            String name = o.longestName().substring(2);
            List<String> values = o.originalStringValues();
            if (optionNames.contains(name)) {
                given.put(name, values.get(values.size() - 1));
            }
        }
        return given;
    }

    /** A bundle goes into a new or empty directory only, so that none is ever written over. */
    private void checkOut() {
        if (out == null || !Files.isDirectory(out)) {
            return;
        }
        try (Stream<Path> entries = Files.list(out)) {
            if (entries.findAny().isPresent()) {
                throw SbenchException.usage("--out " + out + " is not empty; give a new or empty directory for the bundle");
            }
        } catch (IOException e) {
            throw SbenchException.ioFailure("list", out, e);
        }
    }
}
