package org.sbench.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.sbench.SbenchException;
import org.sbench.replay.NanoClock;
import org.sbench.scenario.PlannedStep;
import org.sbench.scenario.ScaledOption;
import org.sbench.scenario.Scenario;
import org.sbench.scenario.ScenarioBundle;
import org.sbench.scenario.ScenarioFile;
import org.sbench.scenario.ScenarioListener;
import org.sbench.scenario.ScenarioOutcome;
import org.sbench.scenario.ScenarioReport;
import org.sbench.scenario.ScenarioSession;
import org.sbench.scenario.StepKinds;
import org.sbench.scenario.StepNumbers;
import org.sbench.scenario.StepTable;
import org.sbench.result.IoErrorSummary;
import org.sbench.result.JsonResults;
import org.sbench.result.OutputFiles;
import org.sbench.step.BundleDirectory;
import org.sbench.step.StepResult;
import org.sbench.target.NullTarget;
import org.sbench.target.TargetSettings;
import org.sbench.target.Targets;
import org.sbench.trace.input.OutputPath;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code sbench run SCENARIO --target T --out BUNDLE/}: a scenario's steps on one drive, into one bundle. */
@Command(name = "run", mixinStandardHelpOptions = true,
        footer = {
            "  sbench run consistency --target s.img --size 8G --out try/ --scale 0.01",
            "  sbench run consistency --target /dev/nvme1n1 --allow-write --out drive-a/",
            "  sbench run --resume drive-a/ --target /dev/nvme1n1 --allow-write",
            "  sbench run my.yaml --target /dev/nvme1n1 --allow-write --out drive-b/"},
        description = {"Run a scenario (a file, or a bundled one: sbench scenarios) step by step on one target, opened and locked"
                + " once, and write one bundle: every step's result, the drive's state log and BUNDLE/report.html.",
            "Ctrl-C or SIGTERM stops the step running then (recorded incomplete) and the run; --resume BUNDLE/ continues at the"
                + " first step not finished, running a stopped step again from its start.",
            "Steps that write destroy data on a block device or an existing file: they need --allow-write (and --force over a"
                + " filesystem or partition table); a file sbench creates (with --size) needs neither."})
final class RunCommand implements Callable<Integer> {
    @Parameters(index = "0", arity = "0..1", paramLabel = "SCENARIO",
            description = "A scenario file (YAML or JSON) or a bundled scenario; with --resume, the bundle's own copy when not given.")
    String scenario;

    @Option(names = "--target", required = true, paramLabel = "TARGET",
            description = {"A block device, a file (created at --size, or existing), or null;",
                "or a RAID 0 stripe sbench makes itself: stripe:CHUNK:DEV,DEV[,...] (e.g. stripe:64K:/dev/nvme0n1,/dev/nvme1n1)."})
    String target;

    @Option(names = "--out", paramLabel = "BUNDLE/", description = "The bundle directory to make (new, or empty).")
    Path out;

    @Option(names = "--resume", paramLabel = "BUNDLE/", description = "Continue this bundle at its first step not finished.")
    Path resume;

    @Option(names = "--json", description = "Print the bundle as one JSON document on standard output at the end, its head"
            + " (bundle.json) with its step log (steps.jsonl), each run named by its file in BUNDLE/; the steps' lines and"
            + " the table go to stderr.")
    boolean json;

    @Option(names = "--scale", paramLabel = "F",
            description = "Run on the first F of the target (0.000001 to 1), as on a drive F times the size, and multiply every"
                    + " duration and size the steps run (and the share of each trace replayed) by F, to try a scenario quickly;"
                    + " stated in the bundle.")
    Double scale;

    @Mixin
    TargetSizeOption size;

    @Mixin
    EngineOption engineOption;

    @Mixin
    TargetOptions targetOptions;

