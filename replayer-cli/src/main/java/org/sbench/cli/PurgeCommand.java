package org.sbench.cli;

import org.sbench.step.PurgeStep;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code sbench purge --target T --allow-write}: erases a drive (TRIM of the whole device by default). */
@Command(name = "purge", mixinStandardHelpOptions = true,
        footer = {
            "  sbench purge --target /dev/sdb --allow-write",
            "  sbench purge --target /dev/sdb --allow-write --method zero --range 1G:512M"},
        description = {"Erase a drive, or --range of it, in chunks: TRIM (BLKDISCARD; a hole punched in a file), a secure discard,"
                + " or zeros written by the device (BLKZEROOUT; a zeroed range of a file). States what it destroys before it"
                + " starts.",
            "Destroys the data: needs --allow-write (and --force over a filesystem or partition table)."})
final class PurgeCommand extends StepCommand {
    @Option(names = "--method", paramLabel = "METHOD", description = "trim (default), secure-trim or zero.")
    String method;

    @Option(names = "--range", paramLabel = "OFFSET:LENGTH",
            description = "Only this range (sizes, e.g. 1G:512M; 1G: to the end; default: the whole target).")
    String range;

    PurgeCommand() {
        super(PurgeStep::of, PurgeStep.OPTIONS);
    }
}
