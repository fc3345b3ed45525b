package org.sbench.cli;

import org.sbench.step.TortureStep;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code sbench torture --target T --allow-write --duration 20m}: random writes, with their per-second degradation curve. */
@Command(name = "torture", mixinStandardHelpOptions = true,
        footer = {
            "  sbench torture --target /dev/sdb --allow-write --duration 20m",
            "  sbench torture --target /dev/sdb --allow-write --until steady"},
        description = {"Wear a drive down with random writes over --span of it at a fixed depth, recording IOPS, MB/s and"
                + " latency per second (the degradation curve); --until steady runs rounds until the rounds' IOPS are in SNIA PTS"
                + " steady state (at most 25 rounds).",
            "Destroys the data there: needs --allow-write (and --force over a filesystem or partition table)."})
final class TortureCommand extends StepCommand {
    @Option(names = "--duration", paramLabel = "DURATION", description = "How long to write (e.g. 20m); not with --until steady.")
    String duration;

    @Option(names = "--bs", paramLabel = "SIZE", description = "IO size (default 4K).")
    String bs;

    @Option(names = "--qd", paramLabel = "N", description = "IOs kept outstanding (default " + TortureStep.DEFAULT_QD + ").")
    String qd;

    @Option(names = "--span", paramLabel = "PCT|SIZE", description = "Part of the target written, from offset 0 (default 100%%).")
    String span;

    @Option(names = "--until", paramLabel = "steady",
            description = "steady: rounds of --round until the last 5 rounds' IOPS are in steady state (SNIA PTS), at most 25.")
    String until;

    @Option(names = "--round", paramLabel = "DURATION", description = "With --until steady: a round's length (default 1m).")
    String round;

    @Option(names = "--data", paramLabel = "PATTERN", description = "Write data: random (default), zero, or compress:PCT.")
    String data;

    @Mixin
    EngineOption engineOption;

    TortureCommand() {
        super(TortureStep::of, TortureStep.OPTIONS);
    }
}