    @Mixin
    ProgressOptions progress;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        if ((out == null) == (resume == null)) {
            throw SbenchException.usage("give --out BUNDLE/ for a new bundle, or --resume BUNDLE/ to continue one");
        }
        if (resume == null && scenario == null) {
            throw SbenchException.usage("give the SCENARIO to run: a file, or a bundled scenario (sbench scenarios lists them)");
        }
        if (out != null && OutputPath.namesStdout(out)) {
            throw SbenchException.usage("--out -: a scenario's bundle is a directory (--resume continues it); name one, and --json"
                    + " prints the bundle on standard output");
        }
        OutputOptions.checkDirectory("--out", out);
        if (scale != null) {
            ScaledOption.checkScale(scale, TypedWords.of(spec, "--scale"));
        }
        Scenario s = scenario == null ? null : ScenarioFile.named(scenario);
        TargetSettings ts = size.applyTo(targetOptions.settings());
        String engine = spec.commandLine().getParseResult().hasMatchedOption("--engine") ? engineOption.engine : null;
        Path dir = resume != null ? resume : out;
        // A file this run creates needs no --allow-write now, and does to be written again by a resume.
        boolean writeAgain = targetOptions.allowWrite || Targets.namesANewFile(target);
        Path stdoutJson = OutputOptions.json(json);
        PrintWriter stdout = OutputOptions.text(spec, stdoutJson);
        ScenarioSession.Prepared prepared = ScenarioSession.prepare(new ScenarioSession.Request(s, dir, resume != null, scale, target,
                ts, engine), StepKinds.standard());
        // Made before the stop signals are taken, as replay makes its workload: a signal while one is made ends sbench at once.
        ProgressLine making = progress.line(spec);
        try {
            prepared.makeWorkloads(name -> TraceOptions.generating(making, name));
        } finally {
            making.end();
        }
        try (StopSignals stop = new StopSignals()) {
            stop.noteIgnoredCtrlC(spec.commandLine().getErr(), "");
            ProgressLine steps = progress.line(spec);
            Lines lines = new Lines(stdout, spec.commandLine().getErr(), steps);
            ScenarioOutcome o;
            try {
                o = prepared.run(NanoClock.SYSTEM, lines, new StepProgress(steps), stop.control(), SbenchCommand.version());
            } catch (SbenchException e) {
                if (lines.running != null) {
                    // A step failed (its files on a full disk): the bundle holds the steps before it, and telling the resume
                    // needs no disk. The error's line follows.
                    steps.end();
                    spec.commandLine().getErr().println(SbenchCommand.stderrText("INCOMPLETE: " + lines.running + " failed; '"
                            + resumeCommand(dir, writeAgain) + "' continues at the first step not finished"));
                    throw e;
                }
                if (lines.begun) {
                    // The steps are recorded; the bundle's end failed (bundle.json's status, report.html): a resume writes it.
                    spec.commandLine().getErr().println(SbenchCommand.stderrText("INCOMPLETE: the steps that ran are recorded in " + dir
                            + ", its end (bundle.json's status, report.html) is not; '" + resumeCommand(dir, writeAgain)
                            + "' writes it, and runs any step not finished"));
                    throw e;
                }
                // A stop while the steps are checked, before the first runs (a replay step plans its trace).
                return stop.abandoned(e, spec.commandLine().getErr(), "no step run");
            }
            summary(o, stdout, writeAgain);
            if (stdoutJson != null) {
                try (OutputFiles files = new OutputFiles()) {
                    new JsonResults().writeValue(BundleDirectory.open(o.bundleDir()).read(), stdoutJson, files);
                    files.commit();
                }
            }
            lines.ioErrors.forEach(line -> SbenchCommand.warn(spec.commandLine().getErr(), line));
            return ExitCodes.ofRun(stop, o.complete(), o.ioErrors());
        }
    }

    private void summary(ScenarioOutcome o, PrintWriter stdout, boolean writeAgain) {
        ScenarioBundle b = o.bundle();
        stdout.println();
        StepTable.of(b).print(stdout, "");
        String folded = StepTable.foldNote(b);
        if (folded != null) {
            stdout.println(folded);
        }
        StepTable.unwritten(b).forEach(stdout::println);
        StepTable.verdicts(b).forEach(stdout::println);
        if (!o.complete()) {
            stdout.println();
            stdout.println("INCOMPLETE: " + o.stopReason() + "; '" + resumeCommand(o.bundleDir(), writeAgain)
                    + "' continues at the first step not finished");
        }
        stdout.println("bundle   " + o.bundleDir() + " (" + b.bundle().steps().size() + " step records, " + ScenarioReport.FILE + ")");
        stdout.flush();
    }

    /**
     * The command that resumes the bundle with this run's target options: {@code --allow-write} also for a file this run created,
     * {@code --size} for the null target, whose capacity it is (without it the resume is on another drive, of 2^60 bytes).
     */
    private String resumeCommand(Path bundleDir, boolean writeAgain) {
        List<String> words = new ArrayList<>(List.of("sbench", "run", "--resume", bundleDir.toString(), "--target", target));
        if (size.size != null && NullTarget.NAME.equals(target)) {
            words.addAll(List.of("--size", size.size.toString()));
        }
        if (writeAgain) {
            words.add("--allow-write");
        }
        if (targetOptions.force) {
            words.add("--force");
        }
        if (targetOptions.allowMerges) {
            words.add("--allow-merges");
        }
        return String.join(" ", words);
    }

    /**
     * One line per step on stdout as it ends (and one per step a resumed bundle already holds); the IO
     * errors of each run of the steps this run ran, one line each for stderr at the end, as replay and
     * cdm say theirs; the step begun and not recorded done, if any ({@code running}).
     */
    private static final class Lines implements ScenarioListener {
        private static final double NS_PER_S = 1e9;
        private final PrintWriter out;
        private final PrintWriter err;
        private final ProgressLine progress;
        final List<String> ioErrors = new ArrayList<>();
        String running;
        /** True once the bundle holds a step, finished now or before. */
        boolean begun;

        /** {@code progress}: the steps' progress line, ended before a step's line (a step stopped in a purge or an idle wait left it open). */
        Lines(PrintWriter out, PrintWriter err, ProgressLine progress) {
            this.out = out;
            this.err = err;
            this.progress = progress;
        }

        @Override
        public void cut(String cut) {
            SbenchCommand.warn(err, "warning: " + cut + "; cut off, it runs again");
        }

        @Override
        public void finishedBefore(PlannedStep p, StepResult finished) {
            begun = true;
            out.println("step " + (p.ordinal() + 1) + "  " + finished.label() + "  finished before");
            out.flush();
        }

        @Override
        public void starting(PlannedStep p, String label, int plannedSteps) {
            running = "step " + (p.ordinal() + 1) + " (" + label + ")";
            out.println("step " + (p.ordinal() + 1) + " of at most " + plannedSteps + "  " + label);
            out.flush();
        }

        @Override
        public void done(PlannedStep p, StepResult r, StepNumbers n) {
            running = null;
            begun = true;
            progress.end();
            out.println("step " + (p.ordinal() + 1) + "  " + (r.complete() ? "done" : "stopped (" + r.stopReason() + ")") + "  "
                    + StepTable.f1(r.durationNs() / NS_PER_S) + " s, " + StepTable.f1(n.mbps()) + " MB/s, " + StepTable.f0(n.iops()) + " IOPS");
            out.flush();
            for (StepResult.NamedRun run : r.runs()) {
                String errors = IoErrorSummary.of(run.result());
                if (errors != null) {
                    String which = r.label() + (r.runs().size() > 1 ? ", " + run.name() : "");
                    ioErrors.add("IO error in step " + (p.ordinal() + 1) + " (" + which + "): " + errors);
                }
            }
        }
    }
}
