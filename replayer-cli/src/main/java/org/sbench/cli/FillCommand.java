package org.sbench.cli;

import org.sbench.step.FillStep;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code sbench fill --target T --allow-write}: sequential preconditioning (SNIA PTS: 2 x the capacity in 128 KiB writes). */
@Command(name = "fill", mixinStandardHelpOptions = true,
        footer = {
            "  sbench fill --target /dev/sdb --allow-write",
            "  sbench fill --target /dev/sdb --allow-write --percent 50 --out fill/"},
        description = {"Precondition a drive: sequential writes over the first --percent of it, --passes times, each pass a run"
                + " with its MB/s per second (SNIA PTS workload-independent preconditioning: 2 x the capacity in 128 KiB writes).",
            "Destroys the data there: needs --allow-write (and --force over a filesystem or partition table)."})
final class FillCommand extends StepCommand {
    @Option(names = "--percent", paramLabel = "PCT", description = "Share of the target written by each pass (default 100%%).")
    String percent;

    @Option(names = "--passes", paramLabel = "N", description = "Passes over it (default " + FillStep.DEFAULT_PASSES + ").")
    String passes;

    @Option(names = "--bs", paramLabel = "SIZE", description = "IO size (default 128K).")
    String bs;

    @Option(names = "--data", paramLabel = "PATTERN", description = "Write data: random (default), zero, or compress:PCT.")
    String data;

    @Option(names = "--qd", paramLabel = "N", description = "IOs kept outstanding (default " + FillStep.DEFAULT_QD + ").")
    String qd;

    @Mixin
    EngineOption engineOption;

    FillCommand() {
        super(FillStep::of, FillStep.OPTIONS);
    }
}
