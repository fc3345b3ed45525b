package org.sbench.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.Callable;
import org.sbench.SbenchException;
import org.sbench.cdm.CdmGrid;
import org.sbench.cdm.CdmPreset;
import org.sbench.cdm.CdmResults;
import org.sbench.cdm.CdmSettings;
import org.sbench.cdm.CdmSuite;
import org.sbench.replay.NanoClock;
import org.sbench.result.IoErrorSummary;
import org.sbench.result.JsonResults;
import org.sbench.result.OutputFiles;
import org.sbench.target.TargetSettings;
import org.sbench.target.Targets;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code sbench cdm --target T}: the synthetic suite (CrystalDiskMark style) through the replay engine. */
@Command(name = "cdm", mixinStandardHelpOptions = true,
        footer = {
            "  sbench cdm --target /mnt/scratch/cdm.img",
            "  sbench cdm --target /dev/sdb --allow-write --preset v3 --size 1000M",
            "  sbench cdm --target /dev/sdb --allow-write --data both --out cdm/"},
        description = {"Run the synthetic suite (CrystalDiskMark style): sequential 1 MiB and random 4 KiB (v3: also 512 KiB)"
                + " reads and writes at fixed queue depths over a test region, best of --passes, printed as the familiar grid.",
            "Writes destroy data in the test region of a block device or an existing file: it needs --allow-write (and --force"
                + " over a filesystem or partition table); a file sbench creates needs neither."})
final class CdmCommand implements Callable<Integer> {
    @Option(names = "--target", required = true, paramLabel = "TARGET",
            description = {"A block device (its first --size bytes are the test region), a file (created or grown to --size), or null;",
                "or a RAID 0 stripe: stripe:CHUNK:DEV,DEV[,...] (e.g. stripe:64K:/dev/nvme0n1,/dev/nvme1n1)."})
    String target;

    @Option(names = "--preset", paramLabel = "v3|v8", defaultValue = "v8",
            description = "v8 (default: SEQ1M Q8T1, SEQ1M Q1T1, RND4K Q32T1, RND4K Q1T1, 5 s per pass) or v3 (Seq, 512K, 4K,"
                    + " 4K QD32, 6 s per pass after a warm-up pass).")
    String preset;

    @Option(names = "--size", paramLabel = "SIZE", converter = SizeConverter.class,
            description = "Test region (default 1G for v8, 1000M for v3), rounded down to whole MiB.")
    Long size;

    @Option(names = "--passes", paramLabel = "N", defaultValue = "" + CdmSettings.DEFAULT_PASSES,
            description = "Passes of each test and op, 1 to " + CdmSettings.MAX_PASSES + "; the best is reported (default ${DEFAULT-VALUE}).")
    int passes;

    @Option(names = "--duration", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "Time limit of each pass (default 5s for v8, 6s for v3, whose tests first run a warm-up pass);"
                    + " 0 makes each pass one sweep of the region.")
    Long durationNs;

    @Option(names = "--data", paramLabel = "PATTERN", defaultValue = "random",
            description = "Write (and fill) data: random (default, incompressible), zero (all 0x00), or both side by side.")
    String data;

    @Mixin
    EngineOption engineOption;

    @Mixin
    TargetOptions targetOptions;

