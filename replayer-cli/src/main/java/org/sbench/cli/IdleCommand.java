package org.sbench.cli;

import org.sbench.step.IdleStep;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code sbench idle --target T --duration 30m --probe 5m}: idle time for recovery, probed at each interval. */
@Command(name = "idle", mixinStandardHelpOptions = true,
        footer = {
            "  sbench idle --target /dev/sdb --allow-write --duration 30m",
            "  sbench idle --target /dev/sdb --duration 30m --probe 5m --probe-test randread"},
        description = {"Leave a drive idle for --duration to recover by its own garbage collection, probing it with a short"
                + " fixed test at the start, after each --probe of idle time and at the end (each probe a run).",
            "The default probe writes (5 s of 4 KiB random writes at QD 32 over the whole target): it needs --allow-write;"
                + " --probe-test randread or read probes without writing, none only waits."})
final class IdleCommand extends StepCommand {
    @Option(names = "--duration", paramLabel = "DURATION", description = "Idle time in all (e.g. 30m).")
    String duration;

    @Option(names = "--probe", paramLabel = "DURATION", description = "Idle time between probes (default 5m, or --duration"
            + " when shorter).")
    String probe;

    @Option(names = "--probe-test", paramLabel = "TEST", description = "randwrite (default), randread, write, read (sequential),"
            + " or none.")
    String probeTest;

    @Option(names = "--probe-duration", paramLabel = "DURATION", description = "Length of each probe (default 5s).")
    String probeDuration;

    @Option(names = "--probe-bs", paramLabel = "SIZE", description = "Probe IO size (default 4K).")
    String probeBs;

    @Option(names = "--probe-qd", paramLabel = "N", description = "Probe IOs kept outstanding (default " + IdleStep.DEFAULT_PROBE_QD
            + ").")
    String probeQd;

    @Option(names = "--data", paramLabel = "PATTERN", description = "Write data of a writing probe: random (default), zero, or"
            + " compress:PCT.")
    String data;

    @Mixin
    EngineOption engineOption;

    IdleCommand() {
        super(IdleStep::of, IdleStep.OPTIONS);
    }
}
