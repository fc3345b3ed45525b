package org.sbench.cli;

import org.sbench.step.SweepStep;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code sbench sweep --target T}: MB/s against position over the whole target (the HD Tune / zcav picture). */
@Command(name = "sweep", mixinStandardHelpOptions = true,
        footer = {
            "  sbench sweep --target /dev/sdb",
            "  sbench sweep --target /dev/sdb --allow-write --op write --points 50"},
        description = {"Measure MB/s against position: --points points spread from the first byte of the target to the last,"
                + " --per-point bytes read (or written) at each in sequential IOs of --bs.",
            "A write sweep destroys the data at the points: it needs --allow-write (and --force over a filesystem or partition"
                + " table); a read sweep changes nothing."})
final class SweepCommand extends StepCommand {
    @Option(names = "--op", paramLabel = "read|write", description = "Read (default) or write.")
    String op;

    @Option(names = "--points", paramLabel = "N", description = "Points (default " + SweepStep.DEFAULT_POINTS + ", at most "
            + SweepStep.MAX_POINTS + ").")
    String points;

    @Option(names = "--bs", paramLabel = "SIZE", description = "IO size (default 1M).")
    String bs;

    @Option(names = "--per-point", paramLabel = "SIZE", description = "Bytes at each point (default auto: 64M, or the capacity /"
            + " points where that is less; auto:SIZE: SIZE, or that).")
    String perPoint;

    @Option(names = "--qd", paramLabel = "N", description = "IOs kept outstanding (default " + SweepStep.DEFAULT_QD + ").")
    String qd;

    @Option(names = "--data", paramLabel = "PATTERN", description = "Write data of a write sweep: random (default), zero, or compress:PCT.")
    String data;

    @Mixin
    EngineOption engineOption;

    SweepCommand() {
        super(SweepStep::of, SweepStep.OPTIONS);
    }
}