    @Mixin
    ProgressOptions progress;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Write one JSON result per test, op and data pattern (for report and compare) and the grid as text;"
                    + " '-': as --json.")
    Path out;

    @Option(names = "--json", description = "Print the suite as one JSON document on standard output (the grid goes to stderr).")
    boolean json;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        CdmSettings settings = settings();
        // --size is the test region; a file is also grown to it, only when it is given (docs/targets.md); a device keeps its size.
        boolean sizesTarget = size != null && !Targets.usedWhole(target);
        TargetSettings targetSettings = sizesTarget ? targetOptions.settings().withSizeBytes(size, TypedWords.of(spec, "--size"))
                : targetOptions.settings();
        Path stdoutJson = OutputOptions.stdoutJson(json, out);
        Path dir = OutputOptions.directory(out);
        try (OutputDirectory outDir = dir == null ? null : new OutputDirectory("--out", dir);
             StopSignals stop = new StopSignals()) {
            stop.noteIgnoredCtrlC(spec.commandLine().getErr(), "");
            ProgressLine line = progress.line(spec);
            CdmResults results;
            try {
                results = CdmSuite.run(new CdmSuite.Request(target, targetSettings, settings, TypedWords.of(spec, "--size")), NanoClock.SYSTEM,
                        new CdmProgress(line, settings), stop.control(), SbenchCommand.version());
            } catch (SbenchException e) {
                line.end();
                return stop.abandoned(e, spec.commandLine().getErr(), "no result written");
            } finally {
                line.end();
            }
            report(results, outDir, stdoutJson);
            if (results.failedPass() != null) {
                SbenchCommand.warn(spec.commandLine().getErr(), results.stopReason() + ": " + IoErrorSummary.of(results.failedPass()));
            }
            return ExitCodes.ofRun(stop, results.complete(), results.errors());
        }
    }

    /** Prints the grid (on stderr with --json, the document on stdout) and writes the results into {@code outDir} when there is one. */
    private void report(CdmResults results, OutputDirectory outDir, Path stdoutJson) {
        PrintWriter stdout = OutputOptions.text(spec, stdoutJson);
        new CdmGrid(results).write(stdout);
        stdout.flush();
        if (stdoutJson != null) {
            try (OutputFiles files = new OutputFiles()) {
                new JsonResults().writeValue(results.document(), stdoutJson, files);
                files.commit();
            }
        }
        if (outDir != null) {
            int removed = write(results, outDir.path());
            outDir.keep();
            stdout.println();
            stdout.println("results  " + outDir.path() + " (" + results.entries().size() + " JSON results and "
                    + gridFile(results.settings().preset()) + ")");
            if (removed > 0) {
                stdout.println("         removed " + removed + " results of an earlier cdm " + results.settings().preset().word() + " in "
                        + outDir.path() + " that this run did not write again");
            }
        }
        stdout.flush();
    }

    private CdmSettings settings() {
        CdmPreset p = CdmPreset.of(preset);
        String typedPasses = TypedWords.of(spec, "--passes");
        if (typedPasses != null) {
            CdmSettings.checkPasses(passes, typedPasses);
        }
        CdmSettings s = CdmSettings.of(p).withPasses(passes).withEngine(engineOption.engine).withData(CdmSettings.dataPatterns(data));
        if (size != null) {
            CdmSettings.checkSize(size, TypedWords.of(spec, "--size"));
            s = s.withSizeBytes(size);
        }
        if (durationNs != null) {
            s = s.withDurationNs(durationNs);
        }
        return s;
    }


    private static String gridFile(CdmPreset preset) {
        return "cdm-" + preset.word() + ".txt";
    }

    /**
     * The results and the grid, which appear together or not at all; then removes the results an earlier
     * run of the preset left in {@code dir} that this run did not write over (other tests or data
     * patterns), which its grid does not hold. Returns how many it removed.
     */
    private static int write(CdmResults results, Path dir) {
        JsonResults json = new JsonResults();
        CdmPreset preset = results.settings().preset();
        Set<Path> written = new HashSet<>();
        try (OutputFiles files = new OutputFiles()) {
            for (CdmResults.Entry e : results.entries()) {
                Path file = dir.resolve(e.fileName(preset));
                json.write(e.best(), file, files);
                written.add(file);
            }
            StringWriter grid = new StringWriter();
            new CdmGrid(results).write(new PrintWriter(grid));
            files.write(dir.resolve(gridFile(preset)), w -> w.write(grid.toString()));
            files.commit();
        }
        int removed = 0;
        try (DirectoryStream<Path> earlier = Files.newDirectoryStream(dir, "cdm-" + preset.word() + "-*.json")) {
            for (Path file : earlier) {
                if (!written.contains(file) && Files.deleteIfExists(file)) {
                    removed++;
                }
            }
        } catch (IOException e) {
            throw SbenchException.ioFailure("remove the earlier results in", dir, e);
        }
        return removed;
    }
}
